// MyBatis Generator style: the job sets the record's status and updates by an example that only names the id.
package com.example.p003.pos05;

import java.util.List;
import org.springframework.scheduling.annotation.Scheduled;

public class RefundRetryJob {

    private RefundMapper refundMapper;

    @Scheduled(fixedRate = 120000)
    public void run() {
        for (Refund r : refundMapper.selectStuck()) {
            Refund record = new Refund();
            record.setStatus("RETRYING");
            RefundExample example = new RefundExample();
            example.createCriteria().andIdEqualTo(r.getId());
            refundMapper.updateByExampleSelective(record, example); // expect: IDEM003
        }
    }
}

interface RefundMapper {
    List<Refund> selectStuck();

    int updateByExampleSelective(Refund record, RefundExample example);
}

class RefundExample {
    Criteria createCriteria() { return new Criteria(); }

    static class Criteria {
        Criteria andIdEqualTo(Long id) { return this; }
        Criteria andStatusEqualTo(String s) { return this; }
    }
}

class Refund {
    private Long id;
    private String status;

    public Long getId() { return id; }
    public void setStatus(String s) { this.status = s; }
}
