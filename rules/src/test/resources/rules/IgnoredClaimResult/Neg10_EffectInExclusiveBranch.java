// The claim and the effect sit in exclusive arms of one if/else: no path runs both; no finding.
package com.example.n005.neg10;

import org.apache.ibatis.annotations.Param;
import org.apache.ibatis.annotations.Update;
import org.springframework.kafka.core.KafkaTemplate;

public class Router {

    private TaskMapper mapper;
    private KafkaTemplate<String, String> kafka;

    public void route(long id, boolean local) {
        if (local) {
            mapper.claim(id);
        } else {
            kafka.send("remote.tasks", String.valueOf(id));
        }
    }
}

interface TaskMapper {
    @Update("UPDATE task SET status = 'RUNNING' WHERE id = #{id} AND status = 'PENDING'")
    int claim(@Param("id") long id);
}
