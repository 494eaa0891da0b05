// Seen in the bundled sample's safe refund job: the row is claimed (count checked), the refund carries a key, then
// markDone (conditional on RUNNING) completes the claim and its count is ignored; markFailed in the catch block. The
// completion is not a claim of its own: the row is already owned by this run. No finding.
package com.example.n005.neg14;

import java.util.List;
import org.apache.ibatis.annotations.Param;
import org.apache.ibatis.annotations.Select;
import org.apache.ibatis.annotations.Update;
import org.springframework.scheduling.annotation.Scheduled;

public class RefundJob {

    private RefundTaskMapper mapper;
    private PaymentClient paymentClient;

    @Scheduled(cron = "0 30 12 * * *")
    public void run() {
        for (RefundTask t : mapper.selectPending(200)) {
            if (mapper.markRunning(t.getId()) != 1) {
                continue;
            }
            try {
                paymentClient.refund(t.getUserId(), "refund:" + t.getId());
                mapper.markDone(t.getId());
            } catch (RuntimeException e) {
                mapper.markFailed(t.getId());
            }
        }
    }
}

interface RefundTaskMapper {
    @Select("SELECT id, user_id FROM refund_task WHERE status = 'PENDING' LIMIT #{limit}")
    List<RefundTask> selectPending(@Param("limit") int limit);

    @Update("UPDATE refund_task SET status = 'RUNNING' WHERE id = #{id} AND status = 'PENDING'")
    int markRunning(@Param("id") long id);

    @Update("UPDATE refund_task SET status = 'DONE' WHERE id = #{id} AND status = 'RUNNING'")
    int markDone(@Param("id") long id);

    @Update("UPDATE refund_task SET status = 'FAILED' WHERE id = #{id} AND status = 'RUNNING'")
    int markFailed(@Param("id") long id);
}

interface PaymentClient {
    void refund(Long userId, String idempotencyKey);
}

class RefundTask {
    private Long id;
    private Long userId;

    public Long getId() { return id; }
    public Long getUserId() { return userId; }
}
