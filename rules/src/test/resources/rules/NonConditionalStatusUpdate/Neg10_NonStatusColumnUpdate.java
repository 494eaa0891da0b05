// The job updates a heartbeat timestamp and a counter, no status-like column: not a status transition, no finding.
package com.example.n003.neg10;

import org.apache.ibatis.annotations.Param;
import org.apache.ibatis.annotations.Update;
import org.springframework.scheduling.annotation.Scheduled;

public class HeartbeatJob {

    private NodeMapper nodeMapper;

    @Scheduled(fixedRate = 5000)
    public void beat() {
        nodeMapper.touch("node-1");
    }
}

interface NodeMapper {
    @Update("UPDATE cluster_node SET last_seen = NOW(), beats = beats + 1 WHERE node_id = #{node}")
    int touch(@Param("node") String node);
}
