// if (mapper.claim(id) != 1) continue; before the work: the count decides, no finding.
package com.example.n005.neg01;

import java.util.List;
import org.apache.ibatis.annotations.Param;
import org.apache.ibatis.annotations.Update;
import org.springframework.web.client.RestTemplate;

public class ChargeJob {

    private TaskMapper mapper;
    private RestTemplate rest;

    public void run() {
        for (Long id : mapper.selectPendingIds()) {
            if (mapper.claim(id) != 1) continue;
            rest.postForObject("https://pay.example.com/charges", id, String.class);
        }
    }
}

interface TaskMapper {
    List<Long> selectPendingIds();

    @Update("UPDATE charge_task SET status = 'RUNNING' WHERE id = #{id} AND status = 'PENDING'")
    int claim(@Param("id") long id);
}
