// The same failure path, but the CASE decides from a parameter only (CASE WHEN #{last} THEN 'DEAD' ELSE 'PENDING'
// END): nothing of the row's current values is read, so the status is overwritten blind; reported at the statement.
package com.example.n003.pos32;

import java.util.List;
import org.apache.ibatis.annotations.Mapper;
import org.apache.ibatis.annotations.Param;
import org.apache.ibatis.annotations.Select;
import org.apache.ibatis.annotations.Update;
import org.springframework.scheduling.annotation.Scheduled;

public class SendJob {

    private OutboxMapper outboxMapper;
    private Sender sender;

    @Scheduled(fixedDelay = 60000)
    public void run() {
        for (Outbox o : outboxMapper.selectPending()) {
            try {
                sender.send(o.getId());
            } catch (RuntimeException e) {
                outboxMapper.fail(o.getId(), false);
            }
        }
    }
}

interface Sender {
    void send(long id);
}

@Mapper
interface OutboxMapper {
    @Select("SELECT id, status FROM outbox WHERE status = 'PENDING' AND retry_count < 5")
    List<Outbox> selectPending();

    @Update("UPDATE outbox SET status = CASE WHEN #{last} THEN 'DEAD' ELSE 'PENDING' END WHERE id = #{id}") // expect: IDEM003 "blind status transition"
    int fail(@Param("id") long id, @Param("last") boolean last);
}

class Outbox {
    private long id;

    public long getId() { return id; }
}
