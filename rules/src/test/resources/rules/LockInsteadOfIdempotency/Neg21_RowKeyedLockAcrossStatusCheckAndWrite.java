// A Redisson lock keyed by the order is held across the read of the order's status, the check, the charge and the
// status write: a second caller waits for the lock, reads PAID and stops. The lock is a per-item guard around a
// check-then-act on its own row, not a lock as the only guard (the charge before the record is IDEM001's gap).
// Two shapes: an early exit on a key read through an accessor, and an if block on a key parameter. No IDEM009.
package com.example.idem009.neg21;

import org.apache.ibatis.annotations.Param;
import org.apache.ibatis.annotations.Select;
import org.apache.ibatis.annotations.Update;
import org.redisson.api.RLock;
import org.redisson.api.RedissonClient;

public class OrderPayment {
    private final RedissonClient redisson;
    private final OrderMapper mapper;
    private final PaymentGateway gateway;

    public OrderPayment(RedissonClient redisson, OrderMapper mapper, PaymentGateway gateway) {
        this.redisson = redisson;
        this.mapper = mapper;
        this.gateway = gateway;
    }

    public void pay(Order order) {
        RLock lock = redisson.getLock("order:" + order.getId());
        lock.lock();
        try {
            Order current = mapper.selectById(order.getId());
            if (!"UNPAID".equals(current.getStatus())) {
                return;
            }
            gateway.charge(current.getCustomer(), current.getAmount());
            mapper.updateStatus(order.getId(), "PAID");
        } finally {
            lock.unlock();
        }
    }

    public void payById(long id) {
        RLock lock = redisson.getLock("order:" + id);
        lock.lock();
        try {
            Order current = mapper.selectById(id);
            if ("UNPAID".equals(current.getStatus())) {
                gateway.charge(current.getCustomer(), current.getAmount());
                mapper.updateStatus(id, "PAID");
            }
        } finally {
            lock.unlock();
        }
    }
}

interface OrderMapper {
    @Select("SELECT id, status, customer, amount FROM orders WHERE id = #{id}")
    Order selectById(@Param("id") long id);

    @Update("UPDATE orders SET status = #{s} WHERE id = #{id}")
    int updateStatus(@Param("id") long id, @Param("s") String s);
}

interface PaymentGateway {
    void charge(String customer, long amount);
}

class Order {
    long id;
    String status;
    String customer;
    long amount;

    long getId() {
        return id;
    }

    String getStatus() {
        return status;
    }

    String getCustomer() {
        return customer;
    }

    long getAmount() {
        return amount;
    }
}
