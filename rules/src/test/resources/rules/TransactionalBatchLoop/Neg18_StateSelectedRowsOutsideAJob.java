// The same state-selected loop over one promotion's paid orders, but nothing unattended runs it: an operator's request
// closes the group, and the one transaction is the all-or-nothing that request asked for. And a job that calls a
// @Transactional method over the children of one parent selected by their parent key only (no state predicate): the
// rows are one aggregate, not work items. No finding.
package com.example.idem002.neg18;

import java.util.List;
import org.apache.ibatis.annotations.Mapper;
import org.apache.ibatis.annotations.Param;
import org.apache.ibatis.annotations.Select;
import org.apache.ibatis.annotations.Update;
import org.springframework.scheduling.annotation.Scheduled;
import org.springframework.stereotype.Service;
import org.springframework.transaction.annotation.Transactional;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RestController;

@RestController
class GroupController {
    private final GroupOrderService orders;

    GroupController(GroupOrderService orders) {
        this.orders = orders;
    }

    @PostMapping("/groups/close")
    public void close(String promotionId) {
        orders.closeGroup(promotionId);
    }
}

@Service
class TradeTimer {
    private final GroupOrderService orders;

    TradeTimer(GroupOrderService orders) {
        this.orders = orders;
    }

    @Scheduled(fixedDelay = 60000)
    public void settle() {
        orders.settleTrade("t-1");
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
        for (Order o : mapper.selectPaid(promotionId)) {
            mapper.cancel(o.getSn());
        }
    }

    @Transactional
    public void settleTrade(String tradeSn) {
        for (Order o : mapper.selectOfTrade(tradeSn)) {
            mapper.settle(o.getSn());
        }
    }
}

@Mapper
interface OrderMapper {
    @Select("SELECT sn FROM orders WHERE promotion_id = #{id} AND pay_status = 'PAID'")
    List<Order> selectPaid(@Param("id") String promotionId);

    @Select("SELECT sn FROM orders WHERE trade_sn = #{sn}")
    List<Order> selectOfTrade(@Param("sn") String tradeSn);

    @Update("UPDATE orders SET order_status = 'CANCELLED' WHERE sn = #{sn}")
    int cancel(@Param("sn") String sn);

    @Update("UPDATE orders SET settled = 1 WHERE sn = #{sn}")
    int settle(@Param("sn") String sn);
}

class Order {
    private String sn;
    String getSn() { return sn; }
}
