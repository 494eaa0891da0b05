// The DAO's SQL is not visible, but tryClaim on a project type is a claim by name; its result is dropped and the
// message is sent anyway.
package com.example.p005.pos07;

import org.springframework.kafka.core.KafkaTemplate;
import org.springframework.kafka.annotation.KafkaListener;

public class InvoiceRequestConsumer {

    private InvoiceTaskDao dao;
    private KafkaTemplate<String, String> kafka;

    @KafkaListener(topics = "invoice.request")
    public void on(String taskId) {
        dao.tryClaim(taskId, "worker-7"); // expect: IDEM005
        kafka.send("invoice.issue", taskId);
    }
}

interface InvoiceTaskDao {
    boolean tryClaim(String taskId, String owner);
}
