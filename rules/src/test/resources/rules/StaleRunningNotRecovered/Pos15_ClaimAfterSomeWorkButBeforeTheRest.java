// A job writes an audit row, then claims the task (PENDING -> RUNNING), then charges and marks it DONE. Work before the
// claim does not make it a final marker: the charge still runs while the row is RUNNING, and nothing sweeps RUNNING
// rows back. Finding at the claim's statement.
package com.example.e008.pos15;

import java.util.List;
import org.apache.ibatis.annotations.Insert;
import org.apache.ibatis.annotations.Select;
import org.apache.ibatis.annotations.Update;
import org.springframework.scheduling.annotation.Scheduled;

public class ChargeJob {

    private TaskMapper tasks;
    private PaymentClient payments;

    @Scheduled(fixedDelay = 60000)
    public void run() {
        for (Long id : tasks.pending()) {
            tasks.audit(id);
            tasks.claim(id);
            payments.charge(id);
            tasks.done(id);
        }
    }
}

interface TaskMapper {
    @Select("SELECT id FROM charge_task WHERE status = 'PENDING'")
    List<Long> pending();

    @Insert("INSERT INTO charge_audit (task_id) VALUES (#{id})")
    int audit(Long id);

    @Update("UPDATE charge_task SET status = 'RUNNING' WHERE id = #{id} AND status = 'PENDING'") // expect: IDEM008
    int claim(Long id);

    @Update("UPDATE charge_task SET status = 'DONE' WHERE id = #{id}")
    int done(Long id);
}

interface PaymentClient {
    void charge(Long id);
}
