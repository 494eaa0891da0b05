package demo;

public interface DailyTask {
    void execute();
}
