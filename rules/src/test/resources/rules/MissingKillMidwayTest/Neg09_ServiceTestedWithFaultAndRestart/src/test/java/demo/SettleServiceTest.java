package demo;

import static org.assertj.core.api.Assertions.assertThat;
import static org.mockito.Mockito.*;

import org.junit.jupiter.api.Test;


class SettleServiceTest {
    TaskMapper tasks = mock(TaskMapper.class);
    PaymentClient payments = mock(PaymentClient.class);
    SettleService service = new SettleService();

    @Test
    void secondAttemptAfterLostRecordDoesNotChargeAgain() {
        when(tasks.updateStatus(anyLong(), eq("DONE"))).thenThrow(new RuntimeException("lost")).thenReturn(1);
        Task t = new Task();
        service.settle(t);
        service.settle(t);
        verify(payments, times(1)).charge(anyLong(), any());
    }
}
