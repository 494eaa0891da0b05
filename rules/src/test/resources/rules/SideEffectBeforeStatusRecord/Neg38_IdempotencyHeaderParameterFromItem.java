// The Feign parameter is sent as the Idempotency-Key header and gets a value derived from the item: the downstream dedupes a repeated post, whatever the caller's variable is called: no finding.
package com.example.neg38;

import org.apache.ibatis.annotations.Mapper;
import org.apache.ibatis.annotations.Param;
import org.apache.ibatis.annotations.Update;
import org.springframework.cloud.openfeign.FeignClient;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestHeader;

public class CreditForwarder {

    private final CreditClient credits;
    private final CreditMapper mapper;

    public CreditForwarder(CreditClient credits, CreditMapper mapper) {
        this.credits = credits;
        this.mapper = mapper;
    }

    public void forward(Credit c) {
        String token = "credit-" + c.getId();
        credits.grant(token, c.getAmount());
        mapper.markGranted(c.getId());
    }
}

@FeignClient(name = "credits")
interface CreditClient {
    @PostMapping("/credits")
    void grant(@RequestHeader("Idempotency-Key") String token, long amount);
}

@Mapper
interface CreditMapper {
    @Update("UPDATE credit SET status = 'GRANTED' WHERE id = #{id}")
    int markGranted(@Param("id") long id);
}

class Credit {
    private long id;
    private long amount;

    public long getId() { return id; }
    public long getAmount() { return amount; }
}
