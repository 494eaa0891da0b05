// The same claims run inside a TransactionTemplate lambda, but what decides the charge is not the claim's result: the
// result is dropped, a different flag is tested, or the lambda returns a constant after the claim. A restart charges
// again: one finding per charge.
package com.example.pos132;

import java.util.List;
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
    private boolean enabled;

    public RenewalJob(RenewalMapper mapper, TransactionTemplate tx, RestTemplate rest) {
        this.mapper = mapper;
        this.tx = tx;
        this.rest = rest;
    }

    @Scheduled(fixedDelay = 60000)
    public void dropped() {
        for (Renewal r : mapper.selectPending()) {
            tx.execute(s -> mapper.claim(r.getId()) == 1);
            rest.postForObject("https://pay.example.com/charges", r, Void.class); // expect: IDEM001
            mapper.markDone(r.getId());
        }
    }

    @Scheduled(fixedDelay = 60000)
    public void otherFlag() {
        for (Renewal r : mapper.selectPending()) {
            Boolean won = tx.execute(s -> mapper.claim(r.getId()) == 1);
            if (!enabled) {
                continue;
            }
            rest.postForObject("https://pay.example.com/charges", r, Void.class); // expect: IDEM001
            mapper.markDone(r.getId());
        }
    }

    @Scheduled(fixedDelay = 60000)
    public void constant() {
        for (Renewal r : mapper.selectPending()) {
            Boolean ok = tx.execute(s -> {
                mapper.claim(r.getId());
                return Boolean.TRUE;
            });
            if (!Boolean.TRUE.equals(ok)) {
                continue;
            }
            rest.postForObject("https://pay.example.com/charges", r, Void.class); // expect: IDEM001
            mapper.markDone(r.getId());
        }
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
