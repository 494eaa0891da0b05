package demo;

import static org.assertj.core.api.Assertions.assertThat;
import static org.mockito.Mockito.*;

import org.junit.jupiter.api.Test;


import io.idemcheck.runtime.test.KillMidwayRun;
import io.idemcheck.runtime.test.KillMidwayTest;

class JobKillMidwayTest {
    @KillMidwayTest(job = JobMain.class, crashPoint = "after-charge", args = "${url}")
    void chargesOnceAcrossAKill(KillMidwayRun run) {
        assertThat(run.restartExitCode()).isZero();
        assertThat(Db.count("SELECT COUNT(*) FROM charge")).isEqualTo(3);
    }
}
