// The request is built by a long builder chain whose POST comes after a few hundred characters of headers; the chain's calls still say it is a POST: finding on send.
package com.example.pos73;

import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.time.temporal.ChronoUnit;
import java.util.List;
import org.apache.ibatis.annotations.Mapper;
import org.apache.ibatis.annotations.Param;
import org.apache.ibatis.annotations.Select;
import org.apache.ibatis.annotations.Update;
import org.springframework.scheduling.annotation.Scheduled;

public class WebhookDeliveryJob {

    private static final String AGENT = "webhook-delivery/1.0";
    private static final String CONTENT_TYPE_HEADER = "Content-Type";
    private static final String JSON = "application/json";
    private final HttpClient client = HttpClient.newHttpClient();
    private final WebhookMapper mapper;

    public WebhookDeliveryJob(WebhookMapper mapper) {
        this.mapper = mapper;
    }

    @Scheduled(fixedDelay = 10_000)
    public void run() throws IOException, InterruptedException {
        for (Webhook w : mapper.selectPending()) {
            final HttpRequest request = HttpRequest.newBuilder()
                                                   .uri(URI.create(w.getUrl()))
                                                   .header("User-Agent", AGENT)
                                                   .header(CONTENT_TYPE_HEADER, JSON)
                                                   .timeout(Duration.of(10, ChronoUnit.SECONDS))
                                                   .POST(HttpRequest.BodyPublishers.ofString(w.getBody()))
                                                   .build();
            client.send(request, HttpResponse.BodyHandlers.discarding()); // expect: IDEM001
            mapper.markDelivered(w.getId());
        }
    }
}

@Mapper
interface WebhookMapper {
    @Select("SELECT id, url, body FROM webhook WHERE status = 'PENDING'")
    List<Webhook> selectPending();

    @Update("UPDATE webhook SET status = 'DELIVERED' WHERE id = #{id}")
    int markDelivered(@Param("id") long id);
}

class Webhook {
    private Long id;
    private String url;
    private String body;

    public Long getId() { return id; }
    public String getUrl() { return url; }
    public String getBody() { return body; }
}
