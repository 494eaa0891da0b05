// An expected-old-value fence on a column the write also sets (last_txn_no), with the row count compared in the
// return statement: the caller decides on the count, so a second run that read the same old row changes nothing and
// reports false. Both the == 1 and the > 0 forms.
package com.example.idem004.neg42;

import org.apache.ibatis.annotations.Mapper;
import org.apache.ibatis.annotations.Param;
import org.apache.ibatis.annotations.Select;
import org.apache.ibatis.annotations.Update;
import org.springframework.stereotype.Service;

@Service
public class PaymentService {

    private final PaymentMapper paymentMapper;

    public PaymentService(PaymentMapper paymentMapper) {
        this.paymentMapper = paymentMapper;
    }

    public boolean markPaid(long id, String txnNo) {
        Payment p = paymentMapper.selectById(id);
        if ("PAYING".equals(p.getStatus())) {
            return paymentMapper.updateStatusCas(id, "PAID", txnNo, p.getLastTxnNo()) == 1;
        }
        return false;
    }

    public boolean markRefunded(long id, String txnNo) {
        Payment p = paymentMapper.selectById(id);
        if (!"PAID".equals(p.getStatus())) {
            return false;
        }
        return paymentMapper.updateStatusCas(id, "REFUNDED", txnNo, p.getLastTxnNo()) > 0;
    }
}

@Mapper
interface PaymentMapper {

    @Select("SELECT id, status, last_txn_no FROM payment WHERE id = #{id}")
    Payment selectById(@Param("id") long id);

    @Update("UPDATE payment SET status = #{status}, last_txn_no = #{txnNo} WHERE id = #{id} AND last_txn_no = #{expectedTxnNo}")
    int updateStatusCas(@Param("id") long id, @Param("status") String status, @Param("txnNo") String txnNo,
                        @Param("expectedTxnNo") String expectedTxnNo);
}

class Payment {
    private String status;
    private String lastTxnNo;

    public String getStatus() { return status; }
    public String getLastTxnNo() { return lastTxnNo; }
}
