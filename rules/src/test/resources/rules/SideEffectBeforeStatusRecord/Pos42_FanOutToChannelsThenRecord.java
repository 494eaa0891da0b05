// One alert is sent through every configured channel (a loop over channels, not over work rows), and the alert's status is written once after the loop: a crash before the write sends it through every channel again: finding on the send.
package com.example.pos42;

import java.util.List;
import org.apache.ibatis.annotations.Mapper;
import org.apache.ibatis.annotations.Param;
import org.apache.ibatis.annotations.Update;
import org.springframework.web.client.RestTemplate;

public class AlertSender {

    private final RestTemplate rest;
    private final AlertMapper alerts;
    private final List<String> webhookUrls;

    public AlertSender(RestTemplate rest, AlertMapper alerts, List<String> webhookUrls) {
        this.rest = rest;
        this.alerts = alerts;
        this.webhookUrls = webhookUrls;
    }

    public void send(Alert alert) {
        for (String url : webhookUrls) {
            rest.postForObject(url, alert.getText(), String.class); // expect: IDEM001
        }
        alerts.updateStatus(alert.getId(), "SENT");
    }
}

@Mapper
interface AlertMapper {

    @Update("UPDATE alert SET status = #{status} WHERE id = #{id}")
    int updateStatus(@Param("id") long id, @Param("status") String status);
}

class Alert {
    private long id;
    private String text;

    public long getId() { return id; }
    public String getText() { return text; }
}
