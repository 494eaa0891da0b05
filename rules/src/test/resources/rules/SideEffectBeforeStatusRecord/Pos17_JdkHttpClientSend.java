// java.net.http.HttpClient.send of a request built from the task, before markDone; the voucher id in the URL is data, not an idempotency key: finding on send.
package com.example.pos17;

import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.util.List;
import org.apache.ibatis.annotations.Mapper;
import org.apache.ibatis.annotations.Param;
import org.apache.ibatis.annotations.Select;
import org.apache.ibatis.annotations.Update;
import org.springframework.scheduling.annotation.Scheduled;
import org.springframework.stereotype.Component;

@Component
public class VoucherRedeemJob {

    private final HttpClient httpClient = HttpClient.newHttpClient();
    private final VoucherTaskMapper taskMapper;

    public VoucherRedeemJob(VoucherTaskMapper taskMapper) {
        this.taskMapper = taskMapper;
    }

    @Scheduled(fixedDelay = 120_000)
    public void run() throws IOException, InterruptedException {
        for (VoucherTask t : taskMapper.selectPending()) {
            HttpRequest request = HttpRequest.newBuilder(URI.create("https://vouchers.example.com/v1/vouchers/" + t.getVoucherId() + "/redeem"))
                    .POST(HttpRequest.BodyPublishers.noBody())
                    .build();
            httpClient.send(request, HttpResponse.BodyHandlers.discarding()); // expect: IDEM001
            taskMapper.markDone(t.getId());
        }
    }
}

@Mapper
interface VoucherTaskMapper {

    @Select("SELECT id, voucher_id FROM voucher_task WHERE status = 'PENDING'")
    List<VoucherTask> selectPending();

    @Update("UPDATE voucher_task SET status = 'DONE' WHERE id = #{id}")
    int markDone(@Param("id") long id);
}

class VoucherTask {
    private Long id;
    private String voucherId;

    public Long getId() { return id; }
    public String getVoucherId() { return voucherId; }
}
