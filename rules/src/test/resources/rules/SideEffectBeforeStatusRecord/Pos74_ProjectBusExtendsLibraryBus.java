// The project's bus interface extends the library's persistent bus without declaring post(): the call runs the library's post, a message sent before the row is marked published: finding on the post.
package com.example.pos74;

import java.util.List;
import org.apache.ibatis.annotations.Mapper;
import org.apache.ibatis.annotations.Param;
import org.apache.ibatis.annotations.Select;
import org.apache.ibatis.annotations.Update;
import org.killbill.bus.api.PersistentBus;
import org.springframework.scheduling.annotation.Scheduled;

public class ReminderPublishJob {

    private final ReminderBus bus;
    private final ReminderMapper mapper;

    public ReminderPublishJob(ReminderBus bus, ReminderMapper mapper) {
        this.bus = bus;
        this.mapper = mapper;
    }

    @Scheduled(fixedDelay = 60_000)
    public void run() throws Exception {
        for (Reminder r : mapper.selectDue()) {
            bus.post(new ReminderDue(r.getId())); // expect: IDEM001
            mapper.markPublished(r.getId());
        }
    }
}

interface ReminderBus extends PersistentBus {
    boolean isQuiet();
}

@Mapper
interface ReminderMapper {
    @Select("SELECT id FROM reminder WHERE status = 'DUE'")
    List<Reminder> selectDue();

    @Update("UPDATE reminder SET status = 'PUBLISHED' WHERE id = #{id}")
    int markPublished(@Param("id") long id);
}

record ReminderDue(long reminderId) {
}

class Reminder {
    private Long id;

    public Long getId() { return id; }
}
