// The payout goes through one of two channels chosen by a ternary, before the withdrawal row is updated: one gap, so one finding on the first arm (not one per arm).
package com.example.pos49;

import org.apache.ibatis.annotations.Mapper;
import org.apache.ibatis.annotations.Param;
import org.apache.ibatis.annotations.Update;

public class WithdrawalPayer {

    private final PayoutSupport payouts;
    private final WithdrawalMapper withdrawals;

    public WithdrawalPayer(PayoutSupport payouts, WithdrawalMapper withdrawals) {
        this.payouts = payouts;
        this.withdrawals = withdrawals;
    }

    public void pay(Withdrawal w, boolean wechat) {
        boolean ok = wechat
                ? payouts.transfer("WECHAT", w) // expect: IDEM001
                : payouts.transfer("ALIPAY", w);
        withdrawals.updateStatus(w.getId(), ok ? "PAID" : "FAILED");
    }
}

interface PayoutSupport {
    boolean transfer(String channel, Withdrawal w);
}

@Mapper
interface WithdrawalMapper {
    @Update("UPDATE withdrawal SET status = #{status} WHERE id = #{id}")
    int updateStatus(@Param("id") long id, @Param("status") String status);
}

class Withdrawal {
    private long id;

    public long getId() { return id; }
}
