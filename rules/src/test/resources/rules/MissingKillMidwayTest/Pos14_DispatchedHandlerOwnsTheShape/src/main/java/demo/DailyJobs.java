package demo;

import com.xxl.job.core.handler.annotation.XxlJob;
import java.util.List;

public class DailyJobs {
    List<DailyTask> dailyTasks;

    @XxlJob("dailyJobs")
    public void runDaily() {
        for (DailyTask task : dailyTasks) {
            task.execute();
        }
    }
}
