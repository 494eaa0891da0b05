// Inside a MyBatis-Plus ServiceImpl subclass the IService methods are called on this without a qualifier: lambdaUpdate().set(..).eq(..).update(), update(entity, wrapper) and updateById(entity) each write the order's status after the payout POST, so each is the record and a crash between the POST and it pays again: three findings.
package com.example.pos115;

import com.baomidou.mybatisplus.core.conditions.update.LambdaUpdateWrapper;
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
    public void payChained() {
        for (PayoutOrder o : baseMapper.selectPending()) {
            rest.postForObject("https://bank.example/payouts", o, String.class); // expect: IDEM001
            lambdaUpdate().set(PayoutOrder::getStatus, "DONE").eq(PayoutOrder::getId, o.getId()).update();
        }
    }

    @Scheduled(fixedDelay = 60_000)
    public void payWithWrapper() {
        for (PayoutOrder o : baseMapper.selectPending()) {
            rest.postForObject("https://bank.example/payouts", o, String.class); // expect: IDEM001
            PayoutOrder done = new PayoutOrder();
            done.setStatus("DONE");
            update(done, new LambdaUpdateWrapper<PayoutOrder>().eq(PayoutOrder::getId, o.getId()));
        }
    }

    @Scheduled(fixedDelay = 60_000)
    public void payById() {
        for (PayoutOrder o : baseMapper.selectPending()) {
            rest.postForObject("https://bank.example/payouts", o, String.class); // expect: IDEM001
            PayoutOrder done = new PayoutOrder();
            done.setId(o.getId());
            done.setStatus("DONE");
            updateById(done);
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

    public Long getId() { return id; }
    public void setId(Long id) { this.id = id; }
    public String getStatus() { return status; }
    public void setStatus(String s) { this.status = s; }
}
