// A project helper that blocks until it holds a ZooKeeper mutex returns true or throws: there is no answer to ignore.
// It is a lock (IDEM009 looks at what runs under it), not a row claim.
package com.example.n005.neg22;

import java.util.List;
import org.apache.curator.framework.recipes.locks.InterProcessMutex;

class RegistryClient {
    private InterProcessMutex mutex;

    boolean acquireLock(String path) throws Exception {
        mutex.acquire();
        return true;
    }

    void releaseLock(String path) throws Exception {
        mutex.release();
    }
}

public class Coordinator {
    private RegistryClient registryClient;
    private GroupMapper groupMapper;

    public void round() throws Exception {
        registryClient.acquireLock("/lock/coordinator");
        try {
            groupMapper.recountUsage();
        } finally {
            registryClient.releaseLock("/lock/coordinator");
        }
    }
}

interface GroupMapper {
    int recountUsage();
}
