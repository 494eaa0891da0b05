// A fresh entity with a status passed to save() is a new row (an insert), not an update of the alert: the alert row is never recorded, and a single send with no record is no gap this rule reports: no finding.
package com.example.neg48;

import java.util.List;
import org.springframework.data.jpa.repository.JpaRepository;
import org.springframework.mail.SimpleMailMessage;
import org.springframework.mail.javamail.JavaMailSender;

public class AlertLogger {

    private final AlertLogRepository logs;
    private final JavaMailSender mail;

    public AlertLogger(AlertLogRepository logs, JavaMailSender mail) {
        this.logs = logs;
        this.mail = mail;
    }

    public void send(String receiver, String content) {
        SimpleMailMessage m = new SimpleMailMessage();
        m.setTo(receiver);
        m.setText(content);
        mail.send(m);
        AlertLog log = new AlertLog();
        log.setReceiver(receiver);
        log.setStatus("SENT");
        logs.save(log);
    }
}

interface AlertLogRepository extends JpaRepository<AlertLog, Long> {
}

class AlertLog {
    private String receiver;
    private String status;

    public void setReceiver(String r) { this.receiver = r; }
    public void setStatus(String s) { this.status = s; }
}
