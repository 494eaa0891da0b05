// A Vert.x event-bus send reached through the Vertx instance (vertx.eventBus().send(..)): the chain is typed from the
// catalog's libraryReturnTypes (Vertx#eventBus returns an EventBus, whose send is a message), so the message sent
// before the task is marked done is an effect; a crash between them sends the charge request again.
package com.example.pos119;

import io.vertx.core.Vertx;
import io.vertx.core.json.JsonObject;
import java.util.List;
import org.apache.ibatis.annotations.Mapper;
import org.apache.ibatis.annotations.Param;
import org.apache.ibatis.annotations.Select;
import org.apache.ibatis.annotations.Update;
import org.springframework.scheduling.annotation.Scheduled;

public class BusChargeJob {

    private final Vertx vertx;
    private final TaskMapper taskMapper;

    public BusChargeJob(Vertx vertx, TaskMapper taskMapper) {
        this.vertx = vertx;
        this.taskMapper = taskMapper;
    }

    @Scheduled(fixedDelay = 60_000)
    public void run() {
        for (Task t : taskMapper.selectPending()) {
            vertx.eventBus().send("billing.charge", new JsonObject().put("amount", t.getAmount())); // expect: IDEM001
            taskMapper.markDone(t.getId());
        }
    }
}

@Mapper
interface TaskMapper {

    @Select("SELECT id, amount FROM pay_task WHERE status = 'PENDING'")
    List<Task> selectPending();

    @Update("UPDATE pay_task SET status = 'DONE' WHERE id = #{id}")
    int markDone(@Param("id") long id);
}

class Task {
    private long id;
    private long amount;

    long getId() { return id; }
    long getAmount() { return amount; }
}
