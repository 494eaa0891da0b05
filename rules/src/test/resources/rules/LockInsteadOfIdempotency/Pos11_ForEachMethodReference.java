package demo;

import java.util.List;
import java.util.stream.Collectors;
import net.javacrumbs.shedlock.spring.annotation.SchedulerLock;
import org.springframework.scheduling.annotation.Scheduled;
import org.springframework.web.client.RestTemplate;

// The rows are grouped and handed to a service through a method reference; each upload is recorded after it.
interface EnvelopeRepository {
    List<Envelope> findEnvelopesToUpload(int maxRetries);

    void markUploaded(long id);
}

class UploadService {
    RestTemplate restTemplate;
    EnvelopeRepository repository;

    void processByContainer(String container, List<Envelope> envelopes) {
        for (Envelope e : envelopes) {
            restTemplate.postForObject("http://dm/documents", e.getPayload(), String.class);
            repository.markUploaded(e.getId());
        }
    }
}

public class UploadTask {
    EnvelopeRepository envelopeRepository;
    UploadService uploadService;

    @Scheduled(fixedDelay = 60000)
    @SchedulerLock(name = "upload-documents") // expect: IDEM009 "restTemplate.postForObject()"
    public void run() {
        envelopeRepository.findEnvelopesToUpload(3).stream()
                .collect(Collectors.groupingBy(Envelope::getContainer))
                .forEach(uploadService::processByContainer);
    }
}
