// The refund branch ends with continue, so no path runs the refund before the loop's DONE record for that task (the refund row is closed by the gateway's callback): no IDEM001 finding.
package com.example.neg15;

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
public class AfterSaleJob {

    private final AfterSaleMapper afterSaleMapper;
    private final PaymentClient paymentClient;

    public AfterSaleJob(AfterSaleMapper afterSaleMapper, PaymentClient paymentClient) {
        this.afterSaleMapper = afterSaleMapper;
        this.paymentClient = paymentClient;
    }

    @Scheduled(cron = "0 */15 * * * *")
    public void run() {
        for (AfterSaleCase c : afterSaleMapper.selectApproved()) {
            if (c.isRefundRequired()) {
                paymentClient.refund(c.getUserId(), c.getAmount());
                continue;
            }
            afterSaleMapper.updateStatus(c.getId(), "DONE");
        }
    }
}

@Component
class PaymentClient {

    private final RestTemplate restTemplate;

    PaymentClient(RestTemplate restTemplate) {
        this.restTemplate = restTemplate;
    }

    void refund(Long userId, BigDecimal amount) {
        restTemplate.postForObject("https://pay.example.com/v1/refunds",
                Map.of("userId", userId, "amount", amount), Void.class);
    }
}

@Mapper
interface AfterSaleMapper {

    @Select("SELECT id, user_id, amount, refund_required FROM after_sale_case WHERE status = 'APPROVED'")
    List<AfterSaleCase> selectApproved();

    @Update("UPDATE after_sale_case SET status = #{status} WHERE id = #{id}")
    int updateStatus(@Param("id") long id, @Param("status") String status);
}

class AfterSaleCase {
    private Long id;
    private Long userId;
    private BigDecimal amount;
    private boolean refundRequired;

    public Long getId() { return id; }
    public Long getUserId() { return userId; }
    public BigDecimal getAmount() { return amount; }
    public boolean isRefundRequired() { return refundRequired; }
}
