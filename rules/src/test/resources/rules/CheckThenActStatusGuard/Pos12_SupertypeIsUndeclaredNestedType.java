// The service extends a nested type of a project class that the scan does not declare (Handlers.Base comes from a
// library supertype of Handlers). Resolving an unqualified call must not fail on it (it once stopped every rule on a
// whole project); the check-then-act below is still reported.
package com.example.idem004.pos12;

import org.apache.ibatis.annotations.Mapper;
import org.apache.ibatis.annotations.Param;
import org.apache.ibatis.annotations.Select;
import org.apache.ibatis.annotations.Update;
import org.springframework.stereotype.Service;

@Service
public class TicketCloser extends Handlers.Base {

    private final TicketMapper ticketMapper;

    public TicketCloser(TicketMapper ticketMapper) {
        this.ticketMapper = ticketMapper;
    }

    public void close(long id) {
        Ticket t = ticketMapper.selectById(id);
        if (!"OPEN".equals(t.getStatus())) { // expect: IDEM004
            return;
        }
        audit(id);
        ticketMapper.updateStatus(id, "CLOSED");
    }
}

class Handlers extends org.example.lib.HandlerSupport {
}

@Mapper
interface TicketMapper {

    @Select("SELECT id, status FROM ticket WHERE id = #{id}")
    Ticket selectById(@Param("id") long id);

    @Update("UPDATE ticket SET status = #{status} WHERE id = #{id}")
    int updateStatus(@Param("id") long id, @Param("status") String status);
}

class Ticket {
    private Long id;
    private String status;

    public Long getId() { return id; }
    public String getStatus() { return status; }
}
