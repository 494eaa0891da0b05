// boolean won = mapper.claim(id) == 1; if (!won) continue; no finding.
package com.example.n005.neg03;

import java.util.List;
import org.apache.ibatis.annotations.Param;
import org.apache.ibatis.annotations.Update;
import org.springframework.mail.SimpleMailMessage;
import org.springframework.mail.javamail.JavaMailSender;

public class DigestMailer {

    private DigestMapper mapper;
    private JavaMailSender mail;

    public void run() {
        for (Long id : mapper.selectDueIds()) {
            boolean won = mapper.claim(id) == 1;
            if (!won) {
                continue;
            }
            mail.send(new SimpleMailMessage());
        }
    }
}

interface DigestMapper {
    List<Long> selectDueIds();

    @Update("UPDATE digest SET status = 'SENDING' WHERE id = #{id} AND status = 'DUE'")
    int claim(@Param("id") long id);
}
