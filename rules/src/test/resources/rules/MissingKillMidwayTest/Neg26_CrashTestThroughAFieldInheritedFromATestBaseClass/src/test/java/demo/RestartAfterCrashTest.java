package demo;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class RestartAfterCrashTest extends WorkTestBase {
    @Test
    void chargesOnceAcrossACrash() {
        work = new Job(null, null);
        Crashes.crashAt("after-charge");
        for (int i = 0; i < 2; i++) {
            work.run();
        }
        assertThat(Ledger.charges()).isEqualTo(1);
    }
}
