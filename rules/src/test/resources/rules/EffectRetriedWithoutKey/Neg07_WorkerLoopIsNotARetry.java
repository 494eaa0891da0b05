// A worker loop takes a new message each iteration and logs failures: nothing is tried twice, so no retry.
package com.example.e010.neg07;

import java.util.concurrent.BlockingQueue;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

public class SmsWorker implements Runnable {
    private static final Logger log = LoggerFactory.getLogger(SmsWorker.class);
    private final BlockingQueue<Sms> queue;
    private final SmsGateway gateway;

    public SmsWorker(BlockingQueue<Sms> queue, SmsGateway gateway) {
        this.queue = queue;
        this.gateway = gateway;
    }

    @Override
    public void run() {
        while (true) {
            try {
                Sms sms = queue.take();
                gateway.sendSms(sms.phone(), sms.text());
            } catch (Exception e) {
                log.warn("sms failed", e);
            }
        }
    }
}

interface SmsGateway {
    void sendSms(String phone, String text);
}

record Sms(String phone, String text) {
}
