// Twin of Pos118: plain columns that are no state (amount, name, updated_by) neither select the work by state nor record it; an update of one after the push records nothing, so there is no effect-then-record shape: no finding.
package com.example.neg112;

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
            rest.postForObject("https://partner.example/events", e, String.class);
            events.markHandled(e.getId());
        }
    }

    @Scheduled(fixedDelay = 60_000)
    public void sync() {
        for (Event e : events.selectUnsynced()) {
            rest.postForObject("https://partner.example/sync", e, String.class);
            events.markSynced(e.getId());
        }
    }

    @Scheduled(fixedDelay = 60_000)
    public void advance() {
        for (Event e : events.selectPendingPhase()) {
            rest.postForObject("https://partner.example/phase", e, String.class);
            events.finishPhase(e.getId());
        }
    }
}

@Mapper
interface EventMapper {
    @Select("SELECT id, payload FROM sync_event WHERE amount > 0")
    List<Event> selectUnhandled();

    @Update("UPDATE sync_event SET amount = 0 WHERE id = #{id}")
    int markHandled(@Param("id") long id);

    @Select("SELECT id, payload FROM sync_event WHERE name = 'partner'")
    List<Event> selectUnsynced();

    @Update("UPDATE sync_event SET name = 'pushed' WHERE id = #{id}")
    int markSynced(@Param("id") long id);

    @Select("SELECT id, payload FROM sync_event WHERE updated_by IS NULL")
    List<Event> selectPendingPhase();

    @Update("UPDATE sync_event SET updated_by = 'sync-job' WHERE id = #{id}")
    int finishPhase(@Param("id") long id);
}

class Event {
    private long id;

    public long getId() { return id; }
}
