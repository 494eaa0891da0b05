// The row is claimed with a conditional UPDATE whose row count is checked (continue unless 1); the DONE write that
// follows is the completion of the claim, owned by this run: no finding.
package com.example.n003.neg04;

import java.util.List;
import org.apache.ibatis.annotations.Param;
import org.apache.ibatis.annotations.Select;
import org.apache.ibatis.annotations.Update;
import org.springframework.scheduling.annotation.Scheduled;

public class SettlementJob {

    private TaskMapper taskMapper;

    @Scheduled(cron = "0 0 12 * * *")
    public void run() {
        for (Task t : taskMapper.selectByStatus("PENDING")) {
            if (taskMapper.claim(t.getId()) != 1) {
                continue;
            }
            settle(t);
            taskMapper.updateStatus(t.getId(), "DONE");
        }
    }

    private void settle(Task t) {
    }
}

interface TaskMapper {
    @Select("SELECT id FROM settle_task WHERE status = #{status}")
    List<Task> selectByStatus(@Param("status") String status);

    @Update("UPDATE settle_task SET status = 'RUNNING' WHERE id = #{id} AND status = 'PENDING'")
    int claim(@Param("id") long id);

    @Update("UPDATE settle_task SET status = #{status} WHERE id = #{id}")
    int updateStatus(@Param("id") long id, @Param("status") String status);
}

class Task {
    private Long id;

    public Long getId() { return id; }
}
