// A recovery "claim" over Redis: an existence check, then an unconditional HSET of the caller's whole record (its
// status included), and true whatever was stored there. Two schedulers that listed the same task both win.
package com.example.p003.pos20;

import redis.clients.jedis.Jedis;

public class TaskStore {

    private Jedis jedis;

    public boolean lockTask(RecoveryTask task) {
        String key = "task:" + task.getId();
        if (!jedis.hexists("tasks", key)) {
            return false;
        }
        task.setVersion(task.getVersion() + 1);
        jedis.hset("tasks", key, task.toJson()); // expect: IDEM003 "returns true whoever wrote in between"
        return true;
    }
}

class RecoveryJob {

    private TaskStore store;

    void recover(java.util.List<RecoveryTask> listed) {
        for (RecoveryTask t : listed) {
            if (store.lockTask(t)) {
                t.rerun();
            }
        }
    }
}

class RecoveryTask {
    private long id;
    private int version;
    private int status;

    long getId() { return id; }
    int getVersion() { return version; }
    void setVersion(int v) { version = v; }
    int getStatus() { return status; }
    String toJson() { return "{}"; }
    void rerun() { }
}
