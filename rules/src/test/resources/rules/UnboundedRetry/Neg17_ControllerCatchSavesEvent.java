// A web request handler that records a failure event: the caller sees the error and decides; nothing is re-selected.
package com.example.e006.neg17;

import org.apache.ibatis.annotations.Insert;
import org.apache.ibatis.annotations.Param;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RestController;

@RestController
public class RefundController {
    private final RefundGateway gateway;
    private final RefundEventMapper events;

    public RefundController(RefundGateway gateway, RefundEventMapper events) {
        this.gateway = gateway;
        this.events = events;
    }

    @PostMapping("/refunds/{id}")
    public String refund(@PathVariable long id) {
        try {
            gateway.refund(id);
            return "ok";
        } catch (RuntimeException e) {
            events.saveEvent(id, "REFUND_ERROR");
            throw e;
        }
    }
}

interface RefundGateway {
    void refund(long id);
}

interface RefundEventMapper {
    @Insert("INSERT INTO refund_events (refund_id, type) VALUES (#{id}, #{type})")
    int saveEvent(@Param("id") long id, @Param("type") String type);
}
