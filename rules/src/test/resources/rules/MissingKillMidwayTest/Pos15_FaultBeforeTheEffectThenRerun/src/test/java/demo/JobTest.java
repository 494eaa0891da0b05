package demo;

import static org.mockito.Mockito.*;

import org.junit.jupiter.api.Test;

class JobTest {
    TaskMapper tasks = mock(TaskMapper.class);
    PaymentClient payments = mock(PaymentClient.class);
    LedgerMapper ledger = mock(LedgerMapper.class);
    Job job = new Job(tasks, payments, ledger);

    @Test
    void touchFailsBeforeTheChargeThenRestart() {
        doThrow(new RuntimeException("killed")).doNothing().when(tasks).touch(anyLong());
        job.run();
        job.run();
        verify(payments, times(1)).charge(anyLong(), any());
    }
}
