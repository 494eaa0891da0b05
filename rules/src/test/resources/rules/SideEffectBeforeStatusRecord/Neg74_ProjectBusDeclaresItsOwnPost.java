// The project's bus extends the library's bus but declares post() itself, and its only implementation queues the event in memory: its visible body is followed and sends nothing, so no finding.
package com.example.neg74;

import java.util.ArrayDeque;
import java.util.Deque;
import java.util.List;
import org.apache.ibatis.annotations.Mapper;
import org.apache.ibatis.annotations.Param;
import org.apache.ibatis.annotations.Select;
import org.apache.ibatis.annotations.Update;
import org.killbill.bus.api.PersistentBus;
import org.springframework.scheduling.annotation.Scheduled;

public class ReminderQueueJob {

    private final LocalBus bus;
    private final ReminderMapper mapper;

    public ReminderQueueJob(LocalBus bus, ReminderMapper mapper) {
        this.bus = bus;
        this.mapper = mapper;
    }

    @Scheduled(fixedDelay = 60_000)
    public void run() {
        for (Reminder r : mapper.selectDue()) {
            bus.post(r.getId());
            mapper.markQueued(r.getId());
        }
    }
}

interface LocalBus extends PersistentBus {
    void post(long id);
}

class InMemoryLocalBus {
    private final Deque<Long> queued = new ArrayDeque<>();

    public void post(long id) {
        queued.addLast(id);
    }
}

@Mapper
interface ReminderMapper {
    @Select("SELECT id FROM reminder WHERE status = 'DUE'")
    List<Reminder> selectDue();

    @Update("UPDATE reminder SET status = 'QUEUED' WHERE id = #{id}")
    int markQueued(@Param("id") long id);
}

class Reminder {
    private Long id;

    public Long getId() { return id; }
}
