// WebClient POST for the task, then close(id), a record only because its SQL updates the status-like column "state": finding on the WebClient call.
package com.example.pos16;

import java.util.List;
import java.util.Map;
import org.apache.ibatis.annotations.Mapper;
import org.apache.ibatis.annotations.Param;
import org.apache.ibatis.annotations.Select;
import org.apache.ibatis.annotations.Update;
import org.springframework.scheduling.annotation.Scheduled;
import org.springframework.stereotype.Component;
import org.springframework.web.reactive.function.client.WebClient;

@Component
public class PointsGrantJob {

    private final PointTaskMapper pointTaskMapper;
    private final WebClient loyaltyWebClient;

    public PointsGrantJob(PointTaskMapper pointTaskMapper, WebClient loyaltyWebClient) {
        this.pointTaskMapper = pointTaskMapper;
        this.loyaltyWebClient = loyaltyWebClient;
    }

    @Scheduled(cron = "0 15 0 * * *")
    public void run() {
        List<PointTask> tasks = pointTaskMapper.selectOpen();
        for (PointTask t : tasks) {
            loyaltyWebClient.post().uri("/members/{id}/points", t.getMemberId()).bodyValue(Map.of("points", t.getPoints())).retrieve().toBodilessEntity().block(); // expect: IDEM001
            pointTaskMapper.close(t.getId());
        }
    }
}

@Mapper
interface PointTaskMapper {

    @Select("SELECT id, member_id, points FROM point_task WHERE state = 'OPEN'")
    List<PointTask> selectOpen();

    @Update("UPDATE point_task SET state = 'CLOSED', closed_at = NOW() WHERE id = #{id}")
    int close(@Param("id") long id);
}

class PointTask {
    private Long id;
    private Long memberId;
    private int points;

    public Long getId() { return id; }
    public Long getMemberId() { return memberId; }
    public int getPoints() { return points; }
}
