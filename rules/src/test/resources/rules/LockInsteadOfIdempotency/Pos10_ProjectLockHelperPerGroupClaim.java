package demo;

import java.util.List;
import org.apache.curator.framework.recipes.locks.InterProcessMutex;

// A project's own lock helper (it takes a ZooKeeper mutex and returns holding it) around a loop over queued rows.
// The only conditional update is on the group's capacity, not on the queued row: two holders notify the same row.
class Registry {
    InterProcessMutex mutex;

    boolean acquireLock(String key) throws Exception {
        mutex.acquire();
        return true;
    }

    void releaseLock(String key) throws Exception {
        mutex.release();
    }
}

interface TaskGroupDao {
    List<TaskGroup> queryAvailableGroups();

    boolean acquireSlot(long groupId);
}

interface QueueDao {
    List<QueueRow> queryWaiting(long groupId);

    void updateById(QueueRow row);
}

public class GroupCoordinator {
    Registry registry;
    TaskGroupDao taskGroupDao;
    QueueDao queueDao;
    WorkerClient workerClient;

    public void round() throws Exception {
        registry.acquireLock("/lock/coordinator"); // expect: IDEM009 "Registry.acquireLock() takes InterProcessMutex.acquire()"
        try {
            for (TaskGroup group : taskGroupDao.queryAvailableGroups()) {
                for (QueueRow row : queueDao.queryWaiting(group.getId())) {
                    if (!taskGroupDao.acquireSlot(group.getId())) {
                        continue;
                    }
                    workerClient.notifySlotAcquired(row.getTaskId());
                    row.setStatus("ACQUIRED");
                    queueDao.updateById(row);
                }
            }
        } finally {
            registry.releaseLock("/lock/coordinator");
        }
    }
}
