package com.example.noonsafe.service;

import com.example.noonsafe.domain.SettlementTask;
import com.example.noonsafe.domain.Order;
import com.example.noonsafe.mapper.OrderMapper;
import org.springframework.stereotype.Service;
import org.springframework.transaction.annotation.Transactional;

@Service
public class OrderService {

    private final OrderMapper orderMapper;

    public OrderService(OrderMapper orderMapper) {
        this.orderMapper = orderMapper;
    }

    /**
     * Records the order for a charged settlement, at most once per key: a retry finds the order already there
     * (and the UNIQUE index on {@code idem_key} stops a concurrent duplicate).
     */
    @Transactional
    public void placeOrder(SettlementTask t, String idempotencyKey) {
        if (orderMapper.countByIdemKey(idempotencyKey) > 0) {
            return;
        }
        Order order = new Order();
        order.setTaskId(t.getId());
        order.setUserId(t.getUserId());
        order.setAmount(t.getAmount());
        order.setIdemKey(idempotencyKey);
        orderMapper.insertOrder(order);
    }
}
