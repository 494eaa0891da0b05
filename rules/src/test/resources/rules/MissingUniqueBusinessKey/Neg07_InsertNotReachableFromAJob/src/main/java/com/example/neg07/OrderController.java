// An insert run by a web request, not by a job nor in a loop over selected rows: not this rule's concern.
package com.example.neg07;

import java.math.BigDecimal;
import org.apache.ibatis.annotations.Insert;
import org.apache.ibatis.annotations.Mapper;
import org.apache.ibatis.annotations.Param;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RestController;

@RestController
public class OrderController {

    private final OrderMapper orderMapper;

    public OrderController(OrderMapper orderMapper) {
        this.orderMapper = orderMapper;
    }

    @PostMapping("/orders")
    public void place(long taskId, long userId, BigDecimal amount) {
        orderMapper.insertOrder(taskId, userId, amount);
    }
}

@Mapper
interface OrderMapper {
    @Insert("INSERT INTO t_order (task_id, user_id, amount, status) VALUES (#{taskId}, #{userId}, #{amount}, 'CREATED')")
    int insertOrder(@Param("taskId") long taskId, @Param("userId") long userId, @Param("amount") BigDecimal amount);
}
