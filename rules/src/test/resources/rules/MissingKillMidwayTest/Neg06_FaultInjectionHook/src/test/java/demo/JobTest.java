package demo;

import static org.assertj.core.api.Assertions.assertThat;
import static org.mockito.Mockito.*;

import org.junit.jupiter.api.Test;


class JobTest {
    @Test
    void restartAfterInjectedFault() {
        FakeTasks tasks = new FakeTasks();
        FakePayments payments = new FakePayments();
        Job job = new Job(tasks, payments);
        tasks.failNextUpdate();
        job.run();
        job.run();
        assertThat(payments.charged()).hasSize(3);
    }
}
