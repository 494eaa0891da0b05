package demo;

import io.idemcheck.runtime.Claim;
import io.idemcheck.runtime.TaskClaimer;
import java.time.Duration;
import java.util.Optional;
import org.apache.ibatis.annotations.Select;

interface Ids {
    @Select("SELECT id FROM charge_task WHERE status = 'PENDING'")
    java.util.List<Long> pending();
}

public class Worker {
    TaskClaimer claimer;
    Ids ids;

    public void work() {
        claimer.recoverExpired(Duration.ofMinutes(10));
        for (Long id : ids.pending()) {
            Optional<Claim> c = claimer.claim(id, "me");
            c.ifPresent(claimer::complete);
        }
    }
}
