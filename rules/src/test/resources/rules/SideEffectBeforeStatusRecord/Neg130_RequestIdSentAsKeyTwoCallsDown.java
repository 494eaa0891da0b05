// Keys by data flow. ReminderService.remind passes its requestId on to ReminderClient.post, which sends it as the
// Idempotency-Key header (two calls down); RefundService.refund puts its parameter into the request as out_refund_no, a
// business number the provider refuses to take twice; PayoutService.payout sets it on the request with
// setOutTradeNo. Each caller passes a value derived from the item, so a re-run's repeat is deduplicated: no finding.
package com.example.neg130;

import java.util.List;
import java.util.Map;
import org.apache.ibatis.annotations.Mapper;
import org.apache.ibatis.annotations.Param;
import org.apache.ibatis.annotations.Select;
import org.apache.ibatis.annotations.Update;
import org.springframework.http.HttpEntity;
import org.springframework.http.HttpHeaders;
import org.springframework.scheduling.annotation.Scheduled;
import org.springframework.stereotype.Component;
import org.springframework.web.client.RestTemplate;

@Component
public class InvoiceReminderJob {

    private final InvoiceMapper invoices;
    private final ReminderService reminders;
    private final RefundService refunds;
    private final PayoutService payouts;

    public InvoiceReminderJob(InvoiceMapper invoices, ReminderService reminders, RefundService refunds,
                              PayoutService payouts) {
        this.invoices = invoices;
        this.reminders = reminders;
        this.refunds = refunds;
        this.payouts = payouts;
    }

    @Scheduled(cron = "0 0 9 * * *")
    public void run() {
        for (Invoice inv : invoices.selectOverdue()) {
            reminders.remind(inv, "remind-" + inv.getId());
            invoices.markReminded(inv.getId());
        }
        for (Invoice inv : invoices.selectToRefund()) {
            refunds.refund(inv, "RF" + inv.getId());
            invoices.markRefunded(inv.getId());
        }
        for (Invoice inv : invoices.selectToPay()) {
            payouts.payout(inv, inv.getNo());
            invoices.markPaid(inv.getId());
        }
    }
}

@Component
class ReminderService {

    private final ReminderClient client;

    ReminderService(ReminderClient client) {
        this.client = client;
    }

    void remind(Invoice inv, String requestId) {
        client.post(inv, requestId);
    }
}

@Component
class ReminderClient {

    private final RestTemplate rest;

    ReminderClient(RestTemplate rest) {
        this.rest = rest;
    }

    void post(Invoice inv, String token) {
        HttpHeaders headers = new HttpHeaders();
        headers.set("Idempotency-Key", token);
        rest.postForObject("https://mail.example.com/reminders", new HttpEntity<>(inv, headers), Void.class);
    }
}

@Component
class RefundService {

    private final RestTemplate rest;

    RefundService(RestTemplate rest) {
        this.rest = rest;
    }

    void refund(Invoice inv, String requestNo) {
        rest.postForObject("https://pay.example.com/refunds",
                Map.of("out_refund_no", requestNo, "amount", inv.getAmount()), Void.class);
    }
}

@Component
class PayoutService {

    private final RestTemplate rest;

    PayoutService(RestTemplate rest) {
        this.rest = rest;
    }

    void payout(Invoice inv, String ref) {
        PayoutRequest req = new PayoutRequest();
        req.setAmount(inv.getAmount());
        req.setOutTradeNo(ref);
        rest.postForObject("https://pay.example.com/payouts", req, Void.class);
    }
}

class PayoutRequest {
    private long amount;
    private String outTradeNo;

    public void setAmount(long amount) { this.amount = amount; }
    public void setOutTradeNo(String outTradeNo) { this.outTradeNo = outTradeNo; }
}

@Mapper
interface InvoiceMapper {
    @Select("SELECT * FROM invoice WHERE status = 'OVERDUE'")
    List<Invoice> selectOverdue();

    @Select("SELECT * FROM invoice WHERE status = 'CANCELLED'")
    List<Invoice> selectToRefund();

    @Select("SELECT * FROM invoice WHERE status = 'APPROVED'")
    List<Invoice> selectToPay();

    @Update("UPDATE invoice SET status = 'REMINDED' WHERE id = #{id}")
    int markReminded(@Param("id") long id);

    @Update("UPDATE invoice SET status = 'REFUNDED' WHERE id = #{id}")
    int markRefunded(@Param("id") long id);

    @Update("UPDATE invoice SET status = 'PAID' WHERE id = #{id}")
    int markPaid(@Param("id") long id);
}

class Invoice {
    private long id;
    private String no;
    private long amount;

    public long getId() { return id; }
    public String getNo() { return no; }
    public long getAmount() { return amount; }
}
