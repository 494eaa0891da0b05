// A JDK lock's tryLock is not a claim of a row: no finding.
package com.example.n005.neg08;

import java.util.concurrent.locks.Lock;
import java.util.concurrent.locks.ReentrantLock;
import org.springframework.web.client.RestTemplate;

public class LocalRefresher {

    private final Lock lock = new ReentrantLock();
    private RestTemplate rest;

    public void refresh() {
        lock.tryLock();
        try {
            rest.postForObject("https://cache.example.com/refresh", "x", String.class);
        } finally {
            lock.unlock();
        }
    }
}
