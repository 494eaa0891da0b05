package demo;

public class NightlyJob extends Job {
    public NightlyJob() {
        super(null, null);
    }
}
