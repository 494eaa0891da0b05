package demo;

import static org.mockito.Mockito.*;

import org.junit.jupiter.api.Test;
import org.springframework.web.client.RestTemplate;

class WebhookNotifierTest {
    RestTemplate rest = mock(RestTemplate.class);
    WebhookNotifier notifier = new WebhookNotifier();

    @Test
    void redeliveryAfterACrashPostsOnce() {
        InvoiceEvent event = new InvoiceEvent();
        notifier.onInvoiceCreated(event);
        notifier.onInvoiceCreated(event); // the bus delivers again: the process died before the acknowledgement
        verify(rest, times(1)).postForObject(any(), any(), any());
    }
}
