package demo;

import io.idemcheck.runtime.Claim;
import io.idemcheck.runtime.TaskClaimer;
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
        for (Long id : ids.pending()) {
            Optional<Claim> c = claimer.claim(id, "me"); // expect: IDEM008 "TaskClaimer.recoverExpired is never called"
            c.ifPresent(claimer::complete);
        }
    }
}
