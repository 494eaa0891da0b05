// The blind cancel is suppressed on the mapper method with a reason (a database trigger rejects the change when the
// order is paid): no finding.
package com.example.n003.neg13;

import java.util.List;
import org.apache.ibatis.annotations.Param;
import org.apache.ibatis.annotations.Update;
import org.springframework.scheduling.annotation.Scheduled;

public class CancelJob {

    private OrderMapper orderMapper;

    @Scheduled(fixedDelay = 60000)
    public void run() {
        for (Long id : orderMapper.selectUnpaidIds()) {
            orderMapper.cancel(id);
        }
    }
}

interface OrderMapper {
    List<Long> selectUnpaidIds();

    @SuppressWarnings("idemcheck:NonConditionalStatusUpdate") // trigger trg_order_paid_guard rejects paid -> cancelled
    @Update("UPDATE t_order SET status = 'CANCELLED' WHERE id = #{id}")
    int cancel(@Param("id") long id);
}
