// A JDBC string takes the lock row FOR UPDATE inside a TransactionTemplate lambda, then every unsent mail is sent
// while the row is locked: the lock is the only guard.
package com.example.idem009.pos16;

import java.util.List;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.mail.SimpleMailMessage;
import org.springframework.mail.javamail.JavaMailSender;
import org.springframework.transaction.support.TransactionTemplate;

public class MailJob {

    private JdbcTemplate jdbc;
    private TransactionTemplate tx;
    private JavaMailSender mailSender;

    public void sendAll() {
        tx.executeWithoutResult(status -> {
            jdbc.queryForObject("SELECT owner FROM t_scheduler_lock WHERE lock_name = ? FOR UPDATE", String.class, // expect: IDEM009
                    "mail-job");
            List<Long> ids = jdbc.queryForList("SELECT id FROM outbox_mail WHERE sent = 0", Long.class);
            for (Long id : ids) {
                SimpleMailMessage msg = new SimpleMailMessage();
                msg.setTo("user" + id + "@example.com");
                mailSender.send(msg);
                jdbc.update("UPDATE outbox_mail SET sent = 1 WHERE id = ?", id);
            }
        });
    }
}
