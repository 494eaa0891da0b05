// The twins of Pos113 where each handed-off lambda records first: the row is claimed with a conditional update whose
// row count is checked before the charge (execute), or marked PAID before the charge (submit, or an anonymous
// Runnable: at most once, a crash loses the charge instead of repeating it). No effect-before-record finding.
package com.example.neg107;

import java.util.List;
import java.util.concurrent.ExecutorService;
import org.apache.ibatis.annotations.Mapper;
import org.apache.ibatis.annotations.Param;
import org.apache.ibatis.annotations.Select;
import org.apache.ibatis.annotations.Update;
import org.springframework.scheduling.annotation.Scheduled;
import org.springframework.web.client.RestTemplate;

public class ChargeJob {
    private ExecutorService executor;
    private OrderMapper orders;
    private RestTemplate rest;

    @Scheduled(fixedDelay = 60_000)
    public void claimFirst() {
        for (Order o : orders.selectPending()) {
            executor.execute(() -> {
                if (orders.claim(o.getId()) == 1) {
                    rest.postForObject("https://psp.example.com/charges", o, String.class);
                }
            });
        }
    }

    @Scheduled(fixedDelay = 60_000)
    public void anonymousMarkThenCharge() {
        for (Order o : orders.selectPending()) {
            executor.execute(new Runnable() {
                @Override
                public void run() {
                    orders.markPaid(o.getId());
                    rest.postForObject("https://psp.example.com/charges", o, String.class);
                }
            });
        }
    }

    @Scheduled(fixedDelay = 60_000)
    public void markThenCharge() {
        for (Order o : orders.selectPending()) {
            executor.submit(() -> {
                orders.markPaid(o.getId());
                rest.postForObject("https://psp.example.com/charges", o, String.class);
            });
        }
    }
}

@Mapper
interface OrderMapper {
    @Select("SELECT id, amount FROM t_order WHERE status = 'PENDING'")
    List<Order> selectPending();

    @Update("UPDATE t_order SET status = 'SENDING' WHERE id = #{id} AND status = 'PENDING'")
    int claim(@Param("id") long id);

    @Update("UPDATE t_order SET status = 'PAID' WHERE id = #{id}")
    int markPaid(@Param("id") long id);
}

class Order {
    private long id;

    long getId() { return id; }
}
