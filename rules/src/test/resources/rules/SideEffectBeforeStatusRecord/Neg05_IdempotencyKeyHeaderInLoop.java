// The loop calls RestTemplate.exchange itself with an Idempotency-Key header built from the task's id and business date: no finding.
package com.example.neg05;

import java.math.BigDecimal;
import java.time.LocalDate;
import java.util.List;
import java.util.Map;
import org.apache.ibatis.annotations.Mapper;
import org.apache.ibatis.annotations.Param;
import org.apache.ibatis.annotations.Select;
import org.apache.ibatis.annotations.Update;
import org.springframework.http.HttpEntity;
import org.springframework.http.HttpHeaders;
import org.springframework.http.HttpMethod;
import org.springframework.http.MediaType;
import org.springframework.scheduling.annotation.Scheduled;
import org.springframework.stereotype.Component;
import org.springframework.web.client.RestTemplate;

@Component
public class RebateJob {

    private final RebateTaskMapper taskMapper;
    private final RestTemplate restTemplate;

    public RebateJob(RebateTaskMapper taskMapper, RestTemplate restTemplate) {
        this.taskMapper = taskMapper;
        this.restTemplate = restTemplate;
    }

    @Scheduled(cron = "0 0 13 * * *")
    public void run() {
        for (RebateTask t : taskMapper.selectPending()) {
            HttpHeaders headers = new HttpHeaders();
            headers.setContentType(MediaType.APPLICATION_JSON);
            headers.set("Idempotency-Key", "rebate:" + t.getId() + ":" + t.getBizDate());
            HttpEntity<Map<String, Object>> request = new HttpEntity<>(Map.of("userId", t.getUserId(), "amount", t.getAmount()), headers);
            restTemplate.exchange("https://wallet.example.com/v1/credits", HttpMethod.POST, request, Void.class);
            taskMapper.updateStatus(t.getId(), "DONE");
        }
    }
}

@Mapper
interface RebateTaskMapper {

    @Select("SELECT id, user_id, amount, biz_date FROM rebate_task WHERE status = 'PENDING'")
    List<RebateTask> selectPending();

    @Update("UPDATE rebate_task SET status = #{status} WHERE id = #{id}")
    int updateStatus(@Param("id") long id, @Param("status") String status);
}

class RebateTask {
    private Long id;
    private Long userId;
    private BigDecimal amount;
    private LocalDate bizDate;

    public Long getId() { return id; }
    public Long getUserId() { return userId; }
    public BigDecimal getAmount() { return amount; }
    public LocalDate getBizDate() { return bizDate; }
}
