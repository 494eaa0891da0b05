// The polling loop lives in run() of an anonymous Runnable handed to a worker thread; methods of anonymous classes are not analysed, so the mail before the status UPDATE is missed (seen in xuxueli/xxl-job JobFailAlarmMonitorHelper.start, CyclicThread(new Runnable() { run() {..} })).
package com.example.pos20;

import java.util.List;
import org.apache.ibatis.annotations.Mapper;
import org.apache.ibatis.annotations.Param;
import org.apache.ibatis.annotations.Select;
import org.apache.ibatis.annotations.Update;
import org.springframework.mail.SimpleMailMessage;
import org.springframework.mail.javamail.JavaMailSender;
import org.springframework.stereotype.Component;

@Component
public class FailedRunAlerter {

    private final RunLogMapper runLogMapper;
    private final JavaMailSender mailSender;

    public FailedRunAlerter(RunLogMapper runLogMapper, JavaMailSender mailSender) {
        this.runLogMapper = runLogMapper;
        this.mailSender = mailSender;
    }

    public void start() {
        Thread worker = new Thread(new Runnable() {
            @Override
            public void run() {
                for (RunLog r : runLogMapper.selectUnalerted(500)) {
                    SimpleMailMessage mail = new SimpleMailMessage();
                    mail.setTo(r.getOwnerEmail());
                    mail.setText("run " + r.getId() + " failed");
                    mailSender.send(mail); // expect: IDEM001
                    runLogMapper.updateAlertStatus(r.getId(), 2);
                }
            }
        }, "failed-run-alerter");
        worker.setDaemon(true);
        worker.start();
    }
}

@Mapper
interface RunLogMapper {

    @Select("SELECT id, owner_email FROM run_log WHERE alert_status = 0 LIMIT #{limit}")
    List<RunLog> selectUnalerted(@Param("limit") int limit);

    @Update("UPDATE run_log SET alert_status = #{alertStatus} WHERE id = #{id}")
    int updateAlertStatus(@Param("id") long id, @Param("alertStatus") int alertStatus);
}

class RunLog {
    private Long id;
    private String ownerEmail;

    public Long getId() { return id; }
    public String getOwnerEmail() { return ownerEmail; }
}
