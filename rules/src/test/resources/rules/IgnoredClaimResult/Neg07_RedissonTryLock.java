// Redisson locks are locks, not row claims (IDEM009's business): tryLock on RLock, also reached through a chained
// getLock(..), is not reported here even when its result is dropped.
package com.example.n005.neg07;

import java.util.concurrent.TimeUnit;
import org.redisson.api.RLock;
import org.redisson.api.RedissonClient;
import org.springframework.web.client.RestTemplate;

public class SyncJob {

    private RedissonClient redisson;
    private RestTemplate rest;

    public void run() throws InterruptedException {
        RLock lock = redisson.getLock("sync-job");
        lock.tryLock(0, 60, TimeUnit.SECONDS);
        rest.postForObject("https://erp.example.com/sync", "all", String.class);
        redisson.getLock("sync-job-2").tryLock();
        rest.postForObject("https://erp.example.com/sync", "delta", String.class);
        lock.unlock();
    }
}
