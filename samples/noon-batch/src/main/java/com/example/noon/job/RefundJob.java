package com.example.noon.job;

import com.example.noon.client.PaymentClient;
import com.example.noon.domain.RefundTask;
import com.example.noon.mapper.RefundTaskMapper;
import org.apache.commons.logging.Log;
import org.apache.commons.logging.LogFactory;
import org.springframework.scheduling.annotation.Scheduled;
import org.springframework.stereotype.Component;

/**
 * The restart-safe counterpart of {@link NoonSettlementJob}: each row is claimed atomically
 * before the refund, and the refund carries a key derived from the row, so a re-run neither
 * refunds a row that another run holds nor refunds the same row twice at the gateway.
 */
@Component
public class RefundJob {

    private static final Log log = LogFactory.getLog(RefundJob.class);

    private final RefundTaskMapper refundTaskMapper;
    private final PaymentClient paymentClient;

    public RefundJob(RefundTaskMapper refundTaskMapper, PaymentClient paymentClient) {
        this.refundTaskMapper = refundTaskMapper;
        this.paymentClient = paymentClient;
    }

    @Scheduled(cron = "0 30 12 * * *")
    public void run() {
        for (RefundTask t : refundTaskMapper.selectPending(200)) {
            if (refundTaskMapper.markRunning(t.getId()) != 1) {
                continue; // another run already owns this row
            }
            try {
                paymentClient.refund(t.getUserId(), t.getAmount(), "refund:" + t.getId());
                refundTaskMapper.markDone(t.getId());
            } catch (RuntimeException e) {
                refundTaskMapper.markFailed(t.getId());
                log.error("refund task " + t.getId() + " failed", e);
            }
        }
    }
}
