// Touching updated_at after a mail records nothing the selection reads (the row stays PENDING either way), so there is no effect-then-record shape here; a single effect with no record is not reported.
package com.example.neg29;

import java.util.List;
import org.apache.ibatis.annotations.Mapper;
import org.apache.ibatis.annotations.Param;
import org.apache.ibatis.annotations.Select;
import org.apache.ibatis.annotations.Update;
import org.springframework.mail.SimpleMailMessage;
import org.springframework.mail.javamail.JavaMailSender;
import org.springframework.scheduling.annotation.Scheduled;

public class ReminderMailer {

    private final JavaMailSender mailSender;
    private final ReminderMapper reminders;

    public ReminderMailer(JavaMailSender mailSender, ReminderMapper reminders) {
        this.mailSender = mailSender;
        this.reminders = reminders;
    }

    @Scheduled(cron = "0 0 8 * * *")
    public void remind() {
        for (Reminder r : reminders.selectOpen()) {
            SimpleMailMessage msg = new SimpleMailMessage();
            msg.setTo(r.getRecipient());
            mailSender.send(msg);
            reminders.touch(r.getId());
        }
    }
}

@Mapper
interface ReminderMapper {

    @Select("SELECT id, recipient FROM reminder WHERE status = 'OPEN'")
    List<Reminder> selectOpen();

    @Update("UPDATE reminder SET updated_at = CURRENT_TIMESTAMP WHERE id = #{id}")
    int touch(@Param("id") long id);
}

class Reminder {
    private long id;
    private String recipient;

    public long getId() { return id; }
    public String getRecipient() { return recipient; }
}
