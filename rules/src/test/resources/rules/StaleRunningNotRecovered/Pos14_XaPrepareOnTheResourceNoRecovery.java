// A transfer between two databases prepares both XA branches itself and then commits them; nothing in the project
// ever lists in-doubt branches. Two findings: one per prepare.
package com.example.e008.pos14;

import javax.sql.XAConnection;
import javax.transaction.xa.XAException;
import javax.transaction.xa.XAResource;
import javax.transaction.xa.Xid;

public class TwoDatabaseTransfer {

    public void transfer(XAConnection from, XAConnection to, Xid a, Xid b) throws Exception {
        XAResource ra = from.getXAResource();
        XAResource rb = to.getXAResource();
        int va = ra.prepare(a); // expect: IDEM008 "XAResource.prepare"
        int vb = rb.prepare(b); // expect: IDEM008
        if (va == XAResource.XA_OK && vb == XAResource.XA_OK) {
            ra.commit(a, false);
            rb.commit(b, false);
        } else {
            ra.rollback(a);
            rb.rollback(b);
        }
    }
}
