// A connection pool's XAResource wrapper only delegates prepare and recover to the driver's resource: the transaction
// manager that calls it (outside this project) coordinates and recovers. No finding.
package com.example.e008.neg16;

import javax.transaction.xa.XAException;
import javax.transaction.xa.XAResource;
import javax.transaction.xa.Xid;

public abstract class PooledXaResource implements XAResource {

    private XAResource driver;

    @Override
    public int prepare(Xid xid) throws XAException {
        return driver.prepare(xid);
    }

    @Override
    public Xid[] recover(int flag) throws XAException {
        return driver.recover(flag);
    }

    @Override
    public void commit(Xid xid, boolean onePhase) throws XAException {
        driver.commit(xid, onePhase);
    }
}
