// setData is given the version the caller listed the node with: a BadVersionException (caught, false) means another
// scheduler claimed it first.
package com.example.p003.neg39;

import org.apache.zookeeper.KeeperException;
import org.apache.zookeeper.ZooKeeper;

public class ZkJobStore {

    private ZooKeeper zooKeeper;

    public boolean claimJob(JobNode job) {
        try {
            zooKeeper.setData("/jobs/" + job.getName(), job.bytes(), job.getVersion());
            return true;
        } catch (KeeperException | InterruptedException e) {
            return false;
        }
    }
}

class ZkFailover {

    private ZkJobStore store;

    void takeOver(JobNode job) {
        if (store.claimJob(job)) {
            job.start();
        }
    }
}

class JobNode {
    private String name;
    private int version;
    private String state;

    String getName() { return name; }
    int getVersion() { return version; }
    String getState() { return state; }
    byte[] bytes() { return new byte[0]; }
    void start() { }
}
