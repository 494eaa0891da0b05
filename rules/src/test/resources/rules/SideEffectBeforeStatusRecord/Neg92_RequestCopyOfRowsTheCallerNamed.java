// Copying the definitions a caller names: each definition is read by the codes in the request, its schedule row is inserted, then the copy's state is written. The loop is over the caller's own objects, looked up by the keys it passed, not over rows selected by their state, and nothing re-runs the request: no finding.
package com.example.neg92;

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
public class DefinitionCopyController {

    private final DefinitionMapper definitions;

    public DefinitionCopyController(DefinitionMapper definitions) {
        this.definitions = definitions;
    }

    @PostMapping("/definitions/copy")
    public void copy(@RequestBody List<Long> codes) {
        List<Definition> rows = definitions.selectByCodes(codes);
        for (Definition d : rows) {
            definitions.insertSchedule(d.getCode() + 1, d.getCron());
            definitions.updateReleaseState(d.getCode() + 1, "OFFLINE");
        }
    }
}

@Mapper
interface DefinitionMapper {

    @Select("SELECT code, cron FROM t_definition WHERE code IN (#{codes})")
    List<Definition> selectByCodes(@Param("codes") List<Long> codes);

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
