// The alert is sent, then its status is written with MyBatis-Plus updateById on an entity built in place (id and status set on a new object): that update is the record. A crash between them sends the alert again: finding on the send.
package com.example.pos52;

import com.baomidou.mybatisplus.core.mapper.BaseMapper;
import java.util.List;
import org.springframework.mail.SimpleMailMessage;
import org.springframework.mail.javamail.JavaMailSender;
import org.springframework.scheduling.annotation.Scheduled;

public class AlertMailer {

    private final AlertMapper alerts;
    private final JavaMailSender mail;

    public AlertMailer(AlertMapper alerts, JavaMailSender mail) {
        this.alerts = alerts;
        this.mail = mail;
    }

    @Scheduled(fixedDelay = 5000)
    public void send() {
        for (Alert a : alerts.selectWaiting()) {
            SimpleMailMessage m = new SimpleMailMessage();
            m.setTo(a.getReceiver());
            m.setText(a.getContent());
            mail.send(m); // expect: IDEM001
            Alert done = new Alert();
            done.setId(a.getId());
            done.setAlertStatus("SENT");
            alerts.updateById(done);
        }
    }
}

interface AlertMapper extends BaseMapper<Alert> {
    List<Alert> selectWaiting();
}

class Alert {
    private Long id;
    private String receiver;
    private String content;
    private String alertStatus;

    public Long getId() { return id; }
    public void setId(Long id) { this.id = id; }
    public String getReceiver() { return receiver; }
    public String getContent() { return content; }
    public void setAlertStatus(String s) { this.alertStatus = s; }
}
