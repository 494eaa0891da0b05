// The scheduled job moves rows selected by status; its UPDATE's only other predicate is on create_time, which never
// changes: no fence, a blind status transition; reported at the statement.
package com.example.n003.pos31;

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

    @Update("UPDATE ticket SET status = 'CLOSED' WHERE id = #{id} AND create_time < #{t}") // expect: IDEM003 "blind status transition"
    int close(@Param("id") long id, @Param("t") Date t);
}

class Ticket {
    private long id;
    private Date updateTime;

    public long getId() { return id; }
    public Date getUpdateTime() { return updateTime; }
}
