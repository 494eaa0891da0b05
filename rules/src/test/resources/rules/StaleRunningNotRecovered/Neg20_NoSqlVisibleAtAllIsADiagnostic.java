package demo;

public class Worker {
    TaskDao taskDao;

    public void work(long id) {
        if (taskDao.markRunning(id) == 1) {
            taskDao.markDone(id);
        }
    }
}
