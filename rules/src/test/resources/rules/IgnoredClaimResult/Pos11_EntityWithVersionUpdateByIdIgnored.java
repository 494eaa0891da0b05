// MyBatis-Plus optimistic lock: updateById of an entity with a @Version field adds "AND version = ?" and returns 0
// on a lost race; the count is ignored and the points are granted anyway.
package com.example.p005.pos11;

import com.baomidou.mybatisplus.annotation.Version;
import com.baomidou.mybatisplus.core.mapper.BaseMapper;
import org.springframework.web.client.RestTemplate;

public class CheckinRewardJob {

    private CheckinMapper checkinMapper;
    private RestTemplate rest;

    public void reward(long checkinId) {
        Checkin c = checkinMapper.selectById(checkinId);
        c.setStatus("REWARDED");
        checkinMapper.updateById(c); // expect: IDEM005
        rest.postForObject("https://points.example.com/grant", c.getUserId(), String.class);
    }
}

interface CheckinMapper extends BaseMapper<Checkin> {
}

class Checkin {
    private Long id;
    private Long userId;
    private String status;
    @Version
    private Integer version;

    public Long getUserId() { return userId; }
    public void setStatus(String s) { this.status = s; }
}
