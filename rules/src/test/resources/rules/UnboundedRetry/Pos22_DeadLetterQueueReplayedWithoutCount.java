// A job drains the dead-letter subscription: each message is received, rebuilt from its body and sent back to the
// topic. Nothing counts the replays (no delivery count read, no count carried in the new message), so a message that
// always fails is dead-lettered and replayed by every run, forever. Finding at the send.
package com.example.p006.pos22;

import com.fasterxml.jackson.databind.ObjectMapper;

public class DeadLetterReplayer {

    private final ObjectMapper objectMapper = new ObjectMapper();
    private TopicSender topic;

    public void replayDeadLetters(MessageReceiver deadLetterReceiver) throws Exception {
        while (true) {
            ReceivedMessage received = deadLetterReceiver.receive();
            if (received == null) {
                break;
            }
            byte[] body = received.getBody();
            PaymentEvent event = objectMapper.readValue(body, PaymentEvent.class);
            OutgoingMessage message = new OutgoingMessage(objectMapper.writeValueAsString(event));
            topic.send(message); // expect: IDEM006 "takes from a dead-letter queue"
        }
    }
}

interface MessageReceiver {
    ReceivedMessage receive();
}

interface TopicSender {
    void send(OutgoingMessage m);
}

class ReceivedMessage {
    byte[] getBody() { return new byte[0]; }
}

class OutgoingMessage {
    OutgoingMessage(String body) { }
}

class PaymentEvent {
}
