// Project helpers that do not always leave: warn(..) only logs, lenient(..) returns early before its check, and
// maybeFail(..) throws only in strict mode. A status check that calls them does not stop the write, so it is no
// guard of it; and a throwing helper inside a branch the write is outside of does not dominate it: no finding.
package com.example.idem004.neg36;

import org.apache.ibatis.annotations.Mapper;
import org.apache.ibatis.annotations.Param;
import org.apache.ibatis.annotations.Select;
import org.apache.ibatis.annotations.Update;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.stereotype.Service;

@Service
public class OrderService {

    private static final Logger log = LoggerFactory.getLogger(OrderService.class);

    private final OrderMapper mapper;
    private boolean strict;
    private static boolean debug;

    public OrderService(OrderMapper mapper) {
        this.mapper = mapper;
    }

    public void pay(long id) {
        Order o = mapper.selectById(id);
        warn("PENDING".equals(o.getStatus()), "not pending");
        mapper.updateStatus(id, "PAID");
    }

    public void ship(long id) {
        Order o = mapper.selectById(id);
        lenient("PAID".equals(o.getStatus()), "not paid");
        mapper.updateStatus(id, "SHIPPED");
    }

    public void cancel(long id) {
        Order o = mapper.selectById(id);
        if (!"PENDING".equals(o.getStatus())) {
            maybeFail("only a pending order can be cancelled");
        }
        mapper.updateStatus(id, "CANCELLED");
    }

    public void refund(long id) {
        Order o = mapper.selectById(id);
        if (id > 100) {
            require("PAID".equals(o.getStatus()), "not paid");
        }
        mapper.updateStatus(id, "REFUNDED");
    }

    private static void warn(boolean ok, String message) {
        if (!ok) {
            log.warn(message);
        }
    }

    private static void lenient(boolean ok, String message) {
        if (debug) {
            return;
        }
        if (!ok) {
            throw new IllegalStateException(message);
        }
    }

    private void maybeFail(String message) {
        if (strict) {
            throw new IllegalStateException(message);
        }
        log.warn(message);
    }

    private static void require(boolean ok, String message) {
        if (!ok) {
            throw new IllegalStateException(message);
        }
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
