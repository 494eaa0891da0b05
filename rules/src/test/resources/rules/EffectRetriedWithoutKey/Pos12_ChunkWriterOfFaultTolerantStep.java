// A chunk writer sends one SMS per item; the step is fault tolerant (skip on failure), so a failed write makes Spring Batch call the writer again item by item and the SMS already sent go out again.
package com.example.e010.pos12;

import org.springframework.batch.core.Step;
import org.springframework.batch.core.repository.JobRepository;
import org.springframework.batch.core.step.builder.StepBuilder;
import org.springframework.batch.item.Chunk;
import org.springframework.batch.item.ItemReader;
import org.springframework.batch.item.ItemWriter;
import org.springframework.transaction.PlatformTransactionManager;

public class SmsStepConfig {

    public Step smsStep(JobRepository repo, PlatformTransactionManager tx, ItemReader<Alert> reader, SmsWriter writer) {
        return new StepBuilder("sms", repo)
                .<Alert, Alert>chunk(20, tx)
                .reader(reader)
                .writer(writer)
                .faultTolerant()
                .skip(IllegalStateException.class)
                .skipLimit(10)
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
            sms.sendSms(a.phone(), a.text()); // expect: IDEM010 "fault-tolerant step"
        }
    }
}

interface SmsGateway {
    void sendSms(String phone, String text);
}

record Alert(long id, String phone, String text) {
}
