// From a real report: one task selects users whose policy is about to expire and inserts one "reminder to send" row
// per user; another task sends the rows. Overlapping runs insert the same reminder twice and each copy is sent.
package com.example.pos02;

import java.time.LocalDate;
import java.util.List;
import org.apache.ibatis.annotations.Insert;
import org.apache.ibatis.annotations.Mapper;
import org.apache.ibatis.annotations.Param;
import org.apache.ibatis.annotations.Select;
import org.apache.ibatis.annotations.Update;
import org.springframework.scheduling.annotation.Scheduled;
import org.springframework.stereotype.Component;

@Component
public class ReminderJobs {

    private final ReminderMapper reminders;
    private final SmsClient sms;

    public ReminderJobs(ReminderMapper reminders, SmsClient sms) {
        this.reminders = reminders;
        this.sms = sms;
    }

    @Scheduled(cron = "0 */10 * * * *")
    public void planReminders() {
        LocalDate today = LocalDate.now();
        for (Policy p : reminders.selectExpiringPolicies(today.plusDays(7))) {
            reminders.insertReminder(p.getUserId(), p.getId(), "EXPIRY", today);
        }
    }

    @Scheduled(cron = "30 */10 * * * *")
    public void sendReminders() {
        for (Reminder r : reminders.selectUnsent()) {
            sms.send(r.getUserId(), "Your policy expires soon");
            reminders.markSent(r.getId());
        }
    }
}

interface SmsClient {
    void send(long userId, String text);
}

@Mapper
interface ReminderMapper {

    @Select("SELECT id, user_id FROM policy WHERE expires_on <= #{day}")
    List<Policy> selectExpiringPolicies(@Param("day") LocalDate day);

    @Insert("INSERT INTO policy_reminder (user_id, policy_id, notice_type, send_day, status) "
            + "VALUES (#{userId}, #{policyId}, #{type}, #{day}, 'UNSENT')")
    int insertReminder(@Param("userId") long userId, @Param("policyId") long policyId, @Param("type") String type,
                       @Param("day") LocalDate day);

    @Select("SELECT id, user_id FROM policy_reminder WHERE status = 'UNSENT'")
    List<Reminder> selectUnsent();

    @Update("UPDATE policy_reminder SET status = 'SENT' WHERE id = #{id} AND status = 'UNSENT'")
    int markSent(@Param("id") long id);
}

class Policy {
    private Long id;
    private Long userId;
    public Long getId() { return id; }
    public Long getUserId() { return userId; }
}

class Reminder {
    private Long id;
    private Long userId;
    public Long getId() { return id; }
    public Long getUserId() { return userId; }
}
