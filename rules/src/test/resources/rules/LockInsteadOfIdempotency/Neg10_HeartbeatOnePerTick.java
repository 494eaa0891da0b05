package demo;

import com.azure.messaging.servicebus.ServiceBusMessage;
import com.azure.messaging.servicebus.ServiceBusSenderClient;
import net.javacrumbs.shedlock.spring.annotation.SchedulerLock;
import org.springframework.scheduling.annotation.Scheduled;

// A heartbeat message every ten minutes has no identity: a duplicate or a lost one is harmless.
public class HeartbeatTask {
    ServiceBusSenderClient sender;

    @Scheduled(fixedDelay = 600000)
    @SchedulerLock(name = "heartbeat")
    public void run() {
        sender.sendMessage(new ServiceBusMessage("heartbeat"));
    }
}
