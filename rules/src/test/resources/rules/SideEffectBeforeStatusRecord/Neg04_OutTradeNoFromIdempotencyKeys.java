// The payment is made with outTradeNo = IdempotencyKeys.of("pay", t.getId()), a key derived from the task that the payment channel dedupes on: no finding.
package com.example.neg04;

import java.math.BigDecimal;
import java.util.List;
import java.util.Map;
import org.apache.ibatis.annotations.Mapper;
import org.apache.ibatis.annotations.Param;
import org.apache.ibatis.annotations.Select;
import org.apache.ibatis.annotations.Update;
import org.springframework.scheduling.annotation.Scheduled;
import org.springframework.stereotype.Component;
import org.springframework.web.client.RestTemplate;

@Component
public class MerchantPayJob {

    private final PayTaskMapper payTaskMapper;
    private final ChannelPayClient channelPayClient;

    public MerchantPayJob(PayTaskMapper payTaskMapper, ChannelPayClient channelPayClient) {
        this.payTaskMapper = payTaskMapper;
        this.channelPayClient = channelPayClient;
    }

    @Scheduled(cron = "0 30 23 * * *")
    public void run() {
        for (PayTask t : payTaskMapper.selectPending()) {
            channelPayClient.pay(t.getMerchantId(), t.getAmount(), IdempotencyKeys.of("pay", t.getId()));
            payTaskMapper.markDone(t.getId());
        }
    }
}

final class IdempotencyKeys {

    private IdempotencyKeys() {
    }

    static String of(String operation, Long id) {
        return operation + ":" + id;
    }
}

@Component
class ChannelPayClient {

    private final RestTemplate restTemplate;

    ChannelPayClient(RestTemplate restTemplate) {
        this.restTemplate = restTemplate;
    }

    void pay(Long merchantId, BigDecimal amount, String outTradeNo) {
        restTemplate.postForObject("https://channel.example.com/gateway/pay",
                Map.of("merchant_id", merchantId, "total_amount", amount, "out_trade_no", outTradeNo), Void.class);
    }
}

@Mapper
interface PayTaskMapper {

    @Select("SELECT id, merchant_id, amount FROM merchant_pay_task WHERE status = 'PENDING'")
    List<PayTask> selectPending();

    @Update("UPDATE merchant_pay_task SET status = 'DONE' WHERE id = #{id}")
    int markDone(@Param("id") long id);
}

class PayTask {
    private Long id;
    private Long merchantId;
    private BigDecimal amount;

    public Long getId() { return id; }
    public Long getMerchantId() { return merchantId; }
    public BigDecimal getAmount() { return amount; }
}
