// The runtime library's TaskClaimer claims the row; the blind DONE write runs only in the lambda on the claim: no finding.
package com.example.n003.neg06;

import io.idemcheck.runtime.TaskClaimer;
import java.util.List;
import org.apache.ibatis.annotations.Param;
import org.apache.ibatis.annotations.Update;
import org.springframework.scheduling.annotation.Scheduled;

public class MailingJob {

    private TaskClaimer claimer;
    private MailTaskMapper mapper;

    @Scheduled(fixedDelay = 10000)
    public void run() {
        for (Long id : mapper.selectPendingIds()) {
            claimer.claim(id, "worker-1").ifPresent(c -> {
                deliver(id);
                mapper.markSent(id);
            });
        }
    }

    private void deliver(Long id) {
    }
}

interface MailTaskMapper {
    List<Long> selectPendingIds();

    @Update("UPDATE mail_task SET status = 'SENT' WHERE id = #{id}")
    int markSent(@Param("id") long id);
}
