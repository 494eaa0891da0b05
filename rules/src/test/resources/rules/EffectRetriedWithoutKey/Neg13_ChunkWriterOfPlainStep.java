// The same writer in a step that is not fault tolerant: a failed write fails the step, nothing calls the writer again within the run (a restart is IDEM001's concern, not a retry).
package com.example.e010.neg13;

import org.springframework.batch.core.Step;
import org.springframework.batch.core.repository.JobRepository;
import org.springframework.batch.core.step.builder.StepBuilder;
import org.springframework.batch.item.Chunk;
import org.springframework.batch.item.ItemReader;
import org.springframework.batch.item.ItemWriter;
import org.springframework.transaction.PlatformTransactionManager;

public class PlainSmsStepConfig {

    public Step smsStep(JobRepository repo, PlatformTransactionManager tx, ItemReader<Alert> reader, SmsWriter writer) {
        return new StepBuilder("sms", repo)
                .<Alert, Alert>chunk(20, tx)
                .reader(reader)
                .writer(writer)
                .build();
    }
}

class SmsWriter implements ItemWriter<Alert> {

    private final SmsGateway sms;

    SmsWriter(SmsGateway sms) {
        this.sms = sms;
    }

    @Override
    public void write(Chunk<? extends Alert> chunk) {
        for (Alert a : chunk) {
            sms.sendSms(a.phone(), a.text());
        }
    }
}

interface SmsGateway {
    void sendSms(String phone, String text);
}

record Alert(long id, String phone, String text) {
}
