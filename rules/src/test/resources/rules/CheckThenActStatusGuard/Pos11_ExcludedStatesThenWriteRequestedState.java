// The check rejects the requested state and VOID, then writes the requested state by id only: a VOID written by another
// request between the read and the write is overwritten (the check excludes more than the value written, so the write
// does not converge).
package com.example.idem004.pos11;

import org.apache.ibatis.annotations.Mapper;
import org.apache.ibatis.annotations.Param;
import org.apache.ibatis.annotations.Select;
import org.apache.ibatis.annotations.Update;
import org.springframework.stereotype.Service;

@Service
public class BillStatusService {

    private final BillMapper billMapper;

    public BillStatusService(BillMapper billMapper) {
        this.billMapper = billMapper;
    }

    public void changeStatus(long billId, BillStatus newStatus) {
        Bill bill = billMapper.selectById(billId);
        if (bill.getStatus() == newStatus || bill.getStatus() == BillStatus.VOID) { // expect: IDEM004
            throw new IllegalStateException("bill " + billId + " cannot move to " + newStatus);
        }
        billMapper.updateStatus(billId, newStatus.name());
    }
}

enum BillStatus { DRAFT, COMMITTED, VOID }

@Mapper
interface BillMapper {

    @Select("SELECT id, status FROM bill WHERE id = #{id}")
    Bill selectById(@Param("id") long id);

    @Update("UPDATE bill SET status = #{status} WHERE id = #{id}")
    int updateStatus(@Param("id") long id, @Param("status") String status);
}

class Bill {
    private Long id;
    private BillStatus status;

    public Long getId() { return id; }
    public BillStatus getStatus() { return status; }
}
