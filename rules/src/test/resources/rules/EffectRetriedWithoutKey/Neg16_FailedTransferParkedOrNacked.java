// The twins of Pos15 where the catch block gives nothing back: the transfer goes to a dead-letter queue
// (pushToDeadLetter: the word "Dead") or is nacked without requeue (pushNack: the word "Nack"); the queue hands
// neither out again, so the post is not retried. No finding.
package com.example.e010.neg16;

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
            rest.postForObject("https://bank.example.com/transfers", t, String.class);
        } catch (RuntimeException e) {
            queue.pushToDeadLetter(t);
        }
    }

    public void relayOrNack() {
        Transfer t = queue.takeTransfer();
        try {
            rest.postForObject("https://bank.example.com/transfers", t, String.class);
        } catch (RuntimeException e) {
            queue.pushNack(t);
        }
    }
}

interface TransferQueue {
    Transfer takeTransfer();

    void pushToDeadLetter(Transfer t);

    void pushNack(Transfer t);
}

record Transfer(String account, long amount) {
}
