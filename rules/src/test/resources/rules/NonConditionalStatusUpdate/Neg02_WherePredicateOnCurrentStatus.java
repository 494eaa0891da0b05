// The scheduled cancel names the status it starts from: a paid order is left alone; no finding.
package com.example.n003.neg02;

import java.util.List;
import org.apache.ibatis.annotations.Param;
import org.apache.ibatis.annotations.Update;
import org.springframework.scheduling.annotation.Scheduled;

public class TimeoutCancelJob {

    private OrderMapper orderMapper;

    @Scheduled(fixedDelay = 60000)
    public void run() {
        for (Long id : orderMapper.selectUnpaidIds()) {
            if (orderMapper.cancel(id) == 1) {
                releaseStock(id);
            }
        }
    }

    private void releaseStock(Long id) {
    }
}

interface OrderMapper {
    List<Long> selectUnpaidIds();

    @Update("UPDATE t_order SET status = 'CANCELLED' WHERE id = #{id} AND status = 'UNPAID'")
    int cancel(@Param("id") long id);
}
