// The etcd claim logs a version mismatch and then PUTs the caller's record with no compare-and-swap transaction.
package com.example.pos21;

import io.etcd.jetcd.ByteSequence;
import io.etcd.jetcd.Client;
import io.etcd.jetcd.KeyValue;

public class EtcdParticipantRepository implements ParticipantRepository {

    private Client client;

    @Override
    public boolean lockParticipant(Participant p) {
        final int currentVersion = p.getVersion();
        String path = "/participants/" + p.getId();
        try {
            KeyValue kv = read(path);
            if (kv == null) {
                return false;
            }
            if (currentVersion != kv.getVersion()) {
                System.err.println("version differs");
            }
            p.setVersion(currentVersion + 1);
            client.getKVClient().put(ByteSequence.from(path.getBytes()), ByteSequence.from(p.serialize())); // expect: IDEM003 "getKVClient().put"
            return true;
        } catch (RuntimeException e) {
            return false;
        }
    }

    private KeyValue read(String path) {
        return null;
    }
}
