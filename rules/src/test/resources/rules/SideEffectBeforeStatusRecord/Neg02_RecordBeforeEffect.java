// The task is recorded DONE before the SMS is sent (at-most-once: a crash loses a message but never sends it twice), and no record follows the effect: no finding.
package com.example.neg02;

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
public class MarketingSmsJob {

    private final TaskMapper taskMapper;
    private final SmsClient smsClient;

    public MarketingSmsJob(TaskMapper taskMapper, SmsClient smsClient) {
        this.taskMapper = taskMapper;
        this.smsClient = smsClient;
    }

    @Scheduled(cron = "0 0 11 * * *")
    public void run() {
        for (SmsTask t : taskMapper.selectPending()) {
            taskMapper.updateStatus(t.getId(), "DONE");
            smsClient.sendSms(t.getPhone(), t.getText());
        }
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
interface TaskMapper {

    @Select("SELECT id, phone, text FROM sms_task WHERE status = 'PENDING'")
    List<SmsTask> selectPending();

    @Update("UPDATE sms_task SET status = #{status} WHERE id = #{id}")
    int updateStatus(@Param("id") long id, @Param("status") String status);
}

class SmsTask {
    private Long id;
    private String phone;
    private String text;

    public Long getId() { return id; }
    public String getPhone() { return phone; }
    public String getText() { return text; }
}
