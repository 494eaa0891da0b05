// An admin request enables the selectors whose ids it was given: each id is read and updated in one transaction, and a stream over its conditions runs inside; the rows are the caller's own list, not a scan of work items, so no finding.
package com.example.idem002.neg15;

import java.util.List;
import java.util.stream.Collectors;
import org.apache.ibatis.annotations.Mapper;
import org.apache.ibatis.annotations.Param;
import org.apache.ibatis.annotations.Select;
import org.apache.ibatis.annotations.Update;
import org.springframework.stereotype.Service;
import org.springframework.transaction.annotation.Transactional;

@Service
public class SelectorAdminService {

    private final SelectorMapper selectorMapper;

    public SelectorAdminService(SelectorMapper selectorMapper) {
        this.selectorMapper = selectorMapper;
    }

    @Transactional(rollbackFor = Exception.class)
    public Boolean enableByIds(final List<String> ids, final Boolean enabled) {
        ids.forEach(id -> {
            Selector selector = selectorMapper.selectById(id);
            if (selectorMapper.updateEnable(id, enabled) > 0) {
                List<Condition> conditions = selectorMapper.selectConditions(selector.getId());
                List<String> names = conditions.stream().map(c -> c.getName()).collect(Collectors.toList());
                selectorMapper.updateConditionNames(id, String.join(",", names));
            }
        });
        return Boolean.TRUE;
    }
}

@Mapper
interface SelectorMapper {

    @Select("SELECT id, name FROM selector WHERE id = #{id}")
    Selector selectById(@Param("id") String id);

    @Select("SELECT name FROM selector_condition WHERE selector_id = #{id}")
    List<Condition> selectConditions(@Param("id") String id);

    @Update("UPDATE selector SET enabled = #{enabled} WHERE id = #{id}")
    int updateEnable(@Param("id") String id, @Param("enabled") Boolean enabled);

    @Update("UPDATE selector SET condition_names = #{names} WHERE id = #{id}")
    int updateConditionNames(@Param("id") String id, @Param("names") String names);
}

class Selector {
    private String id;

    public String getId() { return id; }
}

class Condition {
    private String name;

    public String getName() { return name; }
}
