package demo;

import com.azure.messaging.servicebus.ServiceBusMessage;
import com.azure.messaging.servicebus.ServiceBusSenderClient;
import java.util.List;
import net.javacrumbs.shedlock.spring.annotation.SchedulerLock;
import org.springframework.scheduling.annotation.Scheduled;

// Each message carries the envelope id as its MessageId, set by the helper that builds it: the broker drops a
// second copy, so an overlapping run sends nothing twice.
interface EnvelopeRepository {
    List<Envelope> findByStatus(String status);

    void markNotified(long id);
}

class SendHelper {
    ServiceBusSenderClient sender;

    void send(Msg msg) {
        ServiceBusMessage busMessage = toBusMessage(msg);
        sender.sendMessage(busMessage);
    }

    ServiceBusMessage toBusMessage(Msg msg) {
        ServiceBusMessage m = new ServiceBusMessage(msg.getBody());
        m.setMessageId(msg.getMsgId());
        return m;
    }
}

public class OrchestratorNotificationTask {
    EnvelopeRepository repository;
    SendHelper sendHelper;

    @Scheduled(fixedDelay = 30000)
    @SchedulerLock(name = "notify-orchestrator")
    public void run() {
        for (Envelope e : repository.findByStatus("UPLOADED")) {
            sendHelper.send(new Msg(e));
            repository.markNotified(e.getId());
        }
    }
}
