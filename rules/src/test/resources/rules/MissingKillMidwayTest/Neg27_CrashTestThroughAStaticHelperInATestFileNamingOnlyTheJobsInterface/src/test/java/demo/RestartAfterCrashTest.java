package demo;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class RestartAfterCrashTest {
    @Test
    void chargesOnceAcrossACrash() {
        Crashes.crashAt("after-charge");
        for (int i = 0; i < 2; i++) {
            Works.wrap(new Job(null, null)).run();
        }
        assertThat(Ledger.charges()).isEqualTo(1);
    }
}
