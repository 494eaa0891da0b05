package demo;

import java.util.List;
import net.javacrumbs.shedlock.spring.annotation.SchedulerLock;
import org.springframework.scheduling.annotation.Scheduled;

// Per item the job writes its state and appends a row to an event table: a second copy of an event row is what an
// append-only log is for, not a duplicate effect.
interface EnvelopeRepository {
    List<Envelope> findStale();

    void updateStatus(long id, String status);
}

interface ProcessEventRepository {
    int insert(ProcessEvent e);
}

public class StaleEnvelopeTask {
    EnvelopeRepository repository;
    ProcessEventRepository processEventRepository;

    @Scheduled(fixedDelay = 60000)
    @SchedulerLock(name = "stale-envelopes")
    public void run() {
        for (Envelope e : repository.findStale()) {
            processEventRepository.insert(new ProcessEvent(e.getId(), "STALE"));
            repository.updateStatus(e.getId(), "ABORTED");
        }
    }
}
