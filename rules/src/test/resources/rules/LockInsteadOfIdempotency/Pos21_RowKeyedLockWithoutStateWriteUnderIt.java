// Locks keyed by the order around a status check and a charge, where the lock does not cover a write of the checked
// state of that row: the status is written after the unlock (a second caller that got the lock in between reads
// UNPAID again and charges), or the check reads the customer's status, not the order's, and no status is written;
// or the lock is a tryLock whose answer is ignored, so after its timeout the check and the write run without it.
// The lock alone keeps the charge from repeating. Three findings.
package com.example.idem009.pos21;

import java.util.concurrent.TimeUnit;
import org.apache.ibatis.annotations.Param;
import org.apache.ibatis.annotations.Select;
import org.apache.ibatis.annotations.Update;
import org.redisson.api.RLock;
import org.redisson.api.RedissonClient;

public class OrderPayment {
    private final RedissonClient redisson;
    private final OrderMapper mapper;
    private final CustomerMapper customers;
    private final PaymentGateway gateway;

    public OrderPayment(RedissonClient redisson, OrderMapper mapper, CustomerMapper customers,
                        PaymentGateway gateway) {
        this.redisson = redisson;
        this.mapper = mapper;
        this.customers = customers;
        this.gateway = gateway;
    }

    public void payThenRelease(long id) {
        RLock lock = redisson.getLock("order:" + id);
        lock.lock(); // expect: IDEM009 "keyed by"
        try {
            Order current = mapper.selectById(id);
            if (!"UNPAID".equals(current.getStatus())) {
                return;
            }
            gateway.charge(current.getCustomer(), current.getAmount());
        } finally {
            lock.unlock();
        }
        mapper.updateStatus(id, "PAID");
    }

    public void payAfterWaiting(long id) throws InterruptedException {
        RLock lock = redisson.getLock("order:" + id);
        lock.tryLock(60, 30, TimeUnit.SECONDS); // expect: IDEM009 "is ignored"
        try {
            Order current = mapper.selectById(id);
            if (!"UNPAID".equals(current.getStatus())) {
                return;
            }
            gateway.charge(current.getCustomer(), current.getAmount());
            mapper.updateStatus(id, "PAID");
        } finally {
            lock.unlock();
        }
    }

    public void payActiveCustomer(long id, String customerId) {
        RLock lock = redisson.getLock("order:" + id);
        lock.lock(); // expect: IDEM009 "keyed by"
        try {
            Customer c = customers.selectById(customerId);
            if (!"ACTIVE".equals(c.getStatus())) {
                return;
            }
            Order current = mapper.selectById(id);
            gateway.charge(current.getCustomer(), current.getAmount());
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

interface CustomerMapper {
    @Select("SELECT id, status FROM customer WHERE id = #{id}")
    Customer selectById(@Param("id") String id);
}

interface PaymentGateway {
    void charge(String customer, long amount);
}

class Customer {
    String status;

    String getStatus() {
        return status;
    }
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
