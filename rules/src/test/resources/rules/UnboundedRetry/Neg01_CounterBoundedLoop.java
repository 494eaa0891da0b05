// while (true) with an attempt counter compared to a maximum that rethrows at the ceiling: bounded.
package com.example.e006.neg01;

public class Uploader {
    private static final int MAX_ATTEMPTS = 5;
    private final Storage storage;

    public Uploader(Storage storage) {
        this.storage = storage;
    }

    public void upload(byte[] data) throws InterruptedException {
        int attempt = 0;
        while (true) {
            try {
                storage.put("k", data);
                return;
            } catch (RuntimeException e) {
                if (++attempt >= MAX_ATTEMPTS) {
                    throw e;
                }
                Thread.sleep(200L * attempt);
            }
        }
    }
}

interface Storage {
    void put(String key, byte[] data);
}
