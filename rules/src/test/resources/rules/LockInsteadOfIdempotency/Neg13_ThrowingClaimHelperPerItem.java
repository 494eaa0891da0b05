package demo;

import java.util.List;
import org.apache.ibatis.annotations.Param;
import org.apache.ibatis.annotations.Update;
import org.redisson.api.RLock;
import org.redisson.api.RedissonClient;

// Besides the lock, each workflow is claimed with a state compare-and-set whose row count is checked in a helper
// that throws when it loses, before the command is inserted: a second failover run fails instead of inserting twice.
interface WorkflowMapper {
    List<Workflow> selectNeedFailover(@Param("host") String host);

    @Update("UPDATE workflow SET state = #{next} WHERE id = #{id} AND state = #{expected}")
    int updateState(@Param("id") long id, @Param("expected") String expected, @Param("next") String next);
}

interface CommandMapper {
    int insert(Command c);
}

class WorkflowDao {
    WorkflowMapper mapper;

    void updateState(long id, String expected, String next) {
        int n = mapper.updateState(id, expected, next);
        if (n != 1) {
            throw new IllegalStateException("workflow " + id + " is no longer " + expected);
        }
    }
}

public class FailoverCoordinator {
    RedissonClient redisson;
    WorkflowMapper workflowMapper;
    WorkflowDao workflowDao;
    CommandMapper commandMapper;

    public void failover(String host) {
        RLock lock = redisson.getLock("failover");
        lock.lock();
        try {
            for (Workflow w : workflowMapper.selectNeedFailover(host)) {
                workflowDao.updateState(w.getId(), w.getState(), "FAILOVER");
                commandMapper.insert(new Command(w.getId()));
            }
        } finally {
            lock.unlock();
        }
    }
}
