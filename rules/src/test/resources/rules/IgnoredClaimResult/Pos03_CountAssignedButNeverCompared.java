// The row count is stored and logged, never compared: the mail goes out whether or not the claim won.
package com.example.p005.pos03;

import org.apache.ibatis.annotations.Param;
import org.apache.ibatis.annotations.Update;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.mail.SimpleMailMessage;
import org.springframework.mail.javamail.JavaMailSender;

public class ReminderSender {

    private static final Logger log = LoggerFactory.getLogger(ReminderSender.class);
    private ReminderMapper mapper;
    private JavaMailSender mail;

    public void send(long reminderId) {
        int n = mapper.markProcessing(reminderId); // expect: IDEM005 "never compared"
        log.info("reminder {} claimed: {}", reminderId, n);
        mail.send(new SimpleMailMessage());
    }
}

interface ReminderMapper {
    @Update("UPDATE reminder SET state = 'PROCESSING' WHERE id = #{id} AND state = 'NEW'")
    int markProcessing(@Param("id") long id);
}
