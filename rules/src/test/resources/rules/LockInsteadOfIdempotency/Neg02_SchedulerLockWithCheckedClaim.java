package demo;

import net.javacrumbs.shedlock.spring.annotation.SchedulerLock;
import org.apache.ibatis.annotations.Param;
import org.apache.ibatis.annotations.Update;
import org.springframework.scheduling.annotation.Scheduled;

interface TaskMapper {
    java.util.List<Task> selectPending();

    @Update("UPDATE task SET status = 'RUNNING' WHERE id = #{id} AND status = 'PENDING'")
    int claim(@Param("id") long id);

    @Update("UPDATE task SET status = 'DONE' WHERE id = #{id} AND status = 'RUNNING'")
    int markDone(@Param("id") long id);
}

public class SettleJob {
    TaskMapper taskMapper;
    PaymentClient paymentClient;

    @Scheduled(cron = "0 0 12 * * *")
    @SchedulerLock(name = "settle")
    public void run() {
        for (Task t : taskMapper.selectPending()) {
            if (taskMapper.claim(t.getId()) != 1) {
                continue;
            }
            paymentClient.charge(t.getUserId(), t.getAmount());
            taskMapper.markDone(t.getId());
        }
    }
}
