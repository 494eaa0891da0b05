// A drain with no transaction that gives each message its own (a REQUIRES_NEW method on another bean), and a
// @Transactional method whose helper loops over the list its caller passed (one order's lines): the first is one
// transaction per item, the second the all-or-nothing its caller asked for. No finding.
package com.example.p002.neg17;

import java.util.List;
import org.springframework.stereotype.Service;
import org.springframework.transaction.annotation.Propagation;
import org.springframework.transaction.annotation.Transactional;

@Service
public class ReplayJob {

    private final ReplayItemService items;
    private final ReceiptService receipts;

    public ReplayJob(ReplayItemService items, ReceiptService receipts) {
        this.items = items;
        this.receipts = receipts;
    }

    public void drain(MessageReceiver receiver) {
        while (true) {
            String message = receiver.receive();
            if (message == null) {
                break;
            }
            items.replayOne(message);
        }
    }

    @Transactional
    public void closeOrder(List<String> lines) {
        receipts.sendReceipts(lines);
    }
}

@Service
class ReplayItemService {

    private org.springframework.kafka.core.KafkaTemplate<String, String> kafkaTemplate;

    @Transactional(propagation = Propagation.REQUIRES_NEW)
    public void replayOne(String message) {
        kafkaTemplate.send("payments", message);
    }
}

@Service
class ReceiptService {

    private org.springframework.kafka.core.KafkaTemplate<String, String> kafkaTemplate;

    public void sendReceipts(List<String> lines) {
        for (String line : lines) {
            kafkaTemplate.send("receipts", line);
        }
    }
}

class MessageReceiver {
    String receive() {
        return null;
    }
}
