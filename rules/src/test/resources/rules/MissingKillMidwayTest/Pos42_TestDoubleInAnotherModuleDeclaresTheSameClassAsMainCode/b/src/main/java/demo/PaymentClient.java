package demo;

public class PaymentClient {
    private final org.springframework.web.client.RestTemplate rest = new org.springframework.web.client.RestTemplate();

    public void send(long userId, long amount) {
        rest.postForObject("https://pay.example/charge", userId, String.class);
    }
}
