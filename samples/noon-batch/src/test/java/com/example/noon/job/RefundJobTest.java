package com.example.noon.job;

import static org.assertj.core.api.Assertions.assertThat;

import com.example.noon.domain.RefundTask;
import com.example.noon.fakes.FakePaymentClient;
import com.example.noon.fakes.FakeRefundTaskMapper;
import java.math.BigDecimal;
import org.junit.jupiter.api.Test;

class RefundJobTest {

    @Test
    void refundsEachClaimedRowWithAKeyDerivedFromTheRow() {
        FakeRefundTaskMapper mapper = new FakeRefundTaskMapper();
        FakePaymentClient paymentClient = new FakePaymentClient();
        mapper.add(new RefundTask(1L, 101L, new BigDecimal("5.00"), "PENDING"));
        mapper.add(new RefundTask(2L, 102L, new BigDecimal("8.00"), "PENDING"));

        new RefundJob(mapper, paymentClient).run();

        assertThat(paymentClient.refundKeys).containsExactly("refund:1", "refund:2");
        assertThat(mapper.statusOf(1L)).isEqualTo("DONE");
        assertThat(mapper.statusOf(2L)).isEqualTo("DONE");
    }

    @Test
    void skipsARowWhoseClaimIsLost() {
        FakeRefundTaskMapper mapper = new FakeRefundTaskMapper() {
            @Override
            public int markRunning(long id) {
                if (id == 1L) {
                    claimElsewhere(id);
                }
                return super.markRunning(id);
            }
        };
        FakePaymentClient paymentClient = new FakePaymentClient();
        mapper.add(new RefundTask(1L, 101L, new BigDecimal("5.00"), "PENDING"));

        new RefundJob(mapper, paymentClient).run();

        assertThat(paymentClient.refundKeys).isEmpty();
        assertThat(mapper.statusOf(1L)).isEqualTo("RUNNING");
    }
}
