// The catch block puts the failed notification back to PENDING with no retry count: a notification that always fails comes back forever.
package com.example.e006.pos03;

import java.util.List;
import org.apache.ibatis.annotations.Param;
import org.apache.ibatis.annotations.Select;
import org.apache.ibatis.annotations.Update;
import org.springframework.scheduling.annotation.Scheduled;

public class NotificationJob {
    private final NotificationMapper mapper;
    private final SmsClient sms;

    public NotificationJob(NotificationMapper mapper, SmsClient sms) {
        this.mapper = mapper;
        this.sms = sms;
    }

    @Scheduled(fixedDelay = 5000)
    public void run() {
        for (Notification n : mapper.selectPending()) {
            try {
                sms.sendSms(n.getPhone(), n.getText());
                mapper.updateStatus(n.getId(), "SENT");
            } catch (Exception e) {
                mapper.updateStatus(n.getId(), "PENDING"); // expect: IDEM006 "back to PENDING"
            }
        }
    }
}

interface NotificationMapper {
    @Select("SELECT id, phone, text FROM notification WHERE status = 'PENDING'")
    List<Notification> selectPending();

    @Update("UPDATE notification SET status = #{status} WHERE id = #{id}")
    int updateStatus(@Param("id") long id, @Param("status") String status);
}

interface SmsClient {
    void sendSms(String phone, String text);
}

class Notification {
    private long id;
    private String phone;
    private String text;

    public long getId() { return id; }
    public String getPhone() { return phone; }
    public String getText() { return text; }
}
