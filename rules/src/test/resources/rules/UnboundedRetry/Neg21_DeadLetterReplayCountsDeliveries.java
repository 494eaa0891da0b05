// The same dead-letter drain, but the broker's delivery count is read and a message past the maximum is parked for a
// person instead of replayed; and a plain queue consumer (not a dead-letter queue) that forwards each message on is a
// relay, not a retry. No finding.
package com.example.p006.neg21;

public class DeadLetterReplayer {

    private static final int MAX_DELIVERIES = 5;
    private TopicSender topic;
    private TopicSender parkingLot;

    public void replayDeadLetters(MessageReceiver dlqReceiver) {
        while (true) {
            ReceivedMessage received = dlqReceiver.receive();
            if (received == null) {
                break;
            }
            if (received.getDeliveryCount() >= MAX_DELIVERIES) {
                parkingLot.send(received);
                continue;
            }
            topic.send(received);
        }
    }

    public void forwardOrders(MessageReceiver ordersReceiver) {
        while (true) {
            ReceivedMessage received = ordersReceiver.receive();
            if (received == null) {
                break;
            }
            topic.send(received);
        }
    }
}

interface MessageReceiver {
    ReceivedMessage receive();
}

interface TopicSender {
    void send(ReceivedMessage m);
}

class ReceivedMessage {
    long getDeliveryCount() { return 0; }
}
