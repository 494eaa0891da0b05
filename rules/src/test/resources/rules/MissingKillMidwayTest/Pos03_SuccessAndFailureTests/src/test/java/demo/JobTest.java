package demo;

import static org.assertj.core.api.Assertions.assertThat;
import static org.mockito.Mockito.*;

import org.junit.jupiter.api.Test;


class JobTest {
    TaskMapper tasks = mock(TaskMapper.class);
    PaymentClient payments = mock(PaymentClient.class);
    Job job = new Job(tasks, payments);

    @Test
    void chargesOnce() {
        job.run();
        verify(payments, times(1)).charge(1L, null);
    }

    @Test
    void declinedChargeMarksFailed() {
        when(payments.charge(anyLong(), any())).thenThrow(new IllegalStateException("declined"));
        job.run();
        verify(tasks, never()).updateStatus(1L, "DONE");
    }
}
