// WeChat Pay's v3 RefundService.create(request) before the refund request is marked DONE; the out-refund-no is a fresh random number, so it is no key: a crash between them refunds again: finding on create.
package com.example.pos95;

import com.wechat.pay.java.service.refund.RefundService;
import com.wechat.pay.java.service.refund.model.CreateRequest;
import java.util.UUID;
import java.util.List;
import org.apache.ibatis.annotations.Mapper;
import org.apache.ibatis.annotations.Param;
import org.apache.ibatis.annotations.Select;
import org.apache.ibatis.annotations.Update;
import org.springframework.scheduling.annotation.Scheduled;

public class PaymentJob {

    private final PaymentRequestMapper requests;
    private RefundService refundService;

    public PaymentJob(PaymentRequestMapper requests) {
        this.requests = requests;
    }

    @Scheduled(fixedDelay = 60_000)
    public void run() throws Exception {
        for (PaymentRequest r : requests.selectApproved()) {
            CreateRequest req = new CreateRequest();
            req.setOutRefundNo(UUID.randomUUID().toString());
            refundService.create(req); // expect: IDEM001 "moves money"
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
