// The claim goes through the project's Redis client wrapper; every implementation runs a plain HSET.
package com.example.pos24;

public class TransactionRepository {

    private RedisClient redisClient;

    public boolean lockTransaction(GlobalTransaction tx) {
        if (!redisClient.hexists("tx", tx.getId())) {
            return false;
        }
        tx.setRetry(tx.getRetry() + 1);
        redisClient.hset("tx", tx.getId(), tx.json()); // expect: IDEM003 "with redisClient.hset() ("
        return true;
    }
}
