// MyBatis Generator example that also requires the current status (andStatusEqualTo): conditional, no finding.
package com.example.n003.neg12;

import org.springframework.scheduling.annotation.Scheduled;

public class CloseJob {

    private OrderMapper orderMapper;

    @Scheduled(fixedRate = 60000)
    public void run() {
        for (Long id : orderMapper.selectTimeoutIds()) {
            Order record = new Order();
            record.setStatus(4);
            OrderExample example = new OrderExample();
            example.createCriteria().andIdEqualTo(id).andStatusEqualTo(0);
            orderMapper.updateByExampleSelective(record, example);
        }
    }
}

interface OrderMapper {
    java.util.List<Long> selectTimeoutIds();

    int updateByExampleSelective(Order record, OrderExample example);
}

class OrderExample {
    Criteria createCriteria() { return new Criteria(); }

    static class Criteria {
        Criteria andIdEqualTo(Long id) { return this; }
        Criteria andStatusEqualTo(Integer s) { return this; }
    }
}

class Order {
    private Integer status;

    public void setStatus(Integer s) { this.status = s; }
}
