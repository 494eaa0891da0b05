package com.example.noonsafe.client;

import java.math.BigDecimal;
import java.util.Map;
import org.springframework.beans.factory.annotation.Value;
import org.springframework.http.HttpEntity;
import org.springframework.http.HttpHeaders;
import org.springframework.http.MediaType;
import org.springframework.stereotype.Component;
import org.springframework.web.client.RestTemplate;

/** Talks to the payment gateway over HTTP. */
@Component
public class PaymentClient {

    private final RestTemplate restTemplate;
    private final String gatewayUrl;

    public PaymentClient(RestTemplate restTemplate, @Value("${noon.payment.gateway-url}") String gatewayUrl) {
        this.restTemplate = restTemplate;
        this.gatewayUrl = gatewayUrl;
    }

    /**
     * Charges {@code amount} to the user's card and returns the gateway's charge reference. The gateway keeps the
     * first result for each {@code Idempotency-Key} and replays it for any later request with the same key, so a
     * retry after a crash cannot charge twice.
     */
    public String charge(Long userId, BigDecimal amount, String idempotencyKey) {
        HttpHeaders headers = new HttpHeaders();
        headers.setContentType(MediaType.APPLICATION_JSON);
        headers.set("Idempotency-Key", idempotencyKey);
        Map<String, Object> body = Map.of("userId", userId, "amount", amount, "currency", "CNY");
        GatewayResponse response = restTemplate.postForObject(
                gatewayUrl + "/v1/charges", new HttpEntity<>(body, headers), GatewayResponse.class);
        if (response == null || !response.success()) {
            throw new PaymentException("charge rejected for user " + userId + ": "
                    + (response == null ? "empty response" : response.message()));
        }
        return response.reference();
    }

    /** JSON body the payment gateway answers with. */
    public record GatewayResponse(boolean success, String reference, String message) {
    }
}
