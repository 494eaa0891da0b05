package demo;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class RestartAfterCrashTest {
    @Test
    void chargesOnceAcrossACrash() {
        JobFixture fixture = new JobFixture();
        fixture.crashAt("after-charge");
        for (int i = 0; i < 2; i++) {
            fixture.runOnce();
        }
        assertThat(Ledger.charges()).isEqualTo(1);
    }
}
