// The twin of Neg92 over work items: an operator's request re-runs every FAILED definition, selected by its state; each gets a new schedule row before its state is written, so a crash midway and the operator's second click insert the earlier rows again: finding on the insert.
package com.example.pos92;

import java.util.List;
import org.apache.ibatis.annotations.Insert;
import org.apache.ibatis.annotations.Mapper;
import org.apache.ibatis.annotations.Param;
import org.apache.ibatis.annotations.Select;
import org.apache.ibatis.annotations.Update;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RestController;

@RestController
public class DefinitionRerunController {

    private final DefinitionMapper definitions;

    public DefinitionRerunController(DefinitionMapper definitions) {
        this.definitions = definitions;
    }

    @PostMapping("/definitions/rerun-failed")
    public void rerunFailed() {
        List<Definition> rows = definitions.selectFailed();
        for (Definition d : rows) {
            definitions.insertSchedule(d.getCode() + 1, d.getCron()); // expect: IDEM001
            definitions.updateReleaseState(d.getCode() + 1, "OFFLINE");
        }
    }
}

@Mapper
interface DefinitionMapper {

    @Select("SELECT code, cron FROM t_definition WHERE state = 'FAILED'")
    List<Definition> selectFailed();

    @Insert("INSERT INTO t_schedule (definition_code, cron) VALUES (#{code}, #{cron})")
    int insertSchedule(@Param("code") long code, @Param("cron") String cron);

    @Update("UPDATE t_definition SET release_state = #{state} WHERE code = #{code}")
    int updateReleaseState(@Param("code") long code, @Param("state") String state);
}

class Definition {
    private long code;
    private String cron;

    public long getCode() { return code; }
    public String getCron() { return cron; }
}
