package demo;

import java.util.List;
import java.util.concurrent.ExecutorService;
import org.apache.ibatis.annotations.Mapper;
import org.apache.ibatis.annotations.Param;
import org.apache.ibatis.annotations.Select;
import org.apache.ibatis.annotations.Update;
import org.springframework.scheduling.annotation.Scheduled;
import org.springframework.web.client.RestTemplate;

// A job hands each pending task to an executor as an anonymous Runnable that charges, then marks the task done: the
// task's work runs for the job as a lambda's would, so the job reaches the charge-then-record shape, and with no
// kill-midway test the job is reported (the message names the file holding the shape, not the anonymous class).
// The job that only logs in its anonymous Runnable reaches no shape: no finding there.
public class ChargeJob {
    private final TaskMapper tasks;
    private final RestTemplate rest;
    private final ExecutorService pool;

    public ChargeJob(TaskMapper tasks, RestTemplate rest, ExecutorService pool) {
        this.tasks = tasks;
        this.rest = rest;
        this.pool = pool;
    }

    @Scheduled(fixedDelay = 60_000)
    public void chargeAll() { // expect: IDEM007 "ChargeJob.chargeAll() runs postForObject() before markDone() records the item (ChargeJob.java line"
        for (Task t : tasks.selectPending()) {
            pool.execute(new Runnable() {
                @Override
                public void run() {
                    rest.postForObject("https://pay.example/charges", t, String.class);
                    tasks.markDone(t.getId());
                }
            });
        }
    }

    @Scheduled(fixedDelay = 60_000)
    public void logAll() {
        for (Task t : tasks.selectPending()) {
            pool.execute(new Runnable() {
                @Override
                public void run() {
                    System.out.println(t.getId());
                }
            });
        }
    }
}

@Mapper
interface TaskMapper {
    @Select("SELECT id FROM pay_task WHERE status = 'PENDING'")
    List<Task> selectPending();

    @Update("UPDATE pay_task SET status = 'DONE' WHERE id = #{id}")
    int markDone(@Param("id") long id);
}

class Task {
    private long id;
    long getId() { return id; }
}
