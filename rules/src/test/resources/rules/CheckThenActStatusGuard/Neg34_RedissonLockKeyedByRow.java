// A Redisson lock keyed by the task's id is held across the read of its status and the write: a second run waits
// for the lock and then reads the new status, so the check and the act are one step; no finding.
package com.example.idem004.neg34;

import org.apache.ibatis.annotations.Mapper;
import org.apache.ibatis.annotations.Param;
import org.apache.ibatis.annotations.Select;
import org.apache.ibatis.annotations.Update;
import org.redisson.api.RLock;
import org.redisson.api.RedissonClient;
import org.springframework.stereotype.Service;

@Service
public class TaskService {

    private final TaskMapper mapper;
    private final RedissonClient redisson;

    public TaskService(TaskMapper mapper, RedissonClient redisson) {
        this.mapper = mapper;
        this.redisson = redisson;
    }

    public void finish(long id) {
        RLock lock = redisson.getLock("task:" + id);
        lock.lock();
        try {
            Task t = mapper.selectById(id);
            if ("PENDING".equals(t.getStatus())) {
                mapper.updateStatus(id, "DONE");
            }
        } finally {
            lock.unlock();
        }
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
