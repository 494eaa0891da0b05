// The same two-phase transfer, but the coordinator logs its decision and, at start-up, lists the in-doubt branches of
// each resource with XAResource.recover and finishes them: prepared branches of a dead run are recovered. No finding.
package com.example.e008.neg15;

import java.util.Set;
import javax.transaction.xa.XAException;
import javax.transaction.xa.XAResource;
import javax.transaction.xa.Xid;

public class RecoveringCoordinator {

    private Set<Xid> committed;

    public void transfer(XAResource ra, XAResource rb, Xid a, Xid b) throws XAException {
        int va = ra.prepare(a);
        int vb = rb.prepare(b);
        if (va == XAResource.XA_OK && vb == XAResource.XA_OK) {
            committed.add(a);
            ra.commit(a, false);
            rb.commit(b, false);
        }
    }

    public void recoverAtStartup(XAResource resource) throws XAException {
        for (Xid x : resource.recover(XAResource.TMSTARTRSCAN | XAResource.TMENDRSCAN)) {
            if (committed.contains(x)) {
                resource.commit(x, false);
            } else {
                resource.rollback(x);
            }
        }
    }
}
