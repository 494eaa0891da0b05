// Curator setData().forPath(..) without withVersion(..) overwrites the node whatever version it has.
package com.example.p003.pos23;

import org.apache.curator.framework.CuratorFramework;

public class LeaseRegistry {

    private CuratorFramework curator;

    public boolean tryLease(Lease lease) throws Exception {
        String path = "/leases/" + lease.getKey();
        if (curator.checkExists().forPath(path) == null) {
            return false;
        }
        lease.setOwner("me");
        curator.setData().forPath(path, lease.encode()); // expect: IDEM003 "setData().forPath"
        return true;
    }
}

class LeaseWorker {

    private LeaseRegistry registry;

    void work(Lease lease) throws Exception {
        boolean mine = registry.tryLease(lease);
        if (mine) {
            lease.run();
        }
    }
}

class Lease {
    private String key;
    private String owner;
    private String leaseStatus;

    String getKey() { return key; }
    void setOwner(String o) { owner = o; }
    String getLeaseStatus() { return leaseStatus; }
    byte[] encode() { return new byte[0]; }
    void run() { }
}
