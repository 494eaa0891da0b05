// The row count reaches a lambda, but the lambda only logs it; and a lambda that compares its own parameter compares
// something else (the reminder's attempts), not the count. The mail goes out whether or not the claim won.
package com.example.p005.pos19;

import java.util.List;
import java.util.Optional;
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

    public void sendLogged(long reminderId) {
        int n = mapper.markProcessing(reminderId); // expect: IDEM005 "never compared"
        Optional.of(n).ifPresent(c -> log.info("claimed {}", c));
        mail.send(new SimpleMailMessage());
    }

    public void sendOther(long reminderId, List<Integer> attempts) {
        int n = mapper.markProcessing(reminderId); // expect: IDEM005 "never compared"
        log.info("claimed {}", n);
        attempts.stream().filter(a -> a > 3).findFirst().ifPresent(a -> log.warn("many attempts"));
        mail.send(new SimpleMailMessage());
    }
}

interface ReminderMapper {
    @Update("UPDATE reminder SET state = 'PROCESSING' WHERE id = #{id} AND state = 'NEW'")
    int markProcessing(@Param("id") long id);
}
