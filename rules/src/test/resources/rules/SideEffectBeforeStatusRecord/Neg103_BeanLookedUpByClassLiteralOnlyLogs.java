// The twin of Pos106 whose looked-up bean only writes a local log line: following getBean(AuditTrail.class) into the
// class shows no effect, so nothing comes before the record that a restart would repeat.
package com.example.neg103;

import java.util.List;
import org.springframework.context.ApplicationContext;
import org.springframework.scheduling.annotation.Scheduled;

public class PayoutJob {
    private final ApplicationContext context;
    private final PayoutMapper mapper;

    public PayoutJob(ApplicationContext context, PayoutMapper mapper) {
        this.context = context;
        this.mapper = mapper;
    }

    @Scheduled(fixedDelay = 60_000)
    public void run() {
        List<Payout> due = mapper.selectByStatus("PENDING");
        for (Payout p : due) {
            context.getBean(AuditTrail.class).send(p.account(), p.amount());
            mapper.updateStatus(p.id(), "PAID");
        }
    }
}

class AuditTrail {
    private static final org.slf4j.Logger LOG = org.slf4j.LoggerFactory.getLogger(AuditTrail.class);

    void send(String account, long amount) {
        LOG.info("payout {} {}", account, amount);
    }
}

record Payout(long id, String account, long amount) {
}

interface PayoutMapper {
    List<Payout> selectByStatus(String status);

    int updateStatus(long id, String status);
}
