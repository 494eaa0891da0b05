// setData is given the version the claim has just read with exists(), not the version the caller listed: a second
// scheduler that listed the node before the first claim still succeeds.
package com.example.p003.pos22;

import org.apache.zookeeper.KeeperException;
import org.apache.zookeeper.ZooKeeper;
import org.apache.zookeeper.data.Stat;

public class ZkJobStore {

    private ZooKeeper zooKeeper;

    public boolean claimJob(JobNode job) {
        String path = "/jobs/" + job.getName();
        try {
            Stat stat = zooKeeper.exists(path, false);
            if (stat == null) {
                return false;
            }
            zooKeeper.setData(path, job.bytes(), stat.getVersion()); // expect: IDEM003 "has just read itself"
            return true;
        } catch (KeeperException | InterruptedException e) {
            return false;
        }
    }
}

class ZkFailover {

    private ZkJobStore store;

    void takeOver(JobNode job) {
        if (!store.claimJob(job)) {
            return;
        }
        job.start();
    }
}

class JobNode {
    private String name;
    private String state;

    String getName() { return name; }
    String getState() { return state; }
    byte[] bytes() { return new byte[0]; }
    void start() { }
}
