// The twin of Neg93: AlipayClient.execute(..) given an AlipayTradeRefundRequest refunds; with no out-request-no from the item, a crash before the request is marked DONE refunds again: finding on execute.
package com.example.pos93;

import com.alipay.api.AlipayClient;
import com.alipay.api.request.AlipayTradeRefundRequest;
import java.util.List;
import org.apache.ibatis.annotations.Mapper;
import org.apache.ibatis.annotations.Param;
import org.apache.ibatis.annotations.Select;
import org.apache.ibatis.annotations.Update;
import org.springframework.scheduling.annotation.Scheduled;

public class PaymentJob {

    private final PaymentRequestMapper requests;
    private AlipayClient alipayClient;

    public PaymentJob(PaymentRequestMapper requests) {
        this.requests = requests;
    }

    @Scheduled(fixedDelay = 60_000)
    public void run() throws Exception {
        for (PaymentRequest r : requests.selectApproved()) {
            AlipayTradeRefundRequest refund = new AlipayTradeRefundRequest();
            alipayClient.execute(refund); // expect: IDEM001 "moves money"
            requests.markDone(r.getId());
        }
    }
}

@Mapper
interface PaymentRequestMapper {

    @Select("SELECT id, order_no, amount FROM payment_request WHERE status = 'APPROVED'")
    List<PaymentRequest> selectApproved();

    @Update("UPDATE payment_request SET status = 'DONE' WHERE id = #{id}")
    int markDone(@Param("id") long id);
}

class PaymentRequest {
    private long id;
    private String orderNo;
    private long amount;

    public long getId() { return id; }
    public String getOrderNo() { return orderNo; }
    public long getAmount() { return amount; }
}
