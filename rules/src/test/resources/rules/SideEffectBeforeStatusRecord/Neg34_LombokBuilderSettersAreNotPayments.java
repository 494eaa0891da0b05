// payPrice(..) and refundReason(..) on a Lombok-style builder name fields of the refund log being built, not a payment; building the log and recording the order is no effect-then-record shape: no finding.
package com.example.neg34;

import java.util.List;
import org.apache.ibatis.annotations.Mapper;
import org.apache.ibatis.annotations.Param;
import org.apache.ibatis.annotations.Select;
import org.apache.ibatis.annotations.Update;
import org.springframework.scheduling.annotation.Scheduled;

public class RefundLogJob {

    private final OrderMapper orders;

    public RefundLogJob(OrderMapper orders) {
        this.orders = orders;
    }

    @Scheduled(fixedDelay = 60_000)
    public void run() {
        for (Order o : orders.selectCancelled()) {
            RefundLog log = RefundLog.builder().payPrice(o.getAmount()).refundReason("cancelled").build();
            orders.updateStatus(o.getId(), log.describe());
        }
    }
}

class RefundLog {
    static RefundLogBuilder builder() {
        return new RefundLogBuilder();
    }

    String describe() {
        return "REFUND_LOGGED";
    }
}

@Mapper
interface OrderMapper {

    @Select("SELECT id, amount FROM t_order WHERE status = 'CANCELLED'")
    List<Order> selectCancelled();

    @Update("UPDATE t_order SET status = #{status} WHERE id = #{id}")
    int updateStatus(@Param("id") long id, @Param("status") String status);
}

class Order {
    private long id;
    private long amount;

    public long getId() { return id; }
    public long getAmount() { return amount; }
}
