// The record's SQL lives in a MyBatis mapper XML (<update id="updateAlertStatus">UPDATE .. SET alert_status = ..), which the engine collects but never reads, and update*Status is not a record name, so the mail before it is missed (seen in xuxueli/xxl-job XxlJobLogMapper.updateAlarmStatus + mapper/business/XxlJobLogMapper.xml).
package com.example.pos21;

import java.util.List;
import org.apache.ibatis.annotations.Mapper;
import org.apache.ibatis.annotations.Param;
import org.springframework.mail.SimpleMailMessage;
import org.springframework.mail.javamail.JavaMailSender;
import org.springframework.scheduling.annotation.Scheduled;
import org.springframework.stereotype.Component;

@Component
public class FailedRunAlertJob {

    private final RunLogMapper runLogMapper;
    private final JavaMailSender mailSender;

    public FailedRunAlertJob(RunLogMapper runLogMapper, JavaMailSender mailSender) {
        this.runLogMapper = runLogMapper;
        this.mailSender = mailSender;
    }

    @Scheduled(fixedDelay = 10000)
    public void run() {
        for (RunLog r : runLogMapper.findUnalerted(500)) {
            SimpleMailMessage mail = new SimpleMailMessage();
            mail.setTo(r.getOwnerEmail());
            mail.setText("run " + r.getId() + " failed");
            mailSender.send(mail); // expect: IDEM001
            runLogMapper.updateAlertStatus(r.getId(), 2);
        }
    }
}

/** SQL in resources/mapper/RunLogMapper.xml. */
@Mapper
interface RunLogMapper {

    List<RunLog> findUnalerted(@Param("limit") int limit);

    int updateAlertStatus(@Param("id") long id, @Param("alertStatus") int alertStatus);
}

class RunLog {
    private Long id;
    private String ownerEmail;

    public Long getId() { return id; }
    public String getOwnerEmail() { return ownerEmail; }
}
