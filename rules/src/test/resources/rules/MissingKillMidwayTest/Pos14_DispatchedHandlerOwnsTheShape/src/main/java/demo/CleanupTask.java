package demo;

public class CleanupTask implements DailyTask {
    TaskMapper taskMapper;

    @Override
    public void execute() {
        taskMapper.deleteExpired();
    }
}
