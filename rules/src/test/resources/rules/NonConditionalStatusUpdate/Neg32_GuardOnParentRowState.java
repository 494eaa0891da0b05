// The guard reads the parent run's state; the write sets a child step's state by the step's own id. The check is a
// precondition on another row, not a read of the status this write overwrites; no finding.
package com.example.p003.neg32;

import org.apache.ibatis.annotations.Mapper;
import org.apache.ibatis.annotations.Param;
import org.apache.ibatis.annotations.Select;
import org.apache.ibatis.annotations.Update;
import org.springframework.stereotype.Service;

@Service
public class StepService {

    private final PipelineMapper pipelineMapper;

    public StepService(PipelineMapper pipelineMapper) {
        this.pipelineMapper = pipelineMapper;
    }

    public void forceSuccess(long runId, long stepId) {
        PipelineRun run = pipelineMapper.selectRun(runId);
        if (!"FINISHED".equals(run.getState())) {
            throw new IllegalStateException("run " + runId + " is still going");
        }
        pipelineMapper.updateStepState(stepId, "FORCED_SUCCESS");
    }
}

@Mapper
interface PipelineMapper {

    @Select("SELECT id, state FROM pipeline_run WHERE id = #{id}")
    PipelineRun selectRun(@Param("id") long id);

    @Update("UPDATE pipeline_step SET state = #{state} WHERE id = #{id}")
    int updateStepState(@Param("id") long id, @Param("state") String state);
}

class PipelineRun {
    private Long id;
    private String state;

    public Long getId() { return id; }
    public String getState() { return state; }
}
