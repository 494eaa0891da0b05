// while (true) around a call whose failure is caught, logged and retried after a pause: no counter, no deadline.
package com.example.e006.pos01;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

public class ReportUploader {
    private static final Logger log = LoggerFactory.getLogger(ReportUploader.class);
    private final Storage storage;

    public ReportUploader(Storage storage) {
        this.storage = storage;
    }

    public void upload(byte[] report) throws InterruptedException {
        while (true) { // expect: IDEM006 "retried forever"
            try {
                storage.put("reports/today.csv", report);
                break;
            } catch (RuntimeException e) {
                log.warn("upload failed, retrying", e);
                Thread.sleep(1000L);
            }
        }
    }
}

interface Storage {
    void put(String key, byte[] data);
}
