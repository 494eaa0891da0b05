// A RocketMQ listener loads the refund and saves it with a new status; no version field fences the save.
package com.example.p003.pos13;

import org.apache.rocketmq.spring.annotation.RocketMQMessageListener;
import org.apache.rocketmq.spring.core.RocketMQListener;
import org.springframework.data.jpa.repository.JpaRepository;

@RocketMQMessageListener(topic = "refund-result", consumerGroup = "refund")
public class RefundResultListener implements RocketMQListener<String> {

    private RefundRepository refunds;

    @Override
    public void onMessage(String refundNo) {
        Refund r = refunds.findByRefundNo(refundNo);
        r.setState("SUCCEEDED");
        refunds.saveAndFlush(r); // expect: IDEM003
    }
}

interface RefundRepository extends JpaRepository<Refund, Long> {
    Refund findByRefundNo(String refundNo);
}

class Refund {
    private Long id;
    private String state;

    public void setState(String s) { this.state = s; }
}
