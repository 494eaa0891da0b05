// Same gap inside tasks.forEach(t -> {...}): the SMS is sent before markDone for the same task, with no claim or key: finding on sendSms.
package com.example.pos06;

import java.util.List;
import java.util.Map;
import org.apache.ibatis.annotations.Mapper;
import org.apache.ibatis.annotations.Param;
import org.apache.ibatis.annotations.Select;
import org.apache.ibatis.annotations.Update;
import org.springframework.scheduling.annotation.Scheduled;
import org.springframework.stereotype.Component;
import org.springframework.web.client.RestTemplate;

@Component
public class ReminderJob {

    private final ReminderMapper reminderMapper;
    private final SmsClient smsClient;

    public ReminderJob(ReminderMapper reminderMapper, SmsClient smsClient) {
        this.reminderMapper = reminderMapper;
        this.smsClient = smsClient;
    }

    @Scheduled(cron = "0 0 9 * * *")
    public void run() {
        List<Reminder> reminders = reminderMapper.selectDue();
        reminders.forEach(r -> {
            smsClient.sendSms(r.getPhone(), "Your bill of " + r.getAmountText() + " is due tomorrow."); // expect: IDEM001
            reminderMapper.markDone(r.getId());
        });
    }
}

@Component
class SmsClient {

    private final RestTemplate restTemplate;

    SmsClient(RestTemplate restTemplate) {
        this.restTemplate = restTemplate;
    }

    void sendSms(String phone, String text) {
        restTemplate.postForObject("https://sms.example.com/v2/messages", Map.of("to", phone, "text", text), Void.class);
    }
}

@Mapper
interface ReminderMapper {

    @Select("SELECT id, phone, amount_text FROM bill_reminder WHERE status = 'PENDING' AND due_date = CURRENT_DATE + INTERVAL 1 DAY")
    List<Reminder> selectDue();

    @Update("UPDATE bill_reminder SET status = 'DONE' WHERE id = #{id}")
    int markDone(@Param("id") long id);
}

class Reminder {
    private Long id;
    private String phone;
    private String amountText;

    public Long getId() { return id; }
    public String getPhone() { return phone; }
    public String getAmountText() { return amountText; }
}
