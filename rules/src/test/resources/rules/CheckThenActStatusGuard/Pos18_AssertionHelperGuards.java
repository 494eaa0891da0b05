// The status check leaves through assertion helpers that throw (Spring's Assert.isTrue, Guava's
// Preconditions.checkState) instead of an if: the write after them runs only when the check passed, and two runs both
// pass it; reported at each check.
package com.example.idem004.pos18;

import com.google.common.base.Preconditions;
import org.apache.ibatis.annotations.Mapper;
import org.apache.ibatis.annotations.Param;
import org.apache.ibatis.annotations.Select;
import org.apache.ibatis.annotations.Update;
import org.springframework.stereotype.Service;
import org.springframework.util.Assert;

@Service
public class TaskService {

    private final TaskMapper mapper;

    public TaskService(TaskMapper mapper) {
        this.mapper = mapper;
    }

    public void finish(long id) {
        Task t = mapper.selectById(id);
        Assert.isTrue("PENDING".equals(t.getStatus()), "not pending"); // expect: IDEM004 "two separate steps"
        mapper.updateStatus(id, "DONE");
    }

    public void cancel(long id) {
        Task t = mapper.selectById(id);
        Preconditions.checkState("PENDING".equals(t.getStatus()), "not pending"); // expect: IDEM004 "two separate steps"
        mapper.updateStatus(id, "CANCELLED");
    }
}

@Mapper
interface TaskMapper {

    @Select("SELECT id, status FROM task WHERE id = #{id}")
    Task selectById(@Param("id") long id);

    @Update("UPDATE task SET status = #{s} WHERE id = #{id}")
    int updateStatus(@Param("id") long id, @Param("s") String s);
}

class Task {
    private String status;

    public String getStatus() { return status; }
}
