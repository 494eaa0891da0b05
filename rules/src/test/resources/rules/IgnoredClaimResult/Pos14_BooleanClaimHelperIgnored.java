// A project helper that claims a row and answers true or false; the answer is dropped and the charge goes out anyway.
// The message names the result for what it is (false when it did not win), not a row count.
package com.example.p005.pos14;

import org.apache.ibatis.annotations.Update;
import org.springframework.web.client.RestTemplate;

interface TaskMapper {
    @Update("UPDATE task SET status = 'RUNNING' WHERE id = #{id} AND status = 'PENDING'")
    int claim(long id);
}

class TaskDao {
    private TaskMapper mapper;

    boolean tryClaim(long id) {
        return mapper.claim(id) == 1;
    }
}

public class ChargeJob {
    private TaskDao taskDao;
    private RestTemplate rest;

    public void run(long taskId) {
        taskDao.tryClaim(taskId); // expect: IDEM005 "result (false when it did not win the row) is discarded"
        rest.postForObject("https://pay.example.com/charge", taskId, String.class);
    }
}
