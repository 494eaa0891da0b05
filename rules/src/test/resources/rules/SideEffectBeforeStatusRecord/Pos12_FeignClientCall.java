// The effect is a call on an @FeignClient interface (neutral method name "issue"), made before markSuccess for the same task: finding on the Feign call.
package com.example.pos12;

import java.util.List;
import org.apache.ibatis.annotations.Mapper;
import org.apache.ibatis.annotations.Param;
import org.apache.ibatis.annotations.Select;
import org.apache.ibatis.annotations.Update;
import org.springframework.cloud.openfeign.FeignClient;
import org.springframework.scheduling.annotation.Scheduled;
import org.springframework.stereotype.Component;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestBody;

@Component
public class CouponGrantJob {

    private final GrantTaskMapper grantTaskMapper;
    private final CouponApi couponApi;

    public CouponGrantJob(GrantTaskMapper grantTaskMapper, CouponApi couponApi) {
        this.grantTaskMapper = grantTaskMapper;
        this.couponApi = couponApi;
    }

    @Scheduled(cron = "0 0 10 * * *")
    public void run() {
        for (GrantTask t : grantTaskMapper.selectPending(1000)) {
            couponApi.issue(new IssueCouponRequest(t.getUserId(), t.getTemplateId())); // expect: IDEM001
            grantTaskMapper.markSuccess(t.getId());
        }
    }
}

@FeignClient(name = "coupon-service", path = "/api/coupons")
interface CouponApi {

    @PostMapping("/issue")
    IssueCouponResponse issue(@RequestBody IssueCouponRequest request);
}

record IssueCouponRequest(Long userId, Long templateId) {
}

record IssueCouponResponse(Long couponId) {
}

@Mapper
interface GrantTaskMapper {

    @Select("SELECT id, user_id, template_id FROM coupon_grant_task WHERE status = 'PENDING' LIMIT #{limit}")
    List<GrantTask> selectPending(@Param("limit") int limit);

    @Update("UPDATE coupon_grant_task SET status = 'SUCCESS' WHERE id = #{id}")
    int markSuccess(@Param("id") long id);
}

class GrantTask {
    private Long id;
    private Long userId;
    private Long templateId;

    public Long getId() { return id; }
    public Long getUserId() { return userId; }
    public Long getTemplateId() { return templateId; }
}
