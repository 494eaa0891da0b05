// The claim's count is the loop condition: the body runs only while a row was won; no finding.
package com.example.n005.neg12;

import org.apache.ibatis.annotations.Param;
import org.apache.ibatis.annotations.Update;
import org.springframework.web.client.RestTemplate;

public class QueueDrainer {

    private QueueMapper mapper;
    private RestTemplate rest;

    public void drain(String worker) {
        while (mapper.claimNext(worker) > 0) {
            rest.postForObject("https://svc.example.com/process", worker, String.class);
        }
    }
}

interface QueueMapper {
    @Update("UPDATE work_queue SET status = 'RUNNING', owner = #{w} WHERE status = 'NEW' ORDER BY id LIMIT 1")
    int claimNext(@Param("w") String worker);
}
