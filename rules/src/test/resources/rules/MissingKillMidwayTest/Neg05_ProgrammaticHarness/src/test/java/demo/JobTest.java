package demo;

import static org.assertj.core.api.Assertions.assertThat;
import static org.mockito.Mockito.*;

import org.junit.jupiter.api.Test;


import io.idemcheck.runtime.test.JobSpec;
import io.idemcheck.runtime.test.KillMidwayExtension;
import io.idemcheck.runtime.test.KillMidwayHarness;
import io.idemcheck.runtime.test.KillMidwayRun;
import org.junit.jupiter.api.extension.ExtendWith;

@ExtendWith(KillMidwayExtension.class)
class JobMatrixTest {
    @Test
    void exactlyOnce(KillMidwayHarness h) throws Exception {
        KillMidwayRun run = h.killMidway(JobSpec.of(JobMain.class), "after-charge", crashed -> { });
        assertThat(Db.count("SELECT COUNT(*) FROM charge")).isEqualTo(3);
    }
}
