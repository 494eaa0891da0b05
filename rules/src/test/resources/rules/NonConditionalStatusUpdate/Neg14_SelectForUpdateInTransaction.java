// The service locks the row with SELECT ... FOR UPDATE in its transaction, checks the status, then writes: the lock
// serialises the read and the write, so a second run waits and then sees the new status: no finding.
package com.example.n003.neg14;

import org.apache.ibatis.annotations.Param;
import org.apache.ibatis.annotations.Select;
import org.apache.ibatis.annotations.Update;
import org.springframework.scheduling.annotation.Scheduled;
import org.springframework.transaction.annotation.Transactional;

public class WithdrawalTimeoutJob {

    private WithdrawalMapper mapper;

    @Scheduled(fixedDelay = 30000)
    @Transactional
    public void expire() {
        Withdrawal w = mapper.lockById(1L);
        if ("PENDING".equals(w.getStatus())) {
            mapper.updateStatus(w.getId(), "EXPIRED");
        }
    }
}

interface WithdrawalMapper {
    @Select("SELECT id, status FROM withdrawal WHERE id = #{id} FOR UPDATE")
    Withdrawal lockById(@Param("id") long id);

    @Update("UPDATE withdrawal SET status = #{status} WHERE id = #{id}")
    int updateStatus(@Param("id") long id, @Param("status") String status);
}

class Withdrawal {
    private Long id;
    private String status;

    public Long getId() { return id; }
    public String getStatus() { return status; }
}
