// A timer consumer closes a group buy: it calls a @Transactional service method with the promotion's id, and that
// method selects the promotion's orders still in PAID itself (through a query helper building a wrapper on the pay
// status, or a mapper statement with a status predicate) and cancels them one by one. The query is keyed on the
// parameter, but the rows are picked by their state: they are independent work items, and one failing order rolls
// back the cancellation of every order before it (warning: database work only).
package com.example.idem002.pos13;

import java.util.List;
import org.apache.ibatis.annotations.Mapper;
import org.apache.ibatis.annotations.Param;
import org.apache.ibatis.annotations.Select;
import org.apache.ibatis.annotations.Update;
import org.springframework.scheduling.annotation.Scheduled;
import org.springframework.stereotype.Service;
import org.springframework.transaction.annotation.Transactional;

@Service
class GroupTimer {
    private final GroupOrderService orders;

    GroupTimer(GroupOrderService orders) {
        this.orders = orders;
    }

    @Scheduled(fixedDelay = 60000)
    public void closeExpiredGroups() {
        orders.closeGroup("g-1");
        orders.refundGroup("g-2");
    }
}

@Service
class GroupOrderService {
    private final OrderMapper mapper;

    GroupOrderService(OrderMapper mapper) {
        this.mapper = mapper;
    }

    @Transactional
    public void closeGroup(String promotionId) {
        for (Order o : queryPaidOfPromotion(promotionId)) { // expect: IDEM002 "rolls back every item already done"
            mapper.cancel(o.getSn());
        }
    }

    @Transactional
    public void refundGroup(String promotionId) {
        List<Order> paid = mapper.selectPaid(promotionId);
        for (Order o : paid) { // expect: IDEM002
            mapper.cancel(o.getSn());
        }
    }

    public List<Order> queryPaidOfPromotion(String promotionId) {
        OrderQuery q = new OrderQuery();
        q.eq(Order::getPromotionId, promotionId);
        q.eq(Order::getPayStatus, "PAID");
        return mapper.list(q);
    }
}

class OrderQuery {
    <T> OrderQuery eq(java.util.function.Function<Order, T> column, Object value) { return this; }
}

@Mapper
interface OrderMapper {
    List<Order> list(OrderQuery q);

    @Select("SELECT sn FROM orders WHERE promotion_id = #{id} AND pay_status = 'PAID'")
    List<Order> selectPaid(@Param("id") String promotionId);

    @Update("UPDATE orders SET order_status = 'CANCELLED' WHERE sn = #{sn}")
    int cancel(@Param("sn") String sn);
}

class Order {
    private String sn;
    private String promotionId;
    private String payStatus;
    String getSn() { return sn; }
    String getPromotionId() { return promotionId; }
    String getPayStatus() { return payStatus; }
}
