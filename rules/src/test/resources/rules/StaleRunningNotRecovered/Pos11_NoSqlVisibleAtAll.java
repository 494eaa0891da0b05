package demo;

public class Worker {
    TaskDao taskDao;

    public void work(long id) {
        if (taskDao.markRunning(id) == 1) { // expect: IDEM008 "could not be checked: the scan includes no SQL"
            taskDao.markDone(id);
        }
    }
}
