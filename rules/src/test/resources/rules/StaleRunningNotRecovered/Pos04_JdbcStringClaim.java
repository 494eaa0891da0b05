package demo;

import org.springframework.jdbc.core.JdbcTemplate;

public class Worker {
    JdbcTemplate jdbcTemplate;

    public void work(long id) {
        int n = jdbcTemplate.update("UPDATE outbox SET status = 'SENDING' WHERE id = ? AND status = 'NEW'", id); // expect: IDEM008
        if (n == 1) {
            jdbcTemplate.update("UPDATE outbox SET status = 'SENT' WHERE id = ?", id);
        }
    }
}
