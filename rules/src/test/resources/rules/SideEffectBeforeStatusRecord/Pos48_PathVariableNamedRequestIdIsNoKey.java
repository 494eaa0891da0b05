// A Feign call takes the approval request's id as a path variable, in a parameter named requestId: it names the resource, it is no idempotency key. The decision is posted before the row is updated: finding on the post.
package com.example.pos48;

import org.apache.ibatis.annotations.Mapper;
import org.apache.ibatis.annotations.Param;
import org.apache.ibatis.annotations.Update;
import org.springframework.cloud.openfeign.FeignClient;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;

public class DecisionForwarder {

    private final ReviewClient reviews;
    private final DecisionMapper decisions;

    public DecisionForwarder(ReviewClient reviews, DecisionMapper decisions) {
        this.reviews = reviews;
        this.decisions = decisions;
    }

    public void forward(Decision d) {
        reviews.decide(d.getRequestId(), d.getOutcome()); // expect: IDEM001
        decisions.markForwarded(d.getId());
    }
}

@FeignClient(name = "reviews")
interface ReviewClient {
    @PostMapping("/reviews/{id}/decision")
    void decide(@PathVariable("id") long requestId, String outcome);
}

@Mapper
interface DecisionMapper {
    @Update("UPDATE decision SET status = 'FORWARDED' WHERE id = #{id}")
    int markForwarded(@Param("id") long id);
}

class Decision {
    private long id;
    private long requestId;
    private String outcome;

    public long getId() { return id; }
    public long getRequestId() { return requestId; }
    public String getOutcome() { return outcome; }
}
