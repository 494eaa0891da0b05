package demo;

import static org.mockito.Mockito.*;

import org.junit.jupiter.api.Test;

// The job is held in a var local (Java 10+): its type is the one the initializer creates, so job.run() runs ChargeJob.
class ChargeJobTest {
    @Test
    void recordFailsThenRestartDoesNotChargeAgain() {
        var tasks = mock(TaskMapper.class);
        var payments = mock(PaymentClient.class);
        var job = new ChargeJob(tasks, payments);
        doThrow(new RuntimeException("killed")).doReturn(1).when(tasks).updateStatus(anyLong(), eq("DONE"));
        job.run();
        job.run();
        verify(payments, times(1)).charge(anyLong(), any());
    }
}
