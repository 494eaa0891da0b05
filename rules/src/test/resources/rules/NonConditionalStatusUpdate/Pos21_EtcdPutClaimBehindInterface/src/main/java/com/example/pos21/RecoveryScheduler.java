package com.example.pos21;

import java.util.List;

public class RecoveryScheduler {

    private ParticipantRepository repository;

    public void recover(List<Participant> listed) {
        for (Participant p : listed) {
            final boolean successful = repository.lockParticipant(p);
            if (successful) {
                compensate(p);
            }
        }
    }

    private void compensate(Participant p) {
    }
}
