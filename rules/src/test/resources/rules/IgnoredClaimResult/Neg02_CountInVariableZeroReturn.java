// int n = ..; if (n == 0) return; before the work: no finding.
package com.example.n005.neg02;

import org.apache.ibatis.annotations.Param;
import org.apache.ibatis.annotations.Update;
import org.springframework.kafka.core.KafkaTemplate;

public class ReportPublisher {

    private ReportMapper mapper;
    private KafkaTemplate<String, String> kafka;

    public void publish(long reportId) {
        int n = mapper.markRunning(reportId);
        if (n == 0) {
            return;
        }
        kafka.send("reports", String.valueOf(reportId));
    }
}

interface ReportMapper {
    @Update("UPDATE report SET status = 'RUNNING' WHERE id = #{id} AND status = 'READY'")
    int markRunning(@Param("id") long id);
}
