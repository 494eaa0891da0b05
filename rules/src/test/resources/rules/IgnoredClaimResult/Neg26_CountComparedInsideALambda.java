// The row count is held in a variable and compared, but inside a lambda that receives it: Optional.of(n).filter(c ->
// c > 0) before the effect in ifPresent, an ifPresent lambda that tests c == 1 itself, a helper handed the count and
// a predicate (check(n, rows -> rows == 1), which throws when the claim lost), and Integer.valueOf(1).equals(..). The
// count decides; no finding.
package com.example.n005.neg26;

import java.util.Optional;
import java.util.function.IntPredicate;
import org.apache.ibatis.annotations.Param;
import org.apache.ibatis.annotations.Update;
import org.springframework.mail.SimpleMailMessage;
import org.springframework.mail.javamail.JavaMailSender;

public class ReminderSender {

    private ReminderMapper mapper;
    private JavaMailSender mail;

    public void sendFiltered(long reminderId) {
        int n = mapper.markProcessing(reminderId);
        Optional.of(n).filter(c -> c > 0).ifPresent(c -> mail.send(new SimpleMailMessage()));
        mapper.markSent(reminderId);
    }

    public void sendIfPresent(long reminderId) {
        int n = mapper.markProcessing(reminderId);
        Optional.of(n).ifPresent(c -> {
            if (c == 1) {
                mail.send(new SimpleMailMessage());
            }
        });
        mapper.markSent(reminderId);
    }

    public void sendChecked(long reminderId) {
        int n = mapper.markProcessing(reminderId);
        check(n, rows -> rows == 1);
        mail.send(new SimpleMailMessage());
    }

    public void sendEquals(long reminderId) {
        Integer won = mapper.markProcessing(reminderId);
        Optional.of(won).filter(w -> Integer.valueOf(1).equals(w)).orElseThrow(IllegalStateException::new);
        mail.send(new SimpleMailMessage());
    }

    private static void check(int n, IntPredicate p) {
        if (!p.test(n)) {
            throw new IllegalStateException("lost the claim");
        }
    }
}

interface ReminderMapper {
    @Update("UPDATE reminder SET state = 'PROCESSING' WHERE id = #{id} AND state = 'NEW'")
    int markProcessing(@Param("id") long id);

    @Update("UPDATE reminder SET state = 'SENT' WHERE id = #{id} AND state = 'PROCESSING'")
    int markSent(@Param("id") long id);
}
