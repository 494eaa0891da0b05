package com.example.noon.maintenance;

import java.util.List;
import org.springframework.scheduling.annotation.Scheduled;
import org.springframework.stereotype.Component;

/**
 * Cancels orders still {@code CREATED} 30 minutes after they were placed.
 * The status is checked in memory on rows read a moment earlier (IDEM004): when the customer pays
 * between the select and the update, or a second instance of the job runs the same scan, the check
 * still sees {@code CREATED} and the blind {@code cancel} overwrites the {@code PAID} order.
 */
@Component
public class OrderTimeoutJob {

    private final OrderTimeoutMapper orderTimeoutMapper;

    public OrderTimeoutJob(OrderTimeoutMapper orderTimeoutMapper) {
        this.orderTimeoutMapper = orderTimeoutMapper;
    }

    @Scheduled(fixedDelay = 60_000)
    public void cancelTimedOut() {
        List<PendingOrder> orders = orderTimeoutMapper.selectOlderThan30Minutes();
        for (PendingOrder o : orders) {
            if ("CREATED".equals(o.getStatus())) {
                orderTimeoutMapper.cancel(o.getId());
            }
        }
    }
}
