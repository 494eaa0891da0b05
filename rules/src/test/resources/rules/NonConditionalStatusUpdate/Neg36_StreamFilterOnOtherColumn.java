// Entries read by group are kept by an enabled flag in a stream filter (not by their workflow status), and each is
// written back by id from an operator action nothing schedules. The filter is no read of the status the write sets:
// a standalone write, not a transition. No finding.
package com.example.p003.neg36;

import com.baomidou.mybatisplus.annotation.TableName;
import com.baomidou.mybatisplus.core.mapper.BaseMapper;
import java.util.List;
import java.util.stream.Collectors;
import org.apache.ibatis.annotations.Param;
import org.apache.ibatis.annotations.Select;

public class EntryAdmin {

    private QueueEntryMapper entryMapper;

    public void admitEnabled(long groupId) {
        List<QueueEntry> enabled = entryMapper.selectByGroup(groupId).stream()
                .filter(e -> e.getEnabled() == 1)
                .collect(Collectors.toList());
        for (QueueEntry entry : enabled) {
            entry.setStatus(EntryStatus.ADMITTED);
            entryMapper.updateById(entry);
        }
    }
}

enum EntryStatus { WAITING, ADMITTED }

interface QueueEntryMapper extends BaseMapper<QueueEntry> {
    @Select("SELECT * FROM slot_queue_entry WHERE group_id = #{groupId}")
    List<QueueEntry> selectByGroup(@Param("groupId") long groupId);
}

@TableName("slot_queue_entry")
class QueueEntry {
    private Long id;
    private EntryStatus status;
    private int enabled;

    public Long getId() { return id; }
    public int getEnabled() { return enabled; }
    public void setStatus(EntryStatus s) { this.status = s; }
}
