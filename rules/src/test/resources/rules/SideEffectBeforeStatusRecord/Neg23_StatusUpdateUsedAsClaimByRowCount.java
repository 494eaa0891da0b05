// Seen in a scheduler's alarm monitor: a status update (SQL in mapper XML, not visible) is used as a lock: its row
// count decides whether the loop goes on, so the mail and the final record run only for the winner: no finding.
package com.example.neg23;

import java.util.List;
import org.apache.ibatis.annotations.Mapper;
import org.apache.ibatis.annotations.Param;
import org.springframework.mail.SimpleMailMessage;
import org.springframework.mail.javamail.JavaMailSender;

public class FailureAlarmMonitor {

    private RunLogMapper runLogMapper;
    private JavaMailSender mailSender;

    public void scanOnce() {
        List<Long> ids = runLogMapper.findFailedIds(1000);
        for (long id : ids) {
            int locked = runLogMapper.updateAlarmStatus(id, 0, -1);
            if (locked < 1) {
                continue;
            }
            SimpleMailMessage mail = new SimpleMailMessage();
            mail.setText("run " + id + " failed");
            mailSender.send(mail);
            runLogMapper.updateAlarmStatus(id, -1, 2);
        }
    }
}

@Mapper
interface RunLogMapper {
    List<Long> findFailedIds(@Param("limit") int limit);

    int updateAlarmStatus(@Param("id") long id, @Param("oldStatus") int oldStatus, @Param("newStatus") int newStatus);
}
