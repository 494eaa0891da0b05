// The check reads the parent run's state and the write changes a child step's state: a precondition on another row,
// not a transition guard of the row written; no finding.
package com.example.idem004.neg13;

import org.apache.ibatis.annotations.Mapper;
import org.apache.ibatis.annotations.Param;
import org.apache.ibatis.annotations.Select;
import org.apache.ibatis.annotations.Update;
import org.springframework.stereotype.Service;

@Service
public class StepRetryService {

    private final RunMapper runMapper;

    public StepRetryService(RunMapper runMapper) {
        this.runMapper = runMapper;
    }

    public void retryStep(long runId, long stepId) {
        Run run = runMapper.selectRun(runId);
        if (!"FINISHED".equals(run.getState())) {
            throw new IllegalStateException("run " + runId + " is still going");
        }
        runMapper.updateStepState(stepId, "WAITING");
    }
}

@Mapper
interface RunMapper {

    @Select("SELECT id, state FROM pipeline_run WHERE id = #{id}")
    Run selectRun(@Param("id") long id);

    @Update("UPDATE pipeline_step SET state = #{state} WHERE id = #{id}")
    int updateStepState(@Param("id") long id, @Param("state") String state);
}

class Run {
    private Long id;
    private String state;

    public Long getId() { return id; }
    public String getState() { return state; }
}
