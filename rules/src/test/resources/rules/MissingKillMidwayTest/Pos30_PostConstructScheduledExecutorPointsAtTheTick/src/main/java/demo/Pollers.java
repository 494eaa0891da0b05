// Jobs started with a ScheduledExecutorService in a @PostConstruct method. The method that runs on each tick is the
// job: ChargePoller.run() (registered as this::run), MailPoller.poll() (registered by a lambda that only calls it),
// and BillPoller.begin() itself, whose own lambda holds the loop. IDEM007 points at the per-tick method and relates the
// registration; the @PostConstruct methods that only register a method are no jobs of their own.
package demo;

import java.util.List;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import javax.annotation.PostConstruct;
import org.apache.ibatis.annotations.Mapper;
import org.apache.ibatis.annotations.Param;
import org.apache.ibatis.annotations.Select;
import org.apache.ibatis.annotations.Update;
import org.springframework.stereotype.Component;
import org.springframework.web.client.RestTemplate;

@Component
public class ChargePoller {
    private final ScheduledExecutorService executor = Executors.newSingleThreadScheduledExecutor();
    private TaskMapper taskMapper;
    private RestTemplate rest;

    @PostConstruct
    public void init() {
        executor.scheduleAtFixedRate(this::run, 0, 60, TimeUnit.SECONDS);
    }

    void run() { // expect: IDEM007 "ChargePoller.run() runs postForObject() before markDone()"
        for (Task t : taskMapper.selectPending()) {
            rest.postForObject("https://pay.example.com/charges", t, Void.class);
            taskMapper.markDone(t.getId());
        }
    }
}

@Component
class MailPoller {
    private final ScheduledExecutorService executor = Executors.newSingleThreadScheduledExecutor();
    private TaskMapper taskMapper;
    private RestTemplate rest;

    @PostConstruct
    public void start() {
        executor.scheduleWithFixedDelay(() -> poll(), 0, 60, TimeUnit.SECONDS);
    }

    void poll() { // expect: IDEM007 "MailPoller.poll() runs postForObject() before markSent()"
        for (Task t : taskMapper.selectUnsent()) {
            rest.postForObject("https://mail.example.com/send", t, Void.class);
            taskMapper.markSent(t.getId());
        }
    }
}

@Component
class BillPoller {
    private final ScheduledExecutorService executor = Executors.newSingleThreadScheduledExecutor();
    private TaskMapper taskMapper;
    private RestTemplate rest;

    @PostConstruct
    public void begin() { // expect: IDEM007 "BillPoller.begin() runs postForObject() before markBilled()"
        executor.scheduleWithFixedDelay(() -> {
            for (Task t : taskMapper.selectUnbilled()) {
                rest.postForObject("https://bill.example.com/bills", t, Void.class);
                taskMapper.markBilled(t.getId());
            }
        }, 0, 60, TimeUnit.SECONDS);
    }
}

@Mapper
interface TaskMapper {
    @Select("SELECT * FROM task WHERE status = 'PENDING'")
    List<Task> selectPending();

    @Select("SELECT * FROM task WHERE status = 'PAID'")
    List<Task> selectUnsent();

    @Select("SELECT * FROM task WHERE status = 'SENT'")
    List<Task> selectUnbilled();

    @Update("UPDATE task SET status = 'PAID' WHERE id = #{id}")
    int markDone(@Param("id") long id);

    @Update("UPDATE task SET status = 'SENT' WHERE id = #{id}")
    int markSent(@Param("id") long id);

    @Update("UPDATE task SET status = 'BILLED' WHERE id = #{id}")
    int markBilled(@Param("id") long id);
}

class Task {
    long id;

    long getId() { return id; }
}
