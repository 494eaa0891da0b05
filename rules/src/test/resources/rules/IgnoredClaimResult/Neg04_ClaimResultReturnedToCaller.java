// The count is returned to the caller, which decides; the caller checks it: no finding.
package com.example.n005.neg04;

import org.apache.ibatis.annotations.Param;
import org.apache.ibatis.annotations.Update;
import org.springframework.web.client.RestTemplate;

public class TaskRepository {

    private TaskMapper mapper;

    public int claim(long id, String owner) {
        return mapper.claim(id, owner);
    }
}

class Worker {

    private TaskRepository repo;
    private RestTemplate rest;

    void work(long id) {
        if (repo.claim(id, "w1") == 1) {
            rest.postForObject("https://svc.example.com/do", id, String.class);
        }
    }
}

interface TaskMapper {
    @Update("UPDATE task SET status = 'RUNNING', owner = #{owner} WHERE id = #{id} AND status = 'PENDING'")
    int claim(@Param("id") long id, @Param("owner") String owner);
}
