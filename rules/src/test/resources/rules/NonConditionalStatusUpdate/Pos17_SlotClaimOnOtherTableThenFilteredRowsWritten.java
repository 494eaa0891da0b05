// Queue entries are read by group and kept by their stored status in a stream filter (not in the WHERE clause). For
// each, a slot is claimed on the group table (a conditional update whose result is checked), and the entry is then
// written back whole by id. The slot claim fences the group row, not the entry: a force-start written to the entry in
// between is overwritten. Finding at updateById.
package com.example.p003.pos17;

import com.baomidou.mybatisplus.annotation.TableName;
import com.baomidou.mybatisplus.core.mapper.BaseMapper;
import java.util.List;
import java.util.stream.Collectors;
import org.apache.ibatis.annotations.Param;
import org.apache.ibatis.annotations.Select;
import org.apache.ibatis.annotations.Update;

public class SlotCoordinator {

    private QueueEntryMapper entryMapper;
    private SlotGroupMapper groupMapper;

    public void admitWaiting(long groupId) {
        List<QueueEntry> waiting = entryMapper.selectByGroup(groupId).stream()
                .filter(e -> e.getStatus() == EntryStatus.WAITING)
                .collect(Collectors.toList());
        for (QueueEntry entry : waiting) {
            if (groupMapper.takeSlot(groupId) != 1) {
                continue;
            }
            entry.setStatus(EntryStatus.ADMITTED);
            entryMapper.updateById(entry); // expect: IDEM003 "kept by their stored status in memory"
        }
    }
}

enum EntryStatus { WAITING, ADMITTED }

interface QueueEntryMapper extends BaseMapper<QueueEntry> {
    @Select("SELECT * FROM slot_queue_entry WHERE group_id = #{groupId}")
    List<QueueEntry> selectByGroup(@Param("groupId") long groupId);
}

interface SlotGroupMapper {
    @Update("UPDATE slot_group SET used = used + 1 WHERE id = #{id} AND used < size")
    int takeSlot(@Param("id") long id);
}

@TableName("slot_queue_entry")
class QueueEntry {
    private Long id;
    private EntryStatus status;

    public Long getId() { return id; }
    public EntryStatus getStatus() { return status; }
    public void setStatus(EntryStatus s) { this.status = s; }
}
