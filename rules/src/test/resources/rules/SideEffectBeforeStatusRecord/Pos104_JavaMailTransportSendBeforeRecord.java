// Jakarta Mail's static Transport.send(message) mails each order's confirmation before the order is marked SYNCED: a crash between them mails it again: finding on send.
package com.example.pos104;

import jakarta.mail.Message;
import jakarta.mail.Session;
import jakarta.mail.Transport;
import jakarta.mail.internet.MimeMessage;
import java.util.List;
import org.apache.ibatis.annotations.Mapper;
import org.apache.ibatis.annotations.Param;
import org.apache.ibatis.annotations.Select;
import org.apache.ibatis.annotations.Update;
import org.springframework.scheduling.annotation.Scheduled;

public class OrderSyncJob {

    private final OrderMapper orders;
    private Session session;

    public OrderSyncJob(OrderMapper orders) {
        this.orders = orders;
    }

    @Scheduled(fixedDelay = 60_000)
    public void run() throws Exception {
        for (Order o : orders.selectPending()) {
            MimeMessage message = new MimeMessage(session);
            message.setText(o.getOrderNo());
            Transport.send(message); // expect: IDEM001 "sends a mail"
            orders.markSynced(o.getId());
        }
    }
}

@Mapper
interface OrderMapper {

    @Select("SELECT id, order_no FROM t_order WHERE sync_status = 'PENDING'")
    List<Order> selectPending();

    @Update("UPDATE t_order SET sync_status = 'SYNCED' WHERE id = #{id}")
    int markSynced(@Param("id") long id);
}

class Order {
    private long id;
    private String orderNo;

    public long getId() { return id; }
    public String getOrderNo() { return orderNo; }
}

