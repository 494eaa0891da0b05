// Twin of Pos18: a scheduled sweep returns steps stuck in phase RUNNING_EXECUTION to WAITING after ten minutes, so a crashed claim is retried: no finding.
package com.example.idem008.neg25;

import java.util.List;
import org.apache.ibatis.annotations.Mapper;
import org.apache.ibatis.annotations.Param;
import org.apache.ibatis.annotations.Select;
import org.apache.ibatis.annotations.Update;
import org.springframework.scheduling.annotation.Scheduled;
import org.springframework.web.client.RestTemplate;

public class PhaseJob {
    private final StepMapper steps;
    private final RestTemplate rest;

    public PhaseJob(StepMapper steps, RestTemplate rest) { this.steps = steps; this.rest = rest; }

    @Scheduled(fixedDelay = 60_000)
    public void run() {
        for (Step s : steps.selectWaiting()) {
            if (steps.start(s.getId()) != 1) {
                continue;
            }
            rest.postForObject("https://partner.example/steps", s, String.class);
            steps.finish(s.getId());
        }
    }

    @Scheduled(fixedDelay = 300_000)
    public void recoverStale() {
        steps.resetStale();
    }
}

@Mapper
interface StepMapper {
    @Select("SELECT id FROM job_step WHERE phase = 'WAITING'")
    List<Step> selectWaiting();

    @Update("UPDATE job_step SET phase = 'RUNNING_EXECUTION' WHERE id = #{id} AND phase = 'WAITING'")
    int start(@Param("id") long id);

    @Update("UPDATE job_step SET phase = 'WAITING' WHERE phase = 'RUNNING_EXECUTION' AND started_at < NOW() - INTERVAL 10 MINUTE")
    int resetStale();

    @Update("UPDATE job_step SET phase = 'DONE' WHERE id = #{id}")
    int finish(@Param("id") long id);
}

class Step { private long id; public long getId() { return id; } }
