package demo;

import java.util.concurrent.ExecutorService;

public class Worker {
    static final String NOTE = "docs: redis.call('setnx', k, v) then pexpire is how the old lock worked";
    ExecutorService pool;

    public void go(Runnable r) {
        pool.execute(r);
    }
}
