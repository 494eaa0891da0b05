// Taking a definition offline returns early when it is already OFFLINE and otherwise writes OFFLINE: every caller ends
// with the same stored value, so the blind write overwrites nothing another caller wrote; no finding.
package com.example.p003.neg33;

import org.apache.ibatis.annotations.Mapper;
import org.apache.ibatis.annotations.Param;
import org.apache.ibatis.annotations.Select;
import org.apache.ibatis.annotations.Update;
import org.springframework.stereotype.Service;

@Service
public class DefinitionService {

    private final DefinitionMapper definitionMapper;

    public DefinitionService(DefinitionMapper definitionMapper) {
        this.definitionMapper = definitionMapper;
    }

    public void offline(long code) {
        Definition d = definitionMapper.selectByCode(code);
        if (ReleaseState.OFFLINE.equals(d.getReleaseState())) {
            return;
        }
        d.setReleaseState(ReleaseState.OFFLINE);
        definitionMapper.updateById(d);
    }
}

enum ReleaseState { ONLINE, OFFLINE }

@Mapper
interface DefinitionMapper {

    @Select("SELECT id, code, release_state FROM workflow_definition WHERE code = #{code}")
    Definition selectByCode(@Param("code") long code);

    @Update("UPDATE workflow_definition SET release_state = #{releaseState} WHERE id = #{id}")
    int updateById(Definition d);
}

class Definition {
    private Long id;
    private ReleaseState releaseState;

    public Long getId() { return id; }
    public ReleaseState getReleaseState() { return releaseState; }
    public void setReleaseState(ReleaseState s) { this.releaseState = s; }
}
