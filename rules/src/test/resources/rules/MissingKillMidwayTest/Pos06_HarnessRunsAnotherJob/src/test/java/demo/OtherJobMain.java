package demo;

public final class OtherJobMain {
    public static void main(String[] args) {
        new OtherJob().run();
    }
}
