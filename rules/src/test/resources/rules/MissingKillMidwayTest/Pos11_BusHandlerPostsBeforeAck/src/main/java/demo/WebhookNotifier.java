package demo;

import org.killbill.commons.eventbus.Subscribe;
import org.springframework.web.client.RestTemplate;

public class WebhookNotifier {
    RestTemplate restTemplate;

    @Subscribe
    public void onInvoiceCreated(InvoiceEvent event) { // expect: IDEM007 "before the delivery is acknowledged"
        restTemplate.postForObject(event.getCallbackUrl(), event, String.class);
    }
}
