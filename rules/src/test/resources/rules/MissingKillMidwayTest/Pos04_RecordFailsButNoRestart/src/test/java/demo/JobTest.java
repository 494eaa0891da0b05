package demo;

import static org.assertj.core.api.Assertions.assertThat;
import static org.mockito.Mockito.*;

import org.junit.jupiter.api.Test;


class JobTest {
    TaskMapper tasks = mock(TaskMapper.class);
    PaymentClient payments = mock(PaymentClient.class);
    Job job = new Job(tasks, payments);

    @Test
    void recordFailure() {
        doThrow(new RuntimeException("db down")).when(tasks).updateStatus(anyLong(), eq("DONE"));
        job.run();
        verify(payments, times(1)).charge(anyLong(), any());
    }
}
