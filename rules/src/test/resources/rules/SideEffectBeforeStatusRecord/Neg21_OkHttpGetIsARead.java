// OkHttpClient.newCall(..) on a request built with .get() only reads remote state (like RestTemplate.getForObject, which is not an effect), so polling then recording is no finding (seen in apache/shenyu PrometheusMetricsProvider.getMetricData, called from MetricsMonitor.monitorMetrics).
package com.example.neg21;

import java.io.IOException;
import java.util.List;
import okhttp3.OkHttpClient;
import okhttp3.Request;
import okhttp3.Response;
import org.apache.ibatis.annotations.Mapper;
import org.apache.ibatis.annotations.Param;
import org.apache.ibatis.annotations.Select;
import org.apache.ibatis.annotations.Update;
import org.springframework.scheduling.annotation.Scheduled;
import org.springframework.stereotype.Component;

@Component
public class RemoteTransferPollJob {

    private final TransferMapper transferMapper;
    private final GatewayStatusReader reader;

    public RemoteTransferPollJob(TransferMapper transferMapper, GatewayStatusReader reader) {
        this.transferMapper = transferMapper;
        this.reader = reader;
    }

    @Scheduled(fixedDelay = 60000)
    public void run() throws IOException {
        for (Transfer t : transferMapper.selectInFlight()) {
            String remote = reader.fetchState(t.getRef());
            transferMapper.updateStatus(t.getId(), remote);
        }
    }
}

@Component
class GatewayStatusReader {

    private final OkHttpClient http = new OkHttpClient();

    String fetchState(String ref) throws IOException {
        Request request = new Request.Builder().url("https://gw.example.com/v1/transfers/" + ref).get().build();
        try (Response response = http.newCall(request).execute()) {
            return response.body() == null ? "UNKNOWN" : response.body().string();
        }
    }
}

@Mapper
interface TransferMapper {

    @Select("SELECT id, ref FROM transfer WHERE status = 'IN_FLIGHT'")
    List<Transfer> selectInFlight();

    @Update("UPDATE transfer SET status = #{status} WHERE id = #{id}")
    int updateStatus(@Param("id") long id, @Param("status") String status);
}

class Transfer {
    private Long id;
    private String ref;

    public Long getId() { return id; }
    public String getRef() { return ref; }
}
