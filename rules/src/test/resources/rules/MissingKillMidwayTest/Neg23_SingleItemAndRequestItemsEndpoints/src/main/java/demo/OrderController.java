package demo;

import java.util.List;
import org.apache.ibatis.annotations.Mapper;
import org.apache.ibatis.annotations.Param;
import org.apache.ibatis.annotations.Select;
import org.apache.ibatis.annotations.Update;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RestController;

@RestController
public class OrderController {
    OrderMapper orders;
    PaymentClient paymentClient;

    // one order, paid at a user's request
    @PostMapping("/orders/{id}/pay")
    public void pay(@PathVariable long id) {
        Order o = orders.selectPending(id);
        paymentClient.charge(o.getUserId(), o.getAmount());
        orders.markPaid(o.getId());
    }

    // the items the request carries, not rows selected by state
    @PostMapping("/orders/pay-many")
    public void payMany(@RequestBody List<Order> body) {
        for (Order o : body) {
            paymentClient.charge(o.getUserId(), o.getAmount());
            orders.markPaid(o.getId());
        }
    }

    // rows selected by their owner, not their state
    @PostMapping("/users/{userId}/orders/pay")
    public void payAllOfUser(@PathVariable long userId) {
        for (Order o : orders.selectOfUser(userId)) {
            paymentClient.charge(o.getUserId(), o.getAmount());
            orders.markPaid(o.getId());
        }
    }
}

@Mapper
interface OrderMapper {
    @Select("SELECT id, user_id, amount FROM t_order WHERE id = #{id} AND status = 'PENDING'")
    Order selectPending(@Param("id") long id);

    @Select("SELECT id, user_id, amount FROM t_order WHERE user_id = #{userId}")
    List<Order> selectOfUser(@Param("userId") long userId);

    @Update("UPDATE t_order SET status = 'PAID' WHERE id = #{id}")
    int markPaid(@Param("id") long id);
}

class Order {
    long getId() { return 1; }
    long getUserId() { return 2; }
    long getAmount() { return 3; }
}
