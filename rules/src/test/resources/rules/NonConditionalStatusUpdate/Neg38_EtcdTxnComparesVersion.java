// A real compare-and-set on etcd: the put runs in a transaction that compares the key's version with the one the
// caller read, and the claim returns whether the transaction succeeded.
package com.example.p003.neg38;

import io.etcd.jetcd.ByteSequence;
import io.etcd.jetcd.Client;
import io.etcd.jetcd.kv.TxnResponse;
import io.etcd.jetcd.op.Cmp;
import io.etcd.jetcd.op.CmpTarget;
import io.etcd.jetcd.op.Op;
import io.etcd.jetcd.options.PutOption;

public class EtcdClaims {

    private Client client;

    public boolean lockParticipant(Participant p) throws Exception {
        ByteSequence key = ByteSequence.from(("/p/" + p.getId()).getBytes());
        TxnResponse r = client.getKVClient().txn()
                .If(new Cmp(key, Cmp.Op.EQUAL, CmpTarget.version(p.getVersion())))
                .Then(Op.put(key, ByteSequence.from(p.bytes()), PutOption.DEFAULT))
                .commit().get();
        return r.isSucceeded();
    }
}

class Recovery {

    private EtcdClaims claims;

    void run(Participant p) throws Exception {
        if (claims.lockParticipant(p)) {
            p.compensate();
        }
    }
}

class Participant {
    private long id;
    private long version;
    private int status;

    long getId() { return id; }
    long getVersion() { return version; }
    int getStatus() { return status; }
    byte[] bytes() { return new byte[0]; }
    void compensate() { }
}
