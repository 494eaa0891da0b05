package demo;

import static org.assertj.core.api.Assertions.assertThat;
import static org.mockito.Mockito.*;

import org.junit.jupiter.api.Test;


class JobTest {
    TaskMapper tasks = mock(TaskMapper.class);
    FakePayments payments = new FakePayments();

    @Test
    void restartsAfterRecordFailure() {
        when(tasks.updateStatus(anyLong(), anyString())).thenThrow(new RuntimeException("crash")).thenReturn(1);
        for (int i = 0; i < 2; i++) {
            new Job(tasks, payments).run();
        }
        assertThat(payments.charged()).hasSize(1);
    }
}
