// A JavaMailSender send of a message built from the task, before markDone: a crash in between mails the statement twice on restart: finding on mailSender.send.
package com.example.pos19;

import java.util.List;
import org.apache.ibatis.annotations.Mapper;
import org.apache.ibatis.annotations.Param;
import org.apache.ibatis.annotations.Select;
import org.apache.ibatis.annotations.Update;
import org.springframework.mail.SimpleMailMessage;
import org.springframework.mail.javamail.JavaMailSender;
import org.springframework.scheduling.annotation.Scheduled;
import org.springframework.stereotype.Component;

@Component
public class StatementMailJob {

    private final StatementTaskMapper taskMapper;
    private final JavaMailSender mailSender;

    public StatementMailJob(StatementTaskMapper taskMapper, JavaMailSender mailSender) {
        this.taskMapper = taskMapper;
        this.mailSender = mailSender;
    }

    @Scheduled(cron = "0 0 8 1 * *")
    public void run() {
        for (StatementTask t : taskMapper.selectPending()) {
            SimpleMailMessage message = new SimpleMailMessage();
            message.setTo(t.getEmail());
            message.setSubject("Your statement for " + t.getPeriod());
            message.setText(t.getBody());
            mailSender.send(message); // expect: IDEM001
            taskMapper.markDone(t.getId());
        }
    }
}

@Mapper
interface StatementTaskMapper {

    @Select("SELECT id, email, period, body FROM statement_task WHERE status = 'PENDING'")
    List<StatementTask> selectPending();

    @Update("UPDATE statement_task SET status = 'DONE' WHERE id = #{id}")
    int markDone(@Param("id") long id);
}

class StatementTask {
    private Long id;
    private String email;
    private String period;
    private String body;

    public Long getId() { return id; }
    public String getEmail() { return email; }
    public String getPeriod() { return period; }
    public String getBody() { return body; }
}
