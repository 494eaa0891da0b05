package demo;

import static org.assertj.core.api.Assertions.assertThat;
import static org.mockito.Mockito.*;

import org.junit.jupiter.api.Test;


class JobTest {
    FakePayments payments = new FakePayments();
    Job job = new Job(new FakeTasks(), payments);

    @Test
    void chargesEveryPendingTask() {
        job.run();
        assertThat(payments.charged()).hasSize(3);
    }
}
