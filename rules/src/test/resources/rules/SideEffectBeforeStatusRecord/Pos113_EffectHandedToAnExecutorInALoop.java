// Work handed to an executor inside a loop still belongs to the loop's item: in each shape the charge runs before the
// order is marked PAID, in the lambda (execute, submit, CompletableFuture.runAsync), in an anonymous Runnable's run()
// (the order is the loop variable it captures), or in the lambda with the record after the hand-off in the loop
// (supplyAsync). A crash between them charges again on the next run: one finding each.
package com.example.pos113;

import java.util.List;
import java.util.concurrent.CompletableFuture;
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
    public void inExecute() {
        for (Order o : orders.selectPending()) {
            executor.execute(() -> {
                rest.postForObject("https://psp.example.com/charges", o, String.class); // expect: IDEM001
                orders.markPaid(o.getId());
            });
        }
    }

    @Scheduled(fixedDelay = 60_000)
    public void inSubmit() {
        for (Order o : orders.selectPending()) {
            executor.submit(() -> {
                rest.postForObject("https://psp.example.com/charges", o, String.class); // expect: IDEM001
                orders.markPaid(o.getId());
            });
        }
    }

    @Scheduled(fixedDelay = 60_000)
    public void inRunAsync() {
        for (Order o : orders.selectPending()) {
            CompletableFuture.runAsync(() -> {
                rest.postForObject("https://psp.example.com/charges", o, String.class); // expect: IDEM001
                orders.markPaid(o.getId());
            }, executor);
        }
    }

    @Scheduled(fixedDelay = 60_000)
    public void inAnonymousRunnable() {
        for (Order o : orders.selectPending()) {
            executor.execute(new Runnable() {
                @Override
                public void run() {
                    rest.postForObject("https://psp.example.com/charges", o, String.class); // expect: IDEM001
                    orders.markPaid(o.getId());
                }
            });
        }
    }

    @Scheduled(fixedDelay = 60_000)
    public void recordAfterTheHandOff() {
        for (Order o : orders.selectPending()) {
            CompletableFuture.supplyAsync(() -> rest.postForObject("https://psp.example.com/charges", o, String.class)); // expect: IDEM001
            orders.markPaid(o.getId());
        }
    }
}

@Mapper
interface OrderMapper {
    @Select("SELECT id, amount FROM t_order WHERE status = 'PENDING'")
    List<Order> selectPending();

    @Update("UPDATE t_order SET status = 'PAID' WHERE id = #{id} AND status = 'PENDING'")
    int markPaid(@Param("id") long id);
}

class Order {
    private long id;

    long getId() { return id; }
}
