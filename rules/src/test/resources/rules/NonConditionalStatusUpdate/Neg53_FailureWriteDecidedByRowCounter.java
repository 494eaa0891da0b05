// The scheduled job's failure path counts the attempt and lets the database pick the next status from the row's own
// counter (SET retry_count = retry_count + 1, status = CASE WHEN retry_count + 1 >= 5 THEN 'DEAD' ELSE 'PENDING' END):
// the status is decided from the row's current values in the statement, not overwritten from an earlier read; no
// finding.
package com.example.n003.neg53;

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
                outboxMapper.fail(o.getId());
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

    @Update("UPDATE outbox SET retry_count = retry_count + 1, status = CASE WHEN retry_count + 1 >= 5 THEN 'DEAD' ELSE 'PENDING' END WHERE id = #{id}")
    int fail(@Param("id") long id);
}

class Outbox {
    private long id;

    public long getId() { return id; }
}
