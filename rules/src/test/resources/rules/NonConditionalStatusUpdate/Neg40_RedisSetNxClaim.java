// SET .. NX stores only when the key is absent: the first run wins, and the claim returns what SET answered. A
// write with NX whose result is discarded is conditional too.
package com.example.p003.neg40;

import redis.clients.jedis.Jedis;
import redis.clients.jedis.params.SetParams;

public class RedisClaims {

    private Jedis jedis;

    public boolean claim(Job job) {
        return "OK".equals(jedis.set("claim:" + job.getId(), job.json(), SetParams.setParams().nx().ex(300)));
    }

    public boolean tryMark(Job job) {
        SetParams onlyIfAbsent = SetParams.setParams().nx();
        jedis.set("mark:" + job.getId(), job.json(), onlyIfAbsent);
        return true;
    }
}

class Runner {

    private RedisClaims claims;

    void run(Job job) {
        if (claims.claim(job)) {
            job.execute();
        }
        if (claims.tryMark(job)) {
            job.execute();
        }
    }
}

class Job {
    private long id;
    private String status;

    long getId() { return id; }
    String getStatus() { return status; }
    String json() { return "{}"; }
    void execute() { }
}
