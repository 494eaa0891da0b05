// The row is read with SELECT .. FOR UPDATE inside the transaction that checks and writes it: a second caller waits for
// the lock, then reads the new status and fails the check; no finding.
package com.example.idem004.neg16;

import org.apache.ibatis.annotations.Mapper;
import org.apache.ibatis.annotations.Param;
import org.apache.ibatis.annotations.Select;
import org.apache.ibatis.annotations.Update;
import org.springframework.stereotype.Service;
import org.springframework.transaction.annotation.Transactional;

@Service
public class RefundApprovalService {

    private final RefundMapper refundMapper;

    public RefundApprovalService(RefundMapper refundMapper) {
        this.refundMapper = refundMapper;
    }

    @Transactional
    public void approve(long id) {
        Refund r = refundMapper.selectForUpdate(id);
        if (!"REQUESTED".equals(r.getStatus())) {
            throw new IllegalStateException("refund " + id + " is " + r.getStatus());
        }
        refundMapper.updateStatus(id, "APPROVED");
    }
}

@Mapper
interface RefundMapper {

    @Select("SELECT id, status FROM refund_request WHERE id = #{id} FOR UPDATE")
    Refund selectForUpdate(@Param("id") long id);

    @Update("UPDATE refund_request SET status = #{status} WHERE id = #{id}")
    int updateStatus(@Param("id") long id, @Param("status") String status);
}

class Refund {
    private Long id;
    private String status;

    public Long getId() { return id; }
    public String getStatus() { return status; }
}
