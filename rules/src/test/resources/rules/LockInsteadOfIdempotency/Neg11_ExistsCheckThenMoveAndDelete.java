package demo;

import com.azure.storage.blob.BlobClient;
import com.azure.storage.blob.BlobContainerClient;
import java.util.List;
import net.javacrumbs.shedlock.spring.annotation.SchedulerLock;
import org.springframework.scheduling.annotation.Scheduled;

// Per item, the work is idempotent: the move checks that the source still exists (a re-run finds it gone), and a
// delete repeated deletes nothing. The flag update is a record, not an effect.
interface EnvelopeRepository {
    List<Envelope> findRejectedToDelete();

    void markDeleted(long id);
}

class BlobMover {
    BlobContainerClient source;
    BlobContainerClient target;

    void moveToRejected(String name) {
        BlobClient from = source.getBlobClient(name);
        BlobClient to = target.getBlobClient(name);
        if (from.exists()) {
            to.beginCopy(from.getBlobUrl(), null);
            from.delete();
        }
    }
}

public class HandleRejectedFilesTask {
    EnvelopeRepository repository;
    BlobMover blobMover;
    BlobContainerClient container;

    @Scheduled(cron = "0 0 * * * *")
    @SchedulerLock(name = "handle-rejected-files")
    public void run() {
        for (Envelope e : repository.findRejectedToDelete()) {
            blobMover.moveToRejected(e.getFileName());
            BlobClient blob = container.getBlobClient(e.getFileName());
            blob.deleteIfExists();
            repository.markDeleted(e.getId());
        }
    }
}
