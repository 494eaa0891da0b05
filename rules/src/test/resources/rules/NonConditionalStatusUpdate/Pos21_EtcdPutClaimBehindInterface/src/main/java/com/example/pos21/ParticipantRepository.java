package com.example.pos21;

/** The repository SPI: the scheduler calls the claim through it. */
public interface ParticipantRepository {
    boolean lockParticipant(Participant p);
}
