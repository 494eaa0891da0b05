package demo;

import static org.assertj.core.api.Assertions.assertThat;
import static org.mockito.Mockito.*;

import org.junit.jupiter.api.Test;


import io.idemcheck.runtime.test.KillMidwayRun;
import io.idemcheck.runtime.test.KillMidwayTest;

class OtherJobKillTest {
    @KillMidwayTest(job = OtherJobMain.class, crashPoint = "after-send")
    void sendsOnce(KillMidwayRun run) {
        assertThat(run.restartExitCode()).isZero();
    }
}
