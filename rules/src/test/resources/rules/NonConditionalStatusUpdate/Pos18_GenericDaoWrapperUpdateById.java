// The same slot coordinator behind project DAOs: a generic IDao<T> whose updateById the DAO implementation forwards
// to MyBatis-Plus, a slot claim on the group table through a DAO implementation, nested loops over groups and their
// waiting entries (kept by status in a stream filter), and a try/catch per entry. The entry is written back whole by
// id; the slot claim (its mapper reached through the type variable M) fences the group row only. Finding at
// updateById.
package com.example.p003.pos18;

import com.baomidou.mybatisplus.annotation.TableName;
import com.baomidou.mybatisplus.core.mapper.BaseMapper;
import java.util.List;
import java.util.stream.Collectors;
import org.apache.ibatis.annotations.Param;
import org.apache.ibatis.annotations.Select;
import org.apache.ibatis.annotations.Update;

public class SlotCoordinator {

    private QueueEntryDao entryDao;
    private SlotGroupDao groupDao;

    public void admitWaiting() {
        for (SlotGroup group : groupDao.queryAvailable()) {
            List<QueueEntry> waiting = entryDao.queryInQueueByGroup(group.getId()).stream()
                    .filter(e -> EntryStatus.WAITING == e.getStatus())
                    .limit(10)
                    .collect(Collectors.toList());
            for (QueueEntry entry : waiting) {
                try {
                    boolean took = groupDao.acquireSlot(group.getId());
                    if (!took) {
                        continue;
                    }
                    entry.setStatus(EntryStatus.ADMITTED);
                    entryDao.updateById(entry); // expect: IDEM003 "kept by their stored status in memory"
                } catch (RuntimeException e) {
                    entryDao.deleteById(entry.getId());
                }
            }
        }
    }
}

enum EntryStatus { WAITING, ADMITTED }

interface IDao<T> {
    boolean updateById(T model);

    boolean deleteById(Long id);
}

abstract class BaseDao<T, M extends BaseMapper<T>> implements IDao<T> {
    protected M mapper;

    @Override
    public boolean updateById(T model) {
        return mapper.updateById(model) > 0;
    }

    @Override
    public boolean deleteById(Long id) {
        return mapper.deleteById(id) > 0;
    }
}

interface QueueEntryDao extends IDao<QueueEntry> {
    List<QueueEntry> queryInQueueByGroup(long groupId);
}

class QueueEntryDaoImpl extends BaseDao<QueueEntry, QueueEntryMapper> implements QueueEntryDao {
    @Override
    public List<QueueEntry> queryInQueueByGroup(long groupId) {
        return mapper.selectInQueue(groupId);
    }
}

interface QueueEntryMapper extends BaseMapper<QueueEntry> {
    @Select("SELECT * FROM slot_queue_entry WHERE group_id = #{groupId} AND in_queue = 1")
    List<QueueEntry> selectInQueue(@Param("groupId") long groupId);
}

interface SlotGroupDao extends IDao<SlotGroup> {
    List<SlotGroup> queryAvailable();

    boolean acquireSlot(long id);
}

class SlotGroupDaoImpl extends BaseDao<SlotGroup, SlotGroupMapper> implements SlotGroupDao {
    @Override
    public List<SlotGroup> queryAvailable() {
        return mapper.selectAvailable();
    }

    @Override
    public boolean acquireSlot(long id) {
        return mapper.acquireSlot(id) == 1;
    }
}

interface SlotGroupMapper extends BaseMapper<SlotGroup> {
    @Select("SELECT * FROM slot_group WHERE used < size")
    List<SlotGroup> selectAvailable();

    @Update("UPDATE slot_group SET used = used + 1 WHERE id = #{id} AND used < size")
    int acquireSlot(@Param("id") long id);
}

@TableName("slot_queue_entry")
class QueueEntry {
    private Long id;
    private EntryStatus status;

    public Long getId() { return id; }
    public EntryStatus getStatus() { return status; }
    public void setStatus(EntryStatus s) { this.status = s; }
}

@TableName("slot_group")
class SlotGroup {
    private Long id;

    public Long getId() { return id; }
}
