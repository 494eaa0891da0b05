// The loop walks a list the caller passed in and resets each element's state; nothing in this method selected the
// rows by status (the method name of a setter is not a selection), and the method is not reached from a job; no finding.
package com.example.p003.neg34;

import java.util.List;
import org.apache.ibatis.annotations.Mapper;
import org.apache.ibatis.annotations.Update;
import org.springframework.stereotype.Service;

@Service
public class SubRunResetter {

    private final SubRunMapper subRunMapper;

    public SubRunResetter(SubRunMapper subRunMapper) {
        this.subRunMapper = subRunMapper;
    }

    public void reset(List<SubRun> existing) {
        existing.forEach(r -> {
            r.setState("WAIT_TO_RUN");
            subRunMapper.updateById(r);
        });
    }
}

@Mapper
interface SubRunMapper {

    @Update("UPDATE sub_run SET state = #{state} WHERE id = #{id}")
    int updateById(SubRun r);
}

class SubRun {
    private Long id;
    private String state;

    public Long getId() { return id; }
    public void setState(String s) { this.state = s; }
}
