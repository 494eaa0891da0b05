// A home-grown two-phase-commit coordinator prepares every branch through its own wrapper of XAResource, then commits
// them. The decision is kept in memory only; the one method that lists in-doubt branches is private and nothing calls
// it, and a SQL sweep of the job table does not finish prepared branches. A coordinator that dies between the two
// phases leaves the branches prepared, holding their locks, for good. Finding at the prepare of the coordinator, not
// at the wrapper's delegating prepares.
package com.example.e008.pos13;

import java.util.ArrayList;
import java.util.List;
import javax.transaction.xa.XAException;
import javax.transaction.xa.XAResource;
import javax.transaction.xa.Xid;
import org.apache.ibatis.annotations.Update;

public class BranchCoordinator {

    private final List<BranchResource> branches = new ArrayList<>();

    public boolean twoPhaseCommit() throws XAException {
        for (BranchResource b : branches) {
            if (b.prepare() != XAResource.XA_OK) { // expect: IDEM008 "prepared state"
                return false;
            }
        }
        for (BranchResource b : branches) {
            b.commitBranch();
        }
        return true;
    }

    private List<Xid> inDoubt(XAResource resource) throws XAException {
        List<Xid> out = new ArrayList<>();
        for (Xid x : resource.recover(XAResource.TMSTARTRSCAN)) {
            out.add(x);
        }
        return out;
    }
}

abstract class BranchResource implements XAResource {

    private XAResource delegate;
    private Xid xid;

    @Override
    public int prepare(Xid x) throws XAException {
        return delegate.prepare(x);
    }

    @Override
    public Xid[] recover(int flags) throws XAException {
        return delegate.recover(flags);
    }

    public int prepare() throws XAException {
        return prepare(xid);
    }

    public void commitBranch() throws XAException {
        delegate.commit(xid, false);
    }
}

interface JobMapper {
    @Update("UPDATE job SET status = 'PENDING' WHERE status = 'RUNNING' AND updated_at < NOW() - INTERVAL 10 MINUTE")
    int recoverStale();
}
