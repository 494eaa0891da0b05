// A Redisson lock is held across the read and the write, but it is released before the write and keyed by nothing of
// the row: the write runs outside it, so two runs both pass the check; reported at the check.
package com.example.idem004.pos17;

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
            lock.unlock();
            if ("PENDING".equals(t.getStatus())) { // expect: IDEM004 "two separate steps"
                mapper.updateStatus(id, "DONE");
            }
        } finally {
            System.out.println("done");
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
