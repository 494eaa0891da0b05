package demo;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class RestartAfterCrashTest {
    @Test
    void chargesOnceAcrossACrash() {
        TestableJob job = new TestableJob();
        job.crashAt("after-charge");
        for (int i = 0; i < 2; i++) {
            job.run();
        }
        assertThat(Ledger.charges()).isEqualTo(1);
    }
}
