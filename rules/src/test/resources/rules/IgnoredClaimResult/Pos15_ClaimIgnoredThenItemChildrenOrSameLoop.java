// Claims whose row counts are ignored, followed by work on the claimed item: after a single claim of an order, a loop
// over that order's lines charges each; inside a loop over due tasks, the claim of each task is followed (in a loop
// over the task's recipients) by a mail to each. The work runs whether or not the claim won. Two findings.
package com.example.idem005.pos15;

import java.util.List;
import org.apache.ibatis.annotations.Param;
import org.apache.ibatis.annotations.Select;
import org.apache.ibatis.annotations.Update;
import org.springframework.scheduling.annotation.Scheduled;

public class Billing {
    private OrderMapper orderMapper;
    private TaskMapper taskMapper;
    private PaymentGateway gateway;
    private MailClient mail;

    public void chargeOrder(Order order) {
        orderMapper.startCharging(order.getId()); // expect: IDEM005
        for (Line line : order.getLines()) {
            gateway.charge(line.getAccount(), line.getAmount());
        }
    }

    @Scheduled(fixedDelay = 60000)
    public void mailDue() {
        for (Task t : taskMapper.selectDue()) {
            taskMapper.claim(t.getId()); // expect: IDEM005
            for (String to : t.getRecipients()) {
                mail.sendMail(to, "due");
            }
        }
    }
}

interface OrderMapper {
    @Update("UPDATE orders SET status = 'CHARGING' WHERE id = #{id} AND status = 'NEW'")
    int startCharging(@Param("id") long id);
}

interface TaskMapper {
    @Select("SELECT * FROM task WHERE status = 'DUE'")
    List<Task> selectDue();

    @Update("UPDATE task SET status = 'RUNNING' WHERE id = #{id} AND status = 'DUE'")
    int claim(@Param("id") long id);
}

interface PaymentGateway {
    void charge(String account, long amount);
}

interface MailClient {
    void sendMail(String to, String text);
}

class Line {
    String account;
    long amount;

    String getAccount() {
        return account;
    }

    long getAmount() {
        return amount;
    }
}

class Order {
    long id;
    List<Line> lines;

    long getId() {
        return id;
    }

    List<Line> getLines() {
        return lines;
    }
}

class Task {
    long id;
    List<String> recipients;

    long getId() {
        return id;
    }

    List<String> getRecipients() {
        return recipients;
    }
}
