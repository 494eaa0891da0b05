// Status-like columns beyond status/state: a numeric handle_code (0 -> 1), a synced flag (0 -> 1) and a phase (PENDING -> RUNNING_EXECUTION -> DONE) select the work and record it; each push runs before its record, so a crash between them pushes again: findings on each push.
package com.example.pos118;

import java.util.List;
import org.apache.ibatis.annotations.Mapper;
import org.apache.ibatis.annotations.Param;
import org.apache.ibatis.annotations.Select;
import org.apache.ibatis.annotations.Update;
import org.springframework.scheduling.annotation.Scheduled;
import org.springframework.web.client.RestTemplate;

public class SyncJob {

    private final EventMapper events;
    private final RestTemplate rest;

    public SyncJob(EventMapper events, RestTemplate rest) {
        this.events = events;
        this.rest = rest;
    }

    @Scheduled(fixedDelay = 60_000)
    public void handle() {
        for (Event e : events.selectUnhandled()) {
            rest.postForObject("https://partner.example/events", e, String.class); // expect: IDEM001
            events.markHandled(e.getId());
        }
    }

    @Scheduled(fixedDelay = 60_000)
    public void sync() {
        for (Event e : events.selectUnsynced()) {
            rest.postForObject("https://partner.example/sync", e, String.class); // expect: IDEM001
            events.markSynced(e.getId());
        }
    }

    @Scheduled(fixedDelay = 60_000)
    public void advance() {
        for (Event e : events.selectPendingPhase()) {
            rest.postForObject("https://partner.example/phase", e, String.class); // expect: IDEM001
            events.finishPhase(e.getId());
        }
    }
}

@Mapper
interface EventMapper {
    @Select("SELECT id, payload FROM sync_event WHERE handle_code = 0")
    List<Event> selectUnhandled();

    @Update("UPDATE sync_event SET handle_code = 1 WHERE id = #{id}")
    int markHandled(@Param("id") long id);

    @Select("SELECT id, payload FROM sync_event WHERE synced = 0")
    List<Event> selectUnsynced();

    @Update("UPDATE sync_event SET synced = 1 WHERE id = #{id}")
    int markSynced(@Param("id") long id);

    @Select("SELECT id, payload FROM sync_event WHERE phase = 'PENDING'")
    List<Event> selectPendingPhase();

    @Update("UPDATE sync_event SET phase = 'DONE' WHERE id = #{id}")
    int finishPhase(@Param("id") long id);
}

class Event {
    private long id;

    public long getId() { return id; }
}
