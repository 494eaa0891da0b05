// The job claims each task with a conditional UPDATE (PENDING -> RUNNING) but throws the row count away and charges
// anyway: two instances both charge.
package com.example.p005.pos02;

import java.util.List;
import org.apache.ibatis.annotations.Param;
import org.apache.ibatis.annotations.Update;
import org.springframework.scheduling.annotation.Scheduled;
import org.springframework.web.client.RestTemplate;

public class ChargeJob {

    private TaskMapper taskMapper;
    private RestTemplate rest;

    @Scheduled(cron = "0 0 12 * * *")
    public void run() {
        for (Long id : taskMapper.selectPendingIds()) {
            taskMapper.claim(id); // expect: IDEM005 "Two workers then both act on it"
            rest.postForObject("https://pay.example.com/charges", id, String.class);
        }
    }
}

interface TaskMapper {
    List<Long> selectPendingIds();

    @Update("UPDATE charge_task SET status = 'RUNNING' WHERE id = #{id} AND status = 'PENDING'")
    int claim(@Param("id") long id);
}
