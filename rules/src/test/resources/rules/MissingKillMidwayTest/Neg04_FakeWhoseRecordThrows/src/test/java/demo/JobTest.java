package demo;

import static org.assertj.core.api.Assertions.assertThat;
import static org.mockito.Mockito.*;

import org.junit.jupiter.api.Test;


class JobTest {
    @Test
    void restartAfterCrashChargesOnce() {
        FakeTasks tasks = new FakeTasks();
        FakePayments payments = new FakePayments();
        Job job = new Job(tasks, payments);
        tasks.crashOnDone = true;
        job.run();
        tasks.crashOnDone = false;
        job.run();
        assertThat(payments.charged()).containsOnlyOnce(101L);
    }
}
