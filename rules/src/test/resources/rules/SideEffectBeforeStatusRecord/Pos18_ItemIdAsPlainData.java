// The task id is passed to credit() as plain data (parameter taskId, not a key-like name, not sent as Idempotency-Key), so nothing dedupes a re-run: finding on credit.
package com.example.pos18;

import java.io.IOException;
import java.util.List;
import okhttp3.MediaType;
import okhttp3.OkHttpClient;
import okhttp3.Request;
import okhttp3.RequestBody;
import okhttp3.Response;
import org.apache.ibatis.annotations.Mapper;
import org.apache.ibatis.annotations.Param;
import org.apache.ibatis.annotations.Select;
import org.apache.ibatis.annotations.Update;
import org.springframework.scheduling.annotation.Scheduled;
import org.springframework.stereotype.Component;

@Component
public class CashbackJob {

    private final CashbackTaskMapper taskMapper;
    private final RewardsClient rewardsClient;

    public CashbackJob(CashbackTaskMapper taskMapper, RewardsClient rewardsClient) {
        this.taskMapper = taskMapper;
        this.rewardsClient = rewardsClient;
    }

    @Scheduled(cron = "0 0 5 * * *")
    public void run() throws IOException {
        for (CashbackTask t : taskMapper.selectPending()) {
            rewardsClient.credit(t.getId(), t.getUserId(), t.getCents()); // expect: IDEM001
            taskMapper.updateStatus(t.getId(), "DONE");
        }
    }
}

@Component
class RewardsClient {

    private static final MediaType JSON = MediaType.get("application/json");
    private final OkHttpClient http = new OkHttpClient();

    void credit(long taskId, long userId, long cents) throws IOException {
        String json = "{\"taskId\":" + taskId + ",\"userId\":" + userId + ",\"cents\":" + cents + "}";
        Request request = new Request.Builder()
                .url("https://rewards.example.com/v1/credits")
                .post(RequestBody.create(json, JSON))
                .build();
        try (Response response = http.newCall(request).execute()) {
            if (!response.isSuccessful()) {
                throw new IOException("credit failed: " + response.code());
            }
        }
    }
}

@Mapper
interface CashbackTaskMapper {

    @Select("SELECT id, user_id, cents FROM cashback_task WHERE status = 'PENDING'")
    List<CashbackTask> selectPending();

    @Update("UPDATE cashback_task SET status = #{status} WHERE id = #{id}")
    int updateStatus(@Param("id") long id, @Param("status") String status);
}

class CashbackTask {
    private Long id;
    private Long userId;
    private long cents;

    public Long getId() { return id; }
    public Long getUserId() { return userId; }
    public long getCents() { return cents; }
}
