package demo;

import java.util.List;
import org.apache.ibatis.annotations.Insert;
import org.apache.ibatis.annotations.Param;
import org.apache.ibatis.annotations.Select;
import org.apache.ibatis.annotations.Update;
import org.springframework.scheduling.annotation.Scheduled;

@Mapper
interface TaskMapper {
    @Select("SELECT id, status FROM task WHERE status = 'PENDING' LIMIT 100")
    List<Task> selectPending();
    @Update("UPDATE task SET status = 'RUNNING', gmt_modified = NOW() WHERE id = #{id} AND status = 'PENDING'")
    int markRunning(@Param("id") long id);

    @Update("UPDATE task SET status = #{status}, gmt_modified = NOW() WHERE id = #{id}")
    int updateStatus(@Param("id") long id, @Param("status") String status);
}

public class Job {
    TaskMapper taskMapper;
    PaymentClient paymentClient;

    @Scheduled(fixedDelay = 60000)
    public void run() {
        for (Task t : taskMapper.selectPending()) {
            if (taskMapper.updateStatus(t.getId(), "DONE") != 1) {
                continue;
            }
            paymentClient.charge(t.getUserId(), t.getAmount(), "charge:" + t.getId());
            taskMapper.updateStatus(t.getId(), "DONE");
        }
    }
}
