// In tasks.stream().filter(..).forEach(t -> {...}) a RabbitMQ message carrying the task is sent before the status update; the task id inside the payload is data, not a key: finding on convertAndSend.
package com.example.pos07;

import java.math.BigDecimal;
import java.util.List;
import org.apache.ibatis.annotations.Mapper;
import org.apache.ibatis.annotations.Param;
import org.apache.ibatis.annotations.Select;
import org.apache.ibatis.annotations.Update;
import org.springframework.amqp.rabbit.core.RabbitTemplate;
import org.springframework.scheduling.annotation.Scheduled;
import org.springframework.stereotype.Component;

@Component
public class ChargeDispatchJob {

    private final TaskMapper taskMapper;
    private final RabbitTemplate rabbitTemplate;

    public ChargeDispatchJob(TaskMapper taskMapper, RabbitTemplate rabbitTemplate) {
        this.taskMapper = taskMapper;
        this.rabbitTemplate = rabbitTemplate;
    }

    @Scheduled(fixedDelay = 30_000)
    public void run() {
        List<ChargeTask> tasks = taskMapper.selectByStatus("PENDING");
        tasks.stream()
                .filter(t -> t.getAmount().signum() > 0)
                .forEach(t -> {
                    rabbitTemplate.convertAndSend("settlement.exchange", "settlement.charge", new ChargeCommand(t.getId(), t.getUserId(), t.getAmount())); // expect: IDEM001
                    taskMapper.updateStatus(t.getId(), "DISPATCHED");
                });
    }
}

record ChargeCommand(Long taskId, Long userId, BigDecimal amount) {
}

@Mapper
interface TaskMapper {

    @Select("SELECT id, user_id, amount, status FROM charge_task WHERE status = #{status}")
    List<ChargeTask> selectByStatus(@Param("status") String status);

    @Update("UPDATE charge_task SET status = #{status} WHERE id = #{id}")
    int updateStatus(@Param("id") long id, @Param("status") String status);
}

class ChargeTask {
    private Long id;
    private Long userId;
    private BigDecimal amount;

    public Long getId() { return id; }
    public Long getUserId() { return userId; }
    public BigDecimal getAmount() { return amount; }
}
