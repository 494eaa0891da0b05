package demo;

import static org.mockito.Mockito.*;

import org.junit.jupiter.api.Test;
import org.springframework.web.client.RestTemplate;

class WebhookNotifierTest {
    RestTemplate rest = mock(RestTemplate.class);
    WebhookNotifier notifier = new WebhookNotifier();

    @Test
    void postsOnce() {
        notifier.onInvoiceCreated(new InvoiceEvent());
        verify(rest, times(1)).postForObject(any(), any(), any());
    }
}
