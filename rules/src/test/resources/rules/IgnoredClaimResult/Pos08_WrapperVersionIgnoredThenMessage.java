// MyBatis-Plus wrapper fenced on the version: the count is ignored and the message goes out regardless.
package com.example.p005.pos08;

import com.baomidou.mybatisplus.core.conditions.update.LambdaUpdateWrapper;
import com.baomidou.mybatisplus.core.mapper.BaseMapper;
import org.springframework.amqp.rabbit.core.RabbitTemplate;

public class PointsGrant {

    private MemberMapper memberMapper;
    private RabbitTemplate rabbit;

    public void grant(Member m) {
        memberMapper.update(null, new LambdaUpdateWrapper<Member>().set(Member::getStatus, "REWARDED").eq(Member::getId, m.getId()).eq(Member::getVersion, m.getVersion())); // expect: IDEM005
        rabbit.convertAndSend("points", m.getId());
    }
}

interface MemberMapper extends BaseMapper<Member> {
}

class Member {
    private Long id;
    private String status;
    private Long version;

    public Long getId() { return id; }
    public String getStatus() { return status; }
    public Long getVersion() { return version; }
}
