// WATCH/MULTI: the HSET is queued in a transaction that EXEC discards when the watched key changed, and the claim
// returns whether EXEC ran it.
package com.example.p003.neg44;

import redis.clients.jedis.Jedis;
import redis.clients.jedis.Transaction;

public class WatchedClaims {

    private Jedis jedis;

    public boolean claim(Item item) {
        jedis.watch("item:" + item.getId());
        Transaction tx = jedis.multi();
        tx.hset("item:" + item.getId(), "body", item.json());
        return tx.exec() != null;
    }
}

class Worker {

    private WatchedClaims claims;

    void work(Item item) {
        if (claims.claim(item)) {
            item.process();
        }
    }
}

class Item {
    private long id;
    private String status;

    long getId() { return id; }
    String getStatus() { return status; }
    String json() { return "{}"; }
    void process() { }
}
