// The scheduled job moves rows selected by status, and its UPDATE matches the update_time it read: an expected-old-value
// predicate on the last-modified column (catalog fencingColumns) makes the write conditional; no finding.
package com.example.n003.neg51;

import java.util.Date;
import java.util.List;
import org.apache.ibatis.annotations.Mapper;
import org.apache.ibatis.annotations.Param;
import org.apache.ibatis.annotations.Select;
import org.apache.ibatis.annotations.Update;
import org.springframework.scheduling.annotation.Scheduled;

public class CloseJob {

    private TicketMapper ticketMapper;

    @Scheduled(fixedDelay = 60000)
    public void run() {
        for (Ticket t : ticketMapper.selectOpen()) {
            ticketMapper.close(t.getId(), t.getUpdateTime());
        }
    }
}

@Mapper
interface TicketMapper {
    @Select("SELECT id, status, update_time FROM ticket WHERE status = 'OPEN'")
    List<Ticket> selectOpen();

    @Update("UPDATE ticket SET status = 'CLOSED' WHERE id = #{id} AND update_time = #{t}")
    int close(@Param("id") long id, @Param("t") Date t);
}

class Ticket {
    private long id;
    private Date updateTime;

    public long getId() { return id; }
    public Date getUpdateTime() { return updateTime; }
}
