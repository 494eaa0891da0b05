package com.example.noon.client;

import java.util.Map;
import org.springframework.beans.factory.annotation.Value;
import org.springframework.stereotype.Component;
import org.springframework.web.client.RestTemplate;

/** Sends text messages through the SMS gateway. */
@Component
public class NotificationClient {

    private final RestTemplate restTemplate;
    private final String smsGatewayUrl;

    public NotificationClient(RestTemplate restTemplate, @Value("${noon.sms.gateway-url}") String smsGatewayUrl) {
        this.restTemplate = restTemplate;
        this.smsGatewayUrl = smsGatewayUrl;
    }

    public void sendSms(String phone, String text) {
        restTemplate.postForObject(smsGatewayUrl + "/v2/messages", Map.of("to", phone, "text", text), Void.class);
    }
}
