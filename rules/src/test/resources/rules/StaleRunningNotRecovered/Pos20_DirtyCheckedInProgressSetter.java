// A @Transactional claim marks the selected export jobs PROCESSING through setters on the managed entities, with no
// save: dirty checking writes the status at commit. Nothing ever returns stale PROCESSING jobs (no sweep on age), so
// a job whose worker dies after the commit stays PROCESSING forever; reported at the setter.
package com.example.idem008.pos18;

import java.util.List;
import javax.persistence.Entity;
import javax.persistence.Id;
import org.springframework.data.jpa.repository.JpaRepository;
import org.springframework.data.jpa.repository.Query;
import org.springframework.stereotype.Service;
import org.springframework.transaction.annotation.Transactional;

@Service
public class ExportClaims {

    private final ExportJobRepository repo;

    public ExportClaims(ExportJobRepository repo) {
        this.repo = repo;
    }

    @Transactional
    public ExportJob claimNext() {
        ExportJob job = repo.findFirstPending();
        job.setStatus("PROCESSING"); // expect: IDEM008 "PROCESSING"
        return job;
    }

    @Transactional
    public List<ExportJob> claimBatch() {
        List<ExportJob> jobs = repo.findPending();
        for (ExportJob j : jobs) {
            j.setStatus("SENDING"); // expect: IDEM008 "SENDING"
        }
        return jobs;
    }
}

interface ExportJobRepository extends JpaRepository<ExportJob, Long> {

    @Query(value = "SELECT * FROM export_job WHERE status = 'PENDING' ORDER BY id LIMIT 1", nativeQuery = true)
    ExportJob findFirstPending();

    @Query(value = "SELECT * FROM export_job WHERE status = 'PENDING' ORDER BY id LIMIT 100", nativeQuery = true)
    List<ExportJob> findPending();

    @Query(value = "SELECT * FROM export_job WHERE status = 'DONE'", nativeQuery = true)
    List<ExportJob> findDone();
}

@Entity
class ExportJob {
    @Id
    private Long id;
    private String status;

    public String getStatus() { return status; }
    public void setStatus(String status) { this.status = status; }
}
