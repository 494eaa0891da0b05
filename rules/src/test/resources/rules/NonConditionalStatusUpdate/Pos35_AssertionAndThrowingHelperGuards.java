// The stored status is checked through statements that throw instead of an if: Spring's Assert.isTrue, Guava's
// Preconditions.checkState, a project helper that always throws (if (..) fail(..)) and one that throws unless its
// condition holds (Checks.require). The blind UPDATE after each runs only when the check passed: a transition whose
// start state is not in the WHERE clause, as after if (..) throw; reported at each statement (the guards IDEM004
// reads too).
package com.example.n003.pos35;

import com.google.common.base.Preconditions;
import org.apache.ibatis.annotations.Mapper;
import org.apache.ibatis.annotations.Param;
import org.apache.ibatis.annotations.Select;
import org.apache.ibatis.annotations.Update;
import org.springframework.stereotype.Service;
import org.springframework.util.Assert;

@Service
public class OrderService {

    private final OrderMapper mapper;

    public OrderService(OrderMapper mapper) {
        this.mapper = mapper;
    }

    public void pay(long id) {
        Order o = mapper.selectById(id);
        Assert.isTrue("PENDING".equals(o.getStatus()), "not pending");
        mapper.pay(id);
    }

    public void ship(long id) {
        Order o = mapper.selectById(id);
        Preconditions.checkState("PAID".equals(o.getStatus()), "not paid");
        mapper.ship(id);
    }

    public void close(long id) {
        Order o = mapper.selectById(id);
        if (!"SHIPPED".equals(o.getStatus())) fail("not shipped");
        mapper.close(id);
    }

    public void refund(long id) {
        Order o = mapper.selectById(id);
        Checks.require("PAID".equals(o.getStatus()), "not paid");
        mapper.refund(id);
    }

    private static void fail(String message) {
        throw new IllegalStateException(message);
    }
}

final class Checks {

    private Checks() {
    }

    static void require(boolean ok, String message) {
        if (!ok) {
            throw new IllegalStateException(message);
        }
    }
}

@Mapper
interface OrderMapper {

    @Select("SELECT id, status FROM t_order WHERE id = #{id}")
    Order selectById(@Param("id") long id);

    @Update("UPDATE t_order SET status = 'PAID' WHERE id = #{id}") // expect: IDEM003 "at line 27 read the status first"
    int pay(@Param("id") long id);

    @Update("UPDATE t_order SET status = 'SHIPPED' WHERE id = #{id}") // expect: IDEM003 "at line 33 read the status first"
    int ship(@Param("id") long id);

    @Update("UPDATE t_order SET status = 'CLOSED' WHERE id = #{id}") // expect: IDEM003 "at line 39 read the status first"
    int close(@Param("id") long id);

    @Update("UPDATE t_order SET status = 'REFUNDED' WHERE id = #{id}") // expect: IDEM003 "at line 45 read the status first"
    int refund(@Param("id") long id);
}

class Order {
    private String status;

    public String getStatus() { return status; }
}
