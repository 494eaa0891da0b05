// The claim takes a distributed lock on the record, re-reads it, returns false when the stored version is not the one
// the caller listed, and only then writes: the lock serialises the compare and the write.
package com.example.p003.neg43;

import org.redisson.api.RLock;
import org.redisson.api.RedissonClient;
import redis.clients.jedis.Jedis;

public class LockedClaims {

    private RedissonClient redisson;
    private Jedis jedis;

    public boolean lockTask(Task task) {
        RLock lock = redisson.getLock("task:" + task.getId());
        lock.lock();
        try {
            Task stored = Task.parse(jedis.hget("tasks", String.valueOf(task.getId())));
            if (stored.getVersion() != task.getVersion()) {
                return false;
            }
            task.setVersion(task.getVersion() + 1);
            jedis.hset("tasks", String.valueOf(task.getId()), task.json());
            return true;
        } finally {
            lock.unlock();
        }
    }
}

class Sweeper {

    private LockedClaims claims;

    void sweep(Task t) {
        if (claims.lockTask(t)) {
            t.rerun();
        }
    }
}

class Task {
    private long id;
    private int version;
    private String status;

    static Task parse(String s) { return new Task(); }
    long getId() { return id; }
    int getVersion() { return version; }
    void setVersion(int v) { version = v; }
    String getStatus() { return status; }
    String json() { return "{}"; }
    void rerun() { }
}
