package demo;

public interface NightlyWork {
    void run();
}
