// A @FeignClient method mapped to GET (and one named like a read with no write mapping) only reads the remote state; reading the fee and then recording the payment is no effect-then-record shape: no finding.
package com.example.neg33;

import java.util.List;
import org.apache.ibatis.annotations.Mapper;
import org.apache.ibatis.annotations.Param;
import org.apache.ibatis.annotations.Select;
import org.apache.ibatis.annotations.Update;
import org.springframework.cloud.openfeign.FeignClient;
import org.springframework.scheduling.annotation.Scheduled;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;

public class FeeRefreshJob {

    private final FeesClient fees;
    private final PaymentMapper payments;

    public FeeRefreshJob(FeesClient fees, PaymentMapper payments) {
        this.fees = fees;
        this.payments = payments;
    }

    @Scheduled(fixedDelay = 60_000)
    public void refresh() {
        for (Payment p : payments.selectPending()) {
            long amount = fees.getFee(p.getFeeCode());
            String version = fees.findVersion(p.getFeeCode());
            payments.updateStatus(p.getId(), amount > 0 ? "PRICED" : "FREE", version);
        }
    }
}

@FeignClient(name = "fees")
interface FeesClient {

    @GetMapping("/fees/{code}")
    long getFee(@PathVariable("code") String code);

    String findVersion(String code);
}

@Mapper
interface PaymentMapper {

    @Select("SELECT id, fee_code FROM payment WHERE status = 'PENDING'")
    List<Payment> selectPending();

    @Update("UPDATE payment SET status = #{status}, fee_version = #{version} WHERE id = #{id}")
    int updateStatus(@Param("id") long id, @Param("status") String status, @Param("version") String version);
}

class Payment {
    private long id;
    private String feeCode;

    public long getId() { return id; }
    public String getFeeCode() { return feeCode; }
}
