// A while loop drains a queue of tasks; each is paid before its status is written, with no claim or key: finding on pay.
package com.example.pos08;

import java.math.BigDecimal;
import java.util.ArrayDeque;
import java.util.List;
import java.util.Map;
import java.util.Queue;
import org.apache.ibatis.annotations.Mapper;
import org.apache.ibatis.annotations.Param;
import org.apache.ibatis.annotations.Select;
import org.apache.ibatis.annotations.Update;
import org.springframework.scheduling.annotation.Scheduled;
import org.springframework.stereotype.Component;
import org.springframework.web.client.RestTemplate;

@Component
public class PayoutJob {

    private final PayoutMapper payoutMapper;
    private final PayoutClient payoutClient;

    public PayoutJob(PayoutMapper payoutMapper, PayoutClient payoutClient) {
        this.payoutMapper = payoutMapper;
        this.payoutClient = payoutClient;
    }

    @Scheduled(cron = "0 0 3 * * *")
    public void run() {
        Queue<PayoutTask> queue = new ArrayDeque<>(payoutMapper.selectPending());
        PayoutTask t;
        while ((t = queue.poll()) != null) {
            payoutClient.pay(t.getMerchantId(), t.getAmount()); // expect: IDEM001
            payoutMapper.updateStatus(t.getId(), "PAID");
        }
    }
}

@Component
class PayoutClient {

    private final RestTemplate restTemplate;

    PayoutClient(RestTemplate restTemplate) {
        this.restTemplate = restTemplate;
    }

    void pay(Long merchantId, BigDecimal amount) {
        restTemplate.postForObject("https://bank.example.com/v1/payouts",
                Map.of("merchantId", merchantId, "amount", amount), Void.class);
    }
}

@Mapper
interface PayoutMapper {

    @Select("SELECT id, merchant_id, amount FROM payout_task WHERE status = 'PENDING'")
    List<PayoutTask> selectPending();

    @Update("UPDATE payout_task SET status = #{status} WHERE id = #{id}")
    int updateStatus(@Param("id") long id, @Param("status") String status);
}

class PayoutTask {
    private Long id;
    private Long merchantId;
    private BigDecimal amount;

    public Long getId() { return id; }
    public Long getMerchantId() { return merchantId; }
    public BigDecimal getAmount() { return amount; }
}
