package demo;

import net.javacrumbs.shedlock.spring.annotation.SchedulerLock;
import org.springframework.kafka.core.KafkaTemplate;
import org.springframework.scheduling.annotation.Scheduled;

public class OutboxRelay {
    OutboxMapper outboxMapper;
    KafkaTemplate<String, String> kafkaTemplate;

    @Scheduled(fixedDelay = 5000)
    @SchedulerLock(name = "outboxRelay", lockAtMostFor = "PT5M") // expect: IDEM009 "the only guard around"
    public void relay() {
        for (OutboxRow row : outboxMapper.selectUnsent(100)) {
            kafkaTemplate.send("events", row.getPayload());
            outboxMapper.markSent(row.getId());
        }
    }
}
