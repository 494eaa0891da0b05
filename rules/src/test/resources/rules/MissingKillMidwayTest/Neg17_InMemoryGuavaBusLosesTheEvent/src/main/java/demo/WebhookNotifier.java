package demo;

import com.google.common.eventbus.Subscribe;
import org.springframework.web.client.RestTemplate;

public class WebhookNotifier {
    RestTemplate restTemplate;

    @Subscribe
    public void onInvoiceCreated(InvoiceEvent event) { // Guava's in-memory bus loses the event on a crash: no redelivery, no window
        restTemplate.postForObject(event.getCallbackUrl(), event, String.class);
    }
}
