// The same settlement job with statements that set a column they also filter on, but with the value they write, or
// a range instead of an expected value: SET id = #{id} .. WHERE id = #{id} is the key, not a compare-and-set, and
// last_txn_no < #{limit} lets two runs that read the same number both succeed. Both blind; findings at the
// annotations.
package com.example.p003.pos33;

import java.util.List;
import org.apache.ibatis.annotations.Mapper;
import org.apache.ibatis.annotations.Param;
import org.apache.ibatis.annotations.Select;
import org.apache.ibatis.annotations.Update;
import org.springframework.scheduling.annotation.Scheduled;
import org.springframework.stereotype.Component;

@Component
public class SettlementJob {

    private AccountMapper accountMapper;

    @Scheduled(fixedDelay = 60000)
    public void settle() {
        List<Account> accounts = accountMapper.selectOpen();
        for (Account a : accounts) {
            accountMapper.settleAll(a.getId(), "SETTLED", a.getLastTxnNo() + 1);
            accountMapper.settleBelow(a.getId(), "SETTLED", a.getLastTxnNo() + 1);
        }
    }
}

@Mapper
interface AccountMapper {

    @Select("SELECT id, last_txn_no FROM account WHERE status = 'OPEN'")
    List<Account> selectOpen();

    @Update("UPDATE account SET id = #{id}, status = #{next}, last_txn_no = #{txn} WHERE id = #{id}") // expect: IDEM003
    int settleAll(@Param("id") long id, @Param("next") String next, @Param("txn") long txn);

    @Update("UPDATE account SET status = #{next}, last_txn_no = #{txn} WHERE id = #{id} AND last_txn_no < #{txn}") // expect: IDEM003
    int settleBelow(@Param("id") long id, @Param("next") String next, @Param("txn") long txn);
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
