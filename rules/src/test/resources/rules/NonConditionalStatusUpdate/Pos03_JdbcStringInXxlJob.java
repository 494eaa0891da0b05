// An XXL-JOB handler marks each settlement task DONE with a JDBC UPDATE by id only: a retried trigger or a second
// executor runs the same loop and both "succeed"; finding at the JDBC call that carries the SQL string.
package com.example.p003.pos03;

import com.xxl.job.core.handler.annotation.XxlJob;
import java.util.List;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.stereotype.Component;

@Component
public class SettlementJobHandler {

    private JdbcTemplate jdbcTemplate;

    @XxlJob("settlementJob")
    public void execute() {
        List<Long> ids = jdbcTemplate.queryForList("SELECT id FROM settle_task WHERE biz_date = CURRENT_DATE", Long.class);
        for (Long id : ids) {
            settle(id);
            jdbcTemplate.update("UPDATE settle_task SET status = 'DONE' WHERE id = ?", id); // expect: IDEM003 "is a job entry point (@XxlJob)"
        }
    }

    private void settle(Long id) {
    }
}
