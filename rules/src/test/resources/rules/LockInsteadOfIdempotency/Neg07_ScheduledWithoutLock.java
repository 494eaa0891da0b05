package demo;

import org.springframework.scheduling.annotation.Scheduled;

public class Job {
    SmsClient smsClient;
    UserMapper userMapper;

    @Scheduled(cron = "0 0 9 * * *")
    public void run() {
        for (User u : userMapper.selectDue()) {
            smsClient.sendSms(u.getPhone(), "due");
        }
    }
}
