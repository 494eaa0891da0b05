package demo;

public final class JobMain {
    public static void main(String[] args) {
        new Job(null, null).run();
    }
}
