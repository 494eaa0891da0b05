package com.example.noon.service;

import com.example.noon.domain.Order;
import com.example.noon.domain.SettlementTask;
import com.example.noon.mapper.OrderMapper;
import org.springframework.stereotype.Service;
import org.springframework.transaction.annotation.Transactional;

@Service
public class OrderService {

    private final OrderMapper orderMapper;

    public OrderService(OrderMapper orderMapper) {
        this.orderMapper = orderMapper;
    }

    /**
     * Records the order for a charged settlement. The transaction covers this insert only;
     * it commits on return, long before the job records the task as DONE.
     */
    @Transactional
    public Order placeOrder(SettlementTask t) {
        Order order = new Order();
        order.setTaskId(t.getId());
        order.setUserId(t.getUserId());
        order.setAmount(t.getAmount());
        orderMapper.insertOrder(order);
        return order;
    }
}
