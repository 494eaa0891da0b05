// Seen in an e-commerce app's generated mappers: updateByPrimaryKeySelective sets every column under
// <if test="x != null">, status included. A job that only sets the points of a member it loaded writes no status,
// and a full-row updateByPrimaryKey of a loaded row writes its status back as read: neither is a status transition.
package com.example.neg31;

import java.util.List;
import org.springframework.scheduling.annotation.Scheduled;

public class MemberJob {

    private MemberMapper memberMapper;

    @Scheduled(cron = "0 0 3 * * *")
    public void grantDailyPoints() {
        for (Member m : memberMapper.selectByStatus(1)) {
            Member change = new Member();
            change.setId(m.getId());
            change.setPoints(m.getPoints() + 10);
            memberMapper.updateByPrimaryKeySelective(change);
        }
    }

    @Scheduled(cron = "0 0 4 * * *")
    public void markNewsletter() {
        for (Member m : memberMapper.selectByStatus(1)) {
            Member loaded = memberMapper.selectByPrimaryKey(m.getId());
            loaded.setNewsletter(1);
            memberMapper.updateByPrimaryKey(loaded);
        }
    }
}

interface MemberMapper {
    List<Member> selectByStatus(int status);

    Member selectByPrimaryKey(Long id);

    int updateByPrimaryKeySelective(Member record);

    int updateByPrimaryKey(Member record);
}

class Member {
    Long id;
    Integer points;
    Integer status;
    Integer newsletter;

    Long getId() {
        return id;
    }

    void setId(Long id) {
        this.id = id;
    }

    Integer getPoints() {
        return points;
    }

    void setPoints(Integer points) {
        this.points = points;
    }

    void setNewsletter(Integer newsletter) {
        this.newsletter = newsletter;
    }
}
