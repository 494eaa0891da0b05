// A conditional claim run inside a TransactionTemplate lambda whose row count is compared in the lambda, the Boolean
// (or boolean) result tested after it before the effect: Boolean.TRUE.equals(won), !won, won == null || !won, the
// template call in the condition itself, a block lambda returning the comparison, and executeWithoutResult setting an
// AtomicBoolean. Each charge runs only for the run that won the row: no finding.
package com.example.neg131;

import java.util.List;
import java.util.concurrent.atomic.AtomicBoolean;
import org.apache.ibatis.annotations.Mapper;
import org.apache.ibatis.annotations.Param;
import org.apache.ibatis.annotations.Select;
import org.apache.ibatis.annotations.Update;
import org.springframework.scheduling.annotation.Scheduled;
import org.springframework.stereotype.Component;
import org.springframework.transaction.support.TransactionTemplate;
import org.springframework.web.client.RestTemplate;

@Component
public class RenewalJob {

    private final RenewalMapper mapper;
    private final TransactionTemplate tx;
    private final RestTemplate rest;

    public RenewalJob(RenewalMapper mapper, TransactionTemplate tx, RestTemplate rest) {
        this.mapper = mapper;
        this.tx = tx;
        this.rest = rest;
    }

    @Scheduled(fixedDelay = 60000)
    public void boxed() {
        for (Renewal r : mapper.selectPending()) {
            Boolean won = tx.execute(s -> mapper.claim(r.getId()) == 1);
            if (!Boolean.TRUE.equals(won)) {
                continue;
            }
            rest.postForObject("https://pay.example.com/charges", r, Void.class);
            mapper.markDone(r.getId());
        }
    }

    @Scheduled(fixedDelay = 60000)
    public void unboxed() {
        for (Renewal r : mapper.selectPending()) {
            boolean won = tx.execute(s -> mapper.claim(r.getId()) > 0);
            if (!won) {
                continue;
            }
            rest.postForObject("https://pay.example.com/charges", r, Void.class);
            mapper.markDone(r.getId());
        }
    }

    public void one(Renewal r) {
        Boolean won = tx.execute(s -> mapper.claim(r.getId()) == 1);
        if (won == null || !won) {
            return;
        }
        rest.postForObject("https://pay.example.com/charges", r, Void.class);
        mapper.markDone(r.getId());
    }

    public void inCondition(Renewal r) {
        if (!Boolean.TRUE.equals(tx.execute(s -> mapper.claim(r.getId()) == 1))) {
            return;
        }
        rest.postForObject("https://pay.example.com/charges", r, Void.class);
        mapper.markDone(r.getId());
    }

    public void blockLambda(Renewal r) {
        Boolean won = tx.execute(s -> {
            int n = mapper.claim(r.getId());
            return n == 1;
        });
        if (!Boolean.TRUE.equals(won)) {
            return;
        }
        rest.postForObject("https://pay.example.com/charges", r, Void.class);
        mapper.markDone(r.getId());
    }

    public void withoutResult(Renewal r) {
        AtomicBoolean won = new AtomicBoolean();
        tx.executeWithoutResult(s -> won.set(mapper.claim(r.getId()) == 1));
        if (!won.get()) {
            return;
        }
        rest.postForObject("https://pay.example.com/charges", r, Void.class);
        mapper.markDone(r.getId());
    }
}

@Mapper
interface RenewalMapper {
    @Select("SELECT * FROM renewal WHERE status = 'PENDING'")
    List<Renewal> selectPending();

    @Update("UPDATE renewal SET status = 'RUNNING' WHERE id = #{id} AND status = 'PENDING'")
    int claim(@Param("id") long id);

    @Update("UPDATE renewal SET status = 'DONE' WHERE id = #{id}")
    int markDone(@Param("id") long id);
}

class Renewal {
    private long id;

    public long getId() { return id; }
}
