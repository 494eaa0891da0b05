package com.example.noonsafe.client;

import java.util.Map;
import org.springframework.beans.factory.annotation.Value;
import org.springframework.http.HttpEntity;
import org.springframework.http.HttpHeaders;
import org.springframework.http.MediaType;
import org.springframework.stereotype.Component;
import org.springframework.web.client.RestTemplate;

/** Sends text messages through the SMS gateway, which drops a message whose idempotency key it has seen. */
@Component
public class NotificationClient {

    private final RestTemplate restTemplate;
    private final String smsGatewayUrl;

    public NotificationClient(RestTemplate restTemplate, @Value("${noon.sms.gateway-url}") String smsGatewayUrl) {
        this.restTemplate = restTemplate;
        this.smsGatewayUrl = smsGatewayUrl;
    }

    public void sendSms(String phone, String text, String idempotencyKey) {
        HttpHeaders headers = new HttpHeaders();
        headers.setContentType(MediaType.APPLICATION_JSON);
        headers.set("Idempotency-Key", idempotencyKey);
        restTemplate.postForObject(smsGatewayUrl + "/v2/messages",
                new HttpEntity<>(Map.of("to", phone, "text", text), headers), Void.class);
    }
}
