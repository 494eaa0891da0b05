// Inside tasks.forEach(t -> {...}) each row is claimed with tryLock (conditional UPDATE) and the lambda returns unless it won the row, before the Kafka send: no finding.
package com.example.neg14;

import java.util.List;
import org.apache.ibatis.annotations.Mapper;
import org.apache.ibatis.annotations.Param;
import org.apache.ibatis.annotations.Select;
import org.apache.ibatis.annotations.Update;
import org.springframework.kafka.core.KafkaTemplate;
import org.springframework.scheduling.annotation.Scheduled;
import org.springframework.stereotype.Component;

@Component
public class InvoicePublishJob {

    private final InvoiceTaskMapper taskMapper;
    private final KafkaTemplate<String, String> kafkaTemplate;

    public InvoicePublishJob(InvoiceTaskMapper taskMapper, KafkaTemplate<String, String> kafkaTemplate) {
        this.taskMapper = taskMapper;
        this.kafkaTemplate = kafkaTemplate;
    }

    @Scheduled(fixedDelay = 10_000)
    public void run() {
        List<InvoiceTask> tasks = taskMapper.selectPending();
        tasks.forEach(t -> {
            if (taskMapper.tryLock(t.getId()) == 0) {
                return;
            }
            kafkaTemplate.send("invoice-issued", t.getPayload());
            taskMapper.updateStatus(t.getId(), "SENT");
        });
    }
}

@Mapper
interface InvoiceTaskMapper {

    @Select("SELECT id, payload FROM invoice_task WHERE status = 'PENDING'")
    List<InvoiceTask> selectPending();

    @Update("UPDATE invoice_task SET status = 'SENDING' WHERE id = #{id} AND status = 'PENDING'")
    int tryLock(@Param("id") long id);

    @Update("UPDATE invoice_task SET status = #{status} WHERE id = #{id}")
    int updateStatus(@Param("id") long id, @Param("status") String status);
}

class InvoiceTask {
    private Long id;
    private String payload;

    public Long getId() { return id; }
    public String getPayload() { return payload; }
}
