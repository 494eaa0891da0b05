// The twin of Neg58 with the status read from the database: a mapper's selectById loads the row, its status is
// tested, and the same row's status is written in a second statement with no state predicate: a check-then-act race.
package com.example.idem003.pos36;

import org.apache.ibatis.annotations.Mapper;
import org.apache.ibatis.annotations.Param;
import org.apache.ibatis.annotations.Select;
import org.apache.ibatis.annotations.Update;
import org.springframework.stereotype.Service;

@Service
public class PayCallbackService {

    private final OrderMapper orderMapper;

    public PayCallbackService(OrderMapper orderMapper) {
        this.orderMapper = orderMapper;
    }

    public void confirm(Long orderId) {
        Order r = orderMapper.selectById(orderId);
        if ("WAIT_PAY".equals(r.getStatus())) {
            orderMapper.updateStatus(orderId, "PAID");
        }
    }
}

@Mapper
interface OrderMapper {
    @Select("SELECT id, status FROM t_order WHERE id = #{id}")
    Order selectById(@Param("id") Long id);

    @Update("UPDATE t_order SET status = #{status} WHERE id = #{id}") // expect: IDEM003 "read the status first (of the row it writes)"
    int updateStatus(@Param("id") Long id, @Param("status") String status);
}

class Order {
    private String status;

    public String getStatus() { return status; }
}
