// The entity's version is a business field (the definition's version number), not an optimistic lock (@Version):
// updateById writes by primary key with no state predicate, so it is a plain write, not a claim whose count matters.
package com.example.n005.neg21;

import com.baomidou.mybatisplus.core.mapper.BaseMapper;

public class DefinitionService {

    private DefinitionMapper definitionMapper;
    private SchedulerService schedulerService;

    public void offline(long code) {
        Definition d = definitionMapper.selectByCode(code);
        if ("OFFLINE".equals(d.getReleaseState())) {
            return;
        }
        d.setReleaseState("OFFLINE");
        definitionMapper.updateById(d);
        schedulerService.offlineByDefinition(code);
    }
}

interface DefinitionMapper extends BaseMapper<Definition> {
    Definition selectByCode(long code);
}

class SchedulerService {
    private ScheduleMapper scheduleMapper;

    void offlineByDefinition(long code) {
        scheduleMapper.updateReleaseState(code, "OFFLINE");
    }
}

interface ScheduleMapper {
    int updateReleaseState(long code, String state);
}

class Definition {
    private Long id;
    private int version;
    private String releaseState;

    public String getReleaseState() { return releaseState; }
    public void setReleaseState(String s) { this.releaseState = s; }
}
