// Two jobs run the same blind mapper statement: one finding at the statement, not one per caller.
package com.example.p003.pos11;

import java.util.List;
import org.apache.ibatis.annotations.Param;
import org.apache.ibatis.annotations.Update;
import org.springframework.scheduling.annotation.Scheduled;

public class Jobs {

    private TicketMapper ticketMapper;

    @Scheduled(cron = "0 0 * * * *")
    public void autoClose() {
        for (Long id : ticketMapper.idleIds()) {
            ticketMapper.close(id);
        }
    }

    @Scheduled(cron = "0 30 * * * *")
    public void closeSpam() {
        for (Long id : ticketMapper.spamIds()) {
            ticketMapper.close(id);
        }
    }
}

interface TicketMapper {
    List<Long> idleIds();

    List<Long> spamIds();

    @Update("UPDATE ticket SET ticket_status = 'CLOSED' WHERE id = #{id}") // expect: IDEM003 "and 1 other call site"
    int close(@Param("id") long id);
}
