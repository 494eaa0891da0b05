// The status check leaves through the project's own throwing helpers instead of a throw statement or a library
// assertion: fail(..) always throws, Checks.require(cond, ..) throws unless its condition holds, and helpers that
// call them (ensure passes its condition on, reject logs then fails, check fails unless its condition holds). The
// write after them runs only when the check passed, and two runs both pass it; reported at each check, as for
// Assert.isTrue and for if (..) throw.
package com.example.idem004.pos19;

import org.apache.ibatis.annotations.Mapper;
import org.apache.ibatis.annotations.Param;
import org.apache.ibatis.annotations.Select;
import org.apache.ibatis.annotations.Update;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.stereotype.Service;

@Service
public class OrderService {

    private final OrderMapper mapper;

    public OrderService(OrderMapper mapper) {
        this.mapper = mapper;
    }

    public void pay(long id) {
        Order o = mapper.selectById(id);
        if (!"PENDING".equals(o.getStatus())) fail("not pending"); // expect: IDEM004 "two separate steps"
        mapper.updateStatus(id, "PAID");
    }

    public void ship(long id) {
        Order o = mapper.selectById(id);
        Checks.require("PAID".equals(o.getStatus()), "not paid"); // expect: IDEM004 "two separate steps"
        mapper.updateStatus(id, "SHIPPED");
    }

    public void close(long id) {
        Order o = mapper.selectById(id);
        Checks.ensure("SHIPPED".equals(o.getStatus()), "not shipped"); // expect: IDEM004 "two separate steps"
        mapper.updateStatus(id, "CLOSED");
    }

    public void cancel(long id) {
        Order o = mapper.selectById(id);
        if (!"PENDING".equals(o.getStatus())) { // expect: IDEM004 "two separate steps"
            Checks.reject("only a pending order can be cancelled");
        }
        mapper.updateStatus(id, "CANCELLED");
    }

    public void refund(long id) {
        Order o = mapper.selectById(id);
        Checks.check("PAID".equals(o.getStatus()), "not paid"); // expect: IDEM004 "two separate steps"
        mapper.updateStatus(id, "REFUNDED");
    }

    private static void fail(String message) {
        throw new IllegalStateException(message);
    }
}

final class Checks {

    private static final Logger log = LoggerFactory.getLogger(Checks.class);

    private Checks() {
    }

    static void require(boolean ok, String message) {
        if (!ok) {
            throw new IllegalStateException(message);
        }
    }

    static void ensure(boolean ok, String message) {
        require(ok, message);
    }

    static void reject(String message) {
        log.warn("rejected: {}", message);
        fail(message);
    }

    static void check(boolean ok, String message) {
        if (!ok) reject(message);
    }

    private static void fail(String message) {
        throw new IllegalArgumentException(message);
    }
}

@Mapper
interface OrderMapper {

    @Select("SELECT id, status FROM orders WHERE id = #{id}")
    Order selectById(@Param("id") long id);

    @Update("UPDATE orders SET status = #{s} WHERE id = #{id}")
    int updateStatus(@Param("id") long id, @Param("s") String s);
}

class Order {
    private String status;

    public String getStatus() { return status; }
}
