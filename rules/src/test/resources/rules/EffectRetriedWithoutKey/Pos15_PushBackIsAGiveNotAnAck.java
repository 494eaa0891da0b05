// A relay takes a transfer from its queue and posts it to the bank; on failure it pushes the transfer back onto the
// same queue, which hands it out again. "pushBack" is a give: its word "Back" holds the letters "ack" but is no
// acknowledgement (the not-a-give words are matched by camel-case word, not anywhere in the name). Finding on the post.
package com.example.e010.pos15;

import org.springframework.web.client.RestTemplate;

public class TransferRelay {
    private final TransferQueue queue;
    private final RestTemplate rest = new RestTemplate();

    public TransferRelay(TransferQueue queue) {
        this.queue = queue;
    }

    public void relayNext() {
        Transfer t = queue.takeTransfer();
        try {
            rest.postForObject("https://bank.example.com/transfers", t, String.class); // expect: IDEM010
        } catch (RuntimeException e) {
            queue.pushBack(t);
        }
    }
}

interface TransferQueue {
    Transfer takeTransfer();

    void pushBack(Transfer t);
}

record Transfer(String account, long amount) {
}
