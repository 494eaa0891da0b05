// Twin of Pos115: the implicit-this lambdaUpdate() claims the order (WHERE status = 'PENDING', its boolean result checked) before the POST, so a restart skips it; and an implicit-this update that sets only a remark column records no state, so the POST before it has no record to be before: no finding.
package com.example.neg109;

import com.baomidou.mybatisplus.core.mapper.BaseMapper;
import com.baomidou.mybatisplus.extension.service.impl.ServiceImpl;
import java.util.List;
import org.apache.ibatis.annotations.Select;
import org.springframework.scheduling.annotation.Scheduled;
import org.springframework.web.client.RestTemplate;

public class PayoutOrderServiceImpl extends ServiceImpl<PayoutOrderMapper, PayoutOrder> {

    private final RestTemplate rest;

    public PayoutOrderServiceImpl(RestTemplate rest) {
        this.rest = rest;
    }

    @Scheduled(fixedDelay = 60_000)
    public void payClaimed() {
        for (PayoutOrder o : baseMapper.selectPending()) {
            boolean won = lambdaUpdate().set(PayoutOrder::getStatus, "SENDING")
                    .eq(PayoutOrder::getId, o.getId()).eq(PayoutOrder::getStatus, "PENDING").update();
            if (!won) {
                continue;
            }
            rest.postForObject("https://bank.example/payouts", o, String.class);
            lambdaUpdate().set(PayoutOrder::getStatus, "DONE").eq(PayoutOrder::getId, o.getId()).update();
        }
    }

    @Scheduled(fixedDelay = 60_000)
    public void remark() {
        for (PayoutOrder o : baseMapper.selectPending()) {
            rest.postForObject("https://bank.example/payouts", o, String.class);
            lambdaUpdate().set(PayoutOrder::getRemark, "posted").eq(PayoutOrder::getId, o.getId()).update();
        }
    }
}

interface PayoutOrderMapper extends BaseMapper<PayoutOrder> {
    @Select("SELECT id, amount FROM payout_order WHERE status = 'PENDING'")
    List<PayoutOrder> selectPending();
}

class PayoutOrder {
    private Long id;
    private String status;
    private String remark;

    public Long getId() { return id; }
    public String getStatus() { return status; }
    public String getRemark() { return remark; }
}
