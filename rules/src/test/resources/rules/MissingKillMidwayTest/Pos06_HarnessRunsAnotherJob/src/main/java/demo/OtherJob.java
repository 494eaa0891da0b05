package demo;

public class OtherJob {
    public void run() {
    }
}
