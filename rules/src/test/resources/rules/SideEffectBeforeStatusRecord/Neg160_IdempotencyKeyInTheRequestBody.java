// An API that takes its idempotency key in the request body (Square-style "idempotency_key", or "idempotencyKey" in a
// JSON body) instead of a header: the key is derived from the item, so a re-run's repeat is deduplicated by the
// provider. Silent; the same body without the key fires (Pos160).
package com.example.neg160;

import java.util.List;
import java.util.Map;
import org.apache.ibatis.annotations.Mapper;
import org.apache.ibatis.annotations.Param;
import org.apache.ibatis.annotations.Select;
import org.apache.ibatis.annotations.Update;
import org.springframework.scheduling.annotation.Scheduled;
import org.springframework.web.client.RestTemplate;

public class BillingJob {

    private final BillMapper bills;
    private final RestTemplate rest = new RestTemplate();

    public BillingJob(BillMapper bills) {
        this.bills = bills;
    }

    @Scheduled(fixedDelay = 60_000)
    public void run() {
        for (Bill b : bills.selectPending()) {
            rest.postForObject("https://pay.example.com/v2/payments",
                    Map.of("amount", b.getAmount(), "idempotency_key", "bill-" + b.getId()), String.class);
            bills.markCharged(b.getId());
        }
        for (Bill b : bills.selectPending()) {
            Map<String, Object> body = Map.of("amount", b.getAmount(), "idempotencyKey", "bill2-" + b.getId());
            rest.postForObject("https://pay.example.com/v3/payments", body, String.class);
            bills.markCharged(b.getId());
        }
    }
}

@Mapper
interface BillMapper {
    @Select("SELECT id, amount FROM bill WHERE status = 'PENDING'")
    List<Bill> selectPending();

    @Update("UPDATE bill SET status = 'CHARGED' WHERE id = #{id}")
    int markCharged(@Param("id") long id);
}

class Bill {
    private long id;
    private long amount;

    public long getId() { return id; }
    public long getAmount() { return amount; }
}
