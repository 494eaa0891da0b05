// A phase column is a state column too (catalog statusColumns): a claim moves the step into RUNNING_EXECUTION, an in-progress value by shape, and nothing returns a step stuck there after a crash: finding at the claim.
package com.example.idem008.pos18;

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
}

@Mapper
interface StepMapper {
    @Select("SELECT id FROM job_step WHERE phase = 'WAITING'")
    List<Step> selectWaiting();

    @Update("UPDATE job_step SET phase = 'RUNNING_EXECUTION' WHERE id = #{id} AND phase = 'WAITING'") // expect: IDEM008 "RUNNING_EXECUTION"
    int start(@Param("id") long id);

    @Update("UPDATE job_step SET phase = 'DONE' WHERE id = #{id}")
    int finish(@Param("id") long id);
}

class Step { private long id; public long getId() { return id; } }
