// Assertion helpers that do not dominate the write (inside a branch the write is outside of), or that test a value
// not read from storage (a parameter): no transition guard of the write; no finding.
package com.example.idem004.neg35;

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
        if (id > 100) {
            Assert.isTrue("PENDING".equals(t.getStatus()), "not pending");
        }
        mapper.updateStatus(id, "DONE");
    }

    public void cancel(long id, String status) {
        Preconditions.checkState("PENDING".equals(status), "not pending");
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
