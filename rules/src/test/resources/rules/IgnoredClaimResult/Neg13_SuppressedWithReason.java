// The method is suppressed with a reason (the downstream dedupes on the task id): no finding.
package com.example.n005.neg13;

import org.apache.ibatis.annotations.Param;
import org.apache.ibatis.annotations.Update;
import org.springframework.web.client.RestTemplate;

public class BestEffortPinger {

    private TaskMapper mapper;
    private RestTemplate rest;

    @SuppressWarnings("idemcheck:IgnoredClaimResult") // the partner dedupes on taskId
    public void ping(long id) {
        mapper.claim(id);
        rest.postForObject("https://partner.example.com/ping", id, String.class);
    }
}

interface TaskMapper {
    @Update("UPDATE ping_task SET status = 'RUNNING' WHERE id = #{id} AND status = 'PENDING'")
    int claim(@Param("id") long id);
}
