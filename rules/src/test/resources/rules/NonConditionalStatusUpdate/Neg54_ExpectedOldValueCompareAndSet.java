// A settlement job reads each account's last transaction number, then moves its status and records the new number
// with an UPDATE whose WHERE holds the number it read (an expected old value of a column the statement also sets):
// a second run that read the same number updates nothing, so the transition is fenced like a version check. The
// same with positional parameters in a JDBC string. No finding.
package com.example.p003.neg54;

import java.util.List;
import org.apache.ibatis.annotations.Mapper;
import org.apache.ibatis.annotations.Param;
import org.apache.ibatis.annotations.Select;
import org.apache.ibatis.annotations.Update;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.scheduling.annotation.Scheduled;
import org.springframework.stereotype.Component;

@Component
public class SettlementJob {

    private AccountMapper accountMapper;
    private JdbcTemplate jdbc;

    @Scheduled(fixedDelay = 60000)
    public void settle() {
        List<Account> accounts = accountMapper.selectOpen();
        for (Account a : accounts) {
            long txn = a.getLastTxnNo() + 1;
            accountMapper.settle(a.getId(), "SETTLED", txn, a.getLastTxnNo());
            jdbc.update("UPDATE account SET status = ?, last_txn_no = ? WHERE id = ? AND last_txn_no = ?",
                    "SETTLED", txn, a.getId(), a.getLastTxnNo());
        }
    }
}

@Mapper
interface AccountMapper {

    @Select("SELECT id, last_txn_no FROM account WHERE status = 'OPEN'")
    List<Account> selectOpen();

    @Update("UPDATE account SET status = #{next}, last_txn_no = #{txn} WHERE id = #{id} AND last_txn_no = #{expectedTxn}")
    int settle(@Param("id") long id, @Param("next") String next, @Param("txn") long txn,
               @Param("expectedTxn") long expectedTxn);
}

class Account {
    private Long id;
    private long lastTxnNo;

    public Long getId() {
        return id;
    }

    public long getLastTxnNo() {
        return lastTxnNo;
    }
}
