// From a real report (own words): an unpaid order is cancelled on two paths, a scheduled scan and a delayed-message
// consumer. Both read the order, see it unpaid, and write CANCELLED by id with no predicate on the current status, then
// release the stock; a late payment or the other path is overwritten. One finding at the UPDATE, both callers related.
package com.example.p003.pos02;

import java.util.List;
import org.apache.ibatis.annotations.Mapper;
import org.apache.ibatis.annotations.Param;
import org.apache.ibatis.annotations.Select;
import org.apache.ibatis.annotations.Update;
import org.springframework.amqp.rabbit.annotation.RabbitListener;
import org.springframework.scheduling.annotation.Scheduled;
import org.springframework.stereotype.Component;
import org.springframework.stereotype.Service;

@Service
public class OrderCancelService {

    private OrderMapper orderMapper;
    private StockClient stockClient;

    public void cancelIfUnpaid(long orderId) {
        Order order = orderMapper.selectById(orderId);
        if (order == null || order.getStatus() != 0) {
            return;
        }
        orderMapper.updateStatus(orderId, 4);
        stockClient.release(orderId);
    }
}

@Component
class CancelScan {

    private OrderMapper orderMapper;
    private OrderCancelService service;

    @Scheduled(cron = "0 */5 * * * *")
    public void scan() {
        for (Long id : orderMapper.selectTimeoutIds()) {
            service.cancelIfUnpaid(id);
        }
    }
}

@Component
class DelayedCancelConsumer {

    private OrderCancelService service;

    @RabbitListener(queues = "order.cancel.delay")
    public void onMessage(Long orderId) {
        service.cancelIfUnpaid(orderId);
    }
}

@Mapper
interface OrderMapper {

    @Select("SELECT id, status FROM oms_order WHERE id = #{id}")
    Order selectById(@Param("id") long id);

    @Select("SELECT id FROM oms_order WHERE status = 0 AND create_time < NOW() - INTERVAL 30 MINUTE")
    List<Long> selectTimeoutIds();

    @Update("UPDATE oms_order SET status = #{status} WHERE id = #{id}") // expect: IDEM003 "read the status first"
    int updateStatus(@Param("id") long id, @Param("status") int status);
}

interface StockClient {
    void release(long orderId);
}

class Order {
    private Long id;
    private Integer status;

    public Long getId() { return id; }
    public Integer getStatus() { return status; }
}
