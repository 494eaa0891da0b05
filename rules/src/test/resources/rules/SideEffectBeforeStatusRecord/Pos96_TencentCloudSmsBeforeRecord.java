// Tencent Cloud's SmsClient.SendSms(request) (the SDK's capitalised method name) before the notice is marked DONE: a crash between them sends the SMS again: finding on SendSms.
package com.example.pos96;

import com.tencentcloudapi.sms.v20210111.SmsClient;
import com.tencentcloudapi.sms.v20210111.models.SendSmsRequest;
import java.util.List;
import org.apache.ibatis.annotations.Mapper;
import org.apache.ibatis.annotations.Param;
import org.apache.ibatis.annotations.Select;
import org.apache.ibatis.annotations.Update;
import org.springframework.scheduling.annotation.Scheduled;

public class PaymentJob {

    private final PaymentRequestMapper requests;
    private SmsClient smsClient;

    public PaymentJob(PaymentRequestMapper requests) {
        this.requests = requests;
    }

    @Scheduled(fixedDelay = 60_000)
    public void run() throws Exception {
        for (PaymentRequest r : requests.selectApproved()) {
            SendSmsRequest req = new SendSmsRequest();
            smsClient.SendSms(req); // expect: IDEM001 "sends a message"
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
