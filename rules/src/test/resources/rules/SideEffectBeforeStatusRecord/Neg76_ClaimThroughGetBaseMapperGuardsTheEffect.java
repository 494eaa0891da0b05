// A payout job claims each payout with a conditional UPDATE run through a MyBatis-Plus service (PayoutServiceImpl extends ServiceImpl<PayoutMapper, Payout>; getBaseMapper() is a PayoutMapper), checks the row count, then transfers and records PAID: the checked claim makes a second run skip the payout. No finding.
package com.example.neg76;

import com.baomidou.mybatisplus.core.mapper.BaseMapper;
import com.baomidou.mybatisplus.extension.service.impl.ServiceImpl;
import java.util.List;
import org.apache.ibatis.annotations.Param;
import org.apache.ibatis.annotations.Select;
import org.apache.ibatis.annotations.Update;
import org.springframework.scheduling.annotation.Scheduled;
import org.springframework.web.client.RestTemplate;

public class PayoutJob {

    private final PayoutServiceImpl payoutService;
    private final PayoutMapper payoutMapper;
    private final RestTemplate bank;

    public PayoutJob(PayoutServiceImpl payoutService, PayoutMapper payoutMapper, RestTemplate bank) {
        this.payoutService = payoutService;
        this.payoutMapper = payoutMapper;
        this.bank = bank;
    }

    @Scheduled(fixedDelay = 60000)
    public void run() {
        for (Payout p : payoutMapper.selectDue()) {
            if (payoutService.begin(p.getId()) == 0) {
                continue;
            }
            bank.postForObject("https://bank.example/transfers", p, String.class);
            payoutMapper.markPaid(p.getId());
        }
    }
}

class PayoutServiceImpl extends ServiceImpl<PayoutMapper, Payout> {

    public int begin(Long id) {
        return getBaseMapper().moveToPaying(id);
    }
}

interface PayoutMapper extends BaseMapper<Payout> {
    @Select("SELECT * FROM payout WHERE payout_status = 'DUE'")
    List<Payout> selectDue();

    @Update("UPDATE payout SET payout_status = 'PAYING' WHERE id = #{id} AND payout_status = 'DUE'")
    int moveToPaying(@Param("id") Long id);

    @Update("UPDATE payout SET payout_status = 'PAID' WHERE id = #{id}")
    void markPaid(@Param("id") Long id);
}

class Payout {
    private Long id;

    public Long getId() { return id; }
}
