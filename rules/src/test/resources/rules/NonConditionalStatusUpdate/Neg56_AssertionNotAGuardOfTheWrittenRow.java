// Assertions that are no read of the written row's state before a blind write: an assertion in another branch than
// the write (it does not dominate it), an assertion on another column (an enabled flag), an assertion on a parameter
// whose read is not visible here, and a project helper that only logs (it may return, so it guards nothing); none of
// these methods runs unattended, so no finding.
package com.example.n003.neg56;

import org.apache.ibatis.annotations.Mapper;
import org.apache.ibatis.annotations.Param;
import org.apache.ibatis.annotations.Select;
import org.apache.ibatis.annotations.Update;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.stereotype.Service;
import org.springframework.util.Assert;

@Service
public class OrderService {

    private static final Logger log = LoggerFactory.getLogger(OrderService.class);

    private final OrderMapper mapper;

    public OrderService(OrderMapper mapper) {
        this.mapper = mapper;
    }

    public void pay(long id, boolean manual) {
        Order o = mapper.selectById(id);
        if (manual) {
            Assert.isTrue("PENDING".equals(o.getStatus()), "not pending");
        } else {
            mapper.pay(id);
        }
    }

    public void ship(long id) {
        Order o = mapper.selectById(id);
        Assert.isTrue(o.isEnabled(), "disabled");
        mapper.ship(id);
    }

    public void close(Order o) {
        Assert.isTrue("SHIPPED".equals(o.getStatus()), "not shipped");
        mapper.close(o.getId());
    }

    public void refund(long id) {
        Order o = mapper.selectById(id);
        warnUnless("PAID".equals(o.getStatus()), "not paid");
        mapper.refund(id);
    }

    private static void warnUnless(boolean ok, String message) {
        if (!ok) {
            log.warn(message);
        }
    }
}

@Mapper
interface OrderMapper {

    @Select("SELECT id, status, enabled FROM t_order WHERE id = #{id}")
    Order selectById(@Param("id") long id);

    @Update("UPDATE t_order SET status = 'PAID' WHERE id = #{id}")
    int pay(@Param("id") long id);

    @Update("UPDATE t_order SET status = 'SHIPPED' WHERE id = #{id}")
    int ship(@Param("id") long id);

    @Update("UPDATE t_order SET status = 'CLOSED' WHERE id = #{id}")
    int close(@Param("id") long id);

    @Update("UPDATE t_order SET status = 'REFUNDED' WHERE id = #{id}")
    int refund(@Param("id") long id);
}

class Order {
    private long id;
    private String status;
    private boolean enabled;

    public long getId() { return id; }
    public String getStatus() { return status; }
    public boolean isEnabled() { return enabled; }
}
