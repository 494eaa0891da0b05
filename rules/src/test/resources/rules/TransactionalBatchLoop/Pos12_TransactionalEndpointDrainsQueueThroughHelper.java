// A job endpoint is @Transactional and hands a dead-letter receiver to a service method that drains it: each message
// is received and sent back to the topic. The service declares no transaction, so the whole drain runs in the
// endpoint's transaction (a connection held for the whole drain, the sends not undone by a rollback). Finding at the
// call in the transactional method.
package com.example.p002.pos12;

import org.springframework.stereotype.Service;
import org.springframework.transaction.annotation.Transactional;
import org.springframework.web.bind.annotation.PatchMapping;
import org.springframework.web.bind.annotation.RestController;

@RestController
public class DeadLetterController {

    private final ReplayService replayService;

    public DeadLetterController(ReplayService replayService) {
        this.replayService = replayService;
    }

    @PatchMapping("/jobs/replay-dead-letters")
    @Transactional
    public void replay() {
        MessageReceiver receiver = replayService.openDeadLetterReceiver();
        replayService.drain(receiver); // expect: IDEM002 "drains its source item by item"
    }
}

@Service
class ReplayService {

    private org.springframework.kafka.core.KafkaTemplate<String, String> kafkaTemplate;

    MessageReceiver openDeadLetterReceiver() {
        return new MessageReceiver();
    }

    public void drain(MessageReceiver receiver) {
        while (true) {
            String message = receiver.receive();
            if (message == null) {
                break;
            }
            kafkaTemplate.send("payments", message);
        }
    }
}

class MessageReceiver {
    String receive() {
        return null;
    }
}
