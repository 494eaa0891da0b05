// As Pos18 (a @Transactional claim marks the job PROCESSING through a dirty-checked setter), but a sweep returns
// PROCESSING jobs not touched for ten minutes to PENDING: a job whose worker died is retried; no finding.
package com.example.idem008.neg25;

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
        job.setStatus("PROCESSING");
        return job;
    }

    @Transactional
    public List<ExportJob> claimBatch() {
        List<ExportJob> jobs = repo.findPending();
        for (ExportJob j : jobs) {
            j.setStatus("SENDING");
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

    @org.springframework.data.jpa.repository.Modifying
    @Query(value = "UPDATE export_job SET status = 'PENDING' WHERE status IN ('PROCESSING', 'SENDING') "
            + "AND updated_at < NOW() - INTERVAL '10 minutes'", nativeQuery = true)
    int releaseStale();
}

@Entity
class ExportJob {
    @Id
    private Long id;
    private String status;

    public String getStatus() { return status; }
    public void setStatus(String status) { this.status = status; }
}
