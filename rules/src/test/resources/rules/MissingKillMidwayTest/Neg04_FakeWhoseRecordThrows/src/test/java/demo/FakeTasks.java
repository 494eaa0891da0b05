package demo;

public class FakeTasks implements TaskMapper {
    boolean crashOnDone;

    public int updateStatus(long id, String status) {
        if (crashOnDone && "DONE".equals(status)) {
            throw new IllegalStateException("simulated crash before the record");
        }
        return 1;
    }
}
