// enqueueRetry(..) only parks the item in an in-memory timer; the "record" was inferred through an executor.submit lambda and an abstract doRetry() resolved to an unrelated subclass that updates a status, so it is no record of this item (seen in apache/shenyu register-client-api FailbackRegistryRepository.persistInterface/persistURI/persistApiDoc/persistMcpTools).
package com.example.neg22;

import java.util.Map;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import org.apache.ibatis.annotations.Mapper;
import org.apache.ibatis.annotations.Param;
import org.apache.ibatis.annotations.Update;
import org.springframework.web.client.RestTemplate;

public class ServiceAnnouncer {

    private final RestTemplate restTemplate = new RestTemplate();
    private final RetryWheel wheel = new RetryWheel();

    public void announce(Announcement a) {
        try {
            restTemplate.postForObject("https://registry.example.com/v1/services", Map.of("name", a.name()), Void.class);
        } catch (Exception ex) {
            enqueueRetry(a);
        }
    }

    private void enqueueRetry(Announcement a) {
        wheel.add(new ReannounceTask(a.name()));
    }
}

class RetryWheel {
    private final ExecutorService pool = Executors.newSingleThreadExecutor();

    void add(RetryTask task) {
        pool.submit(() -> task.fire());
    }
}

abstract class RetryTask {
    final String key;
    RetryTask(String key) { this.key = key; }
    void fire() { doRetry(key); }
    protected abstract void doRetry(String key);
}

class ReannounceTask extends RetryTask {
    ReannounceTask(String key) { super(key); }
    @Override
    protected void doRetry(String key) { /* re-sends the announcement */ }
}

class UpstreamProbeTask extends RetryTask {
    private UpstreamMapper upstreamMapper;
    UpstreamProbeTask(String key) { super(key); }
    @Override
    protected void doRetry(String key) { upstreamMapper.updateStatus(key, "UP"); }
}

@Mapper
interface UpstreamMapper {
    @Update("UPDATE upstream SET status = #{status} WHERE url = #{url}")
    int updateStatus(@Param("url") String url, @Param("status") String status);
}

record Announcement(String name) {
}
