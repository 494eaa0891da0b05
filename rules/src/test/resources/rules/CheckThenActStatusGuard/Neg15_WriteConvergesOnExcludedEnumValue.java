// Closing a group that is already closed returns early; otherwise the status becomes CLOSED. Two concurrent closes both
// write CLOSED: the write sets exactly the value the check excluded, so a repeat changes nothing; no finding.
package com.example.idem004.neg15;

import org.apache.ibatis.annotations.Mapper;
import org.apache.ibatis.annotations.Param;
import org.apache.ibatis.annotations.Select;
import org.apache.ibatis.annotations.Update;
import org.springframework.stereotype.Service;

@Service
public class QueueGroupService {

    private final GroupMapper groupMapper;

    public QueueGroupService(GroupMapper groupMapper) {
        this.groupMapper = groupMapper;
    }

    public boolean close(long id) {
        QueueGroup group = groupMapper.selectById(id);
        if (group.getStatus() == GroupStatus.CLOSED) {
            return false;
        }
        group.setStatus(GroupStatus.CLOSED);
        group.setUpdatedAt(System.currentTimeMillis());
        return groupMapper.updateById(group) > 0;
    }

    public void setPreference(long id, int state) {
        QueueGroup group = groupMapper.selectById(id);
        if (group != null && group.getState() != state) {
            group.setState(state);
            groupMapper.updateById(group);
        }
    }
}

enum GroupStatus { OPEN, CLOSED }

@Mapper
interface GroupMapper {

    @Select("SELECT id, status, state, updated_at FROM queue_group WHERE id = #{id}")
    QueueGroup selectById(@Param("id") long id);

    @Update("UPDATE queue_group SET status = #{status}, state = #{state}, updated_at = #{updatedAt} WHERE id = #{id}")
    int updateById(QueueGroup group);
}

class QueueGroup {
    private Long id;
    private GroupStatus status;
    private int state;
    private long updatedAt;

    public Long getId() { return id; }
    public GroupStatus getStatus() { return status; }
    public void setStatus(GroupStatus s) { this.status = s; }
    public int getState() { return state; }
    public void setState(int s) { this.state = s; }
    public void setUpdatedAt(long t) { this.updatedAt = t; }
}
