// A nightly job hands each pending task to a method by a method reference (forEach(this::process)); that method
// inserts the order and then records the task: nothing checks that tasks and orders agree.
package com.example.p012.pos10;

import java.util.List;
import org.apache.ibatis.annotations.Insert;
import org.apache.ibatis.annotations.Param;
import org.apache.ibatis.annotations.Select;
import org.apache.ibatis.annotations.Update;
import org.springframework.scheduling.annotation.Scheduled;

interface TaskMapper {
    @Select("SELECT id, user_id FROM settle_task WHERE status = 'PENDING'")
    List<Task> selectPending();

    @Update("UPDATE settle_task SET status = #{status} WHERE id = #{id}")
    int updateStatus(@Param("id") long id, @Param("status") String status);
}

interface OrderMapper {
    @Insert("INSERT INTO t_order (settle_task_id, user_id) VALUES (#{taskId}, #{userId})")
    int insertOrder(@Param("taskId") long taskId, @Param("userId") long userId);
}

class Job {
    TaskMapper taskMapper;
    OrderMapper orderMapper;

    @Scheduled(cron = "0 0 12 * * *")
    public void run() { // expect: IDEM012 "Job.run(): insertOrder() then updateStatus()"
        taskMapper.selectPending().forEach(this::process);
    }

    void process(Task t) {
        orderMapper.insertOrder(t.getId(), t.getUserId());
        taskMapper.updateStatus(t.getId(), "DONE");
    }
}

class Task {
    long getId() { return 1; }
    long getUserId() { return 2; }
}
