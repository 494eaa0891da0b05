// The same insert-then-record method, named by a method reference only from a method no scheduler, listener or
// outside cron runs (a user's request for one list): no job, no reconciliation note.
package com.example.p012.neg09;

import java.util.List;
import org.apache.ibatis.annotations.Insert;
import org.apache.ibatis.annotations.Param;
import org.apache.ibatis.annotations.Select;
import org.apache.ibatis.annotations.Update;

interface TaskMapper {
    @Select("SELECT id, user_id FROM settle_task WHERE user_id = #{userId}")
    List<Task> selectOfUser(@Param("userId") long userId);

    @Update("UPDATE settle_task SET status = #{status} WHERE id = #{id}")
    int updateStatus(@Param("id") long id, @Param("status") String status);
}

interface OrderMapper {
    @Insert("INSERT INTO t_order (settle_task_id, user_id) VALUES (#{taskId}, #{userId})")
    int insertOrder(@Param("taskId") long taskId, @Param("userId") long userId);
}

class UserTasks {
    TaskMapper taskMapper;
    OrderMapper orderMapper;

    public void settleMine(long userId) {
        taskMapper.selectOfUser(userId).forEach(this::process);
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
