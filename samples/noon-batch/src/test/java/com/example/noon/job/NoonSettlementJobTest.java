package com.example.noon.job;

import static org.assertj.core.api.Assertions.assertThat;

import com.example.noon.domain.Order;
import com.example.noon.domain.SettlementTask;
import com.example.noon.fakes.FakeNotificationClient;
import com.example.noon.fakes.FakeOrderMapper;
import com.example.noon.fakes.FakePaymentClient;
import com.example.noon.fakes.FakeTaskMapper;
import com.example.noon.service.OrderService;
import com.example.noon.service.SettlementService;
import java.math.BigDecimal;
import java.time.LocalDate;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

class NoonSettlementJobTest {

    private static final LocalDate BIZ_DATE = LocalDate.of(2024, 5, 20);

    private FakeTaskMapper taskMapper;
    private FakeOrderMapper orderMapper;
    private FakePaymentClient paymentClient;
    private FakeNotificationClient notificationClient;
    private NoonSettlementJob job;

    @BeforeEach
    void setUp() {
        taskMapper = new FakeTaskMapper();
        orderMapper = new FakeOrderMapper();
        paymentClient = new FakePaymentClient();
        notificationClient = new FakeNotificationClient();
        SettlementService settlementService =
                new SettlementService(paymentClient, new OrderService(orderMapper), notificationClient);
        job = new NoonSettlementJob(taskMapper, settlementService);

        taskMapper.add(task(1L, 101L, "13800000001", "12.50"));
        taskMapper.add(task(2L, 102L, "13800000002", "99.00"));
        taskMapper.add(task(3L, 103L, "13800000003", "7.00"));
    }

    @Test
    void chargesEachPendingTaskOnceAndMarksItDone() {
        job.run();

        assertThat(paymentClient.chargedUsers).containsExactly(101L, 102L, 103L);
        assertThat(orderMapper.orders).extracting(Order::getTaskId).containsExactly(1L, 2L, 3L);
        assertThat(notificationClient.sentTo).containsExactly("13800000001", "13800000002", "13800000003");
        assertThat(taskMapper.statusOf(1L)).isEqualTo("DONE");
        assertThat(taskMapper.statusOf(2L)).isEqualTo("DONE");
        assertThat(taskMapper.statusOf(3L)).isEqualTo("DONE");
    }

    @Test
    void declinedPaymentMarksTaskFailedAndOtherTasksGoOn() {
        paymentClient.decline(102L);

        job.run();

        assertThat(taskMapper.statusOf(2L)).isEqualTo("FAILED");
        assertThat(paymentClient.attemptedUsers).containsOnlyOnce(102L);
        assertThat(paymentClient.chargedUsers).containsExactly(101L, 103L);
        assertThat(orderMapper.orders).extracting(Order::getTaskId).containsExactly(1L, 3L);
        assertThat(notificationClient.sentTo).doesNotContain("13800000002");
        assertThat(taskMapper.statusOf(1L)).isEqualTo("DONE");
        assertThat(taskMapper.statusOf(3L)).isEqualTo("DONE");
    }

    private static SettlementTask task(long id, long userId, String phone, String amount) {
        return new SettlementTask(id, userId, phone, new BigDecimal(amount), BIZ_DATE, "PENDING");
    }
}
