// The check reads a JPA entity with an optimistic-lock @Version field and the act saves it: the save matches the
// version read with the row, so a second run that read the same old row fails (OptimisticLockException) instead of
// writing again; no finding.
package com.example.idem004.neg32;

import javax.persistence.Entity;
import javax.persistence.Id;
import javax.persistence.Version;
import org.springframework.data.jpa.repository.JpaRepository;
import org.springframework.stereotype.Service;
import org.springframework.transaction.annotation.Transactional;

@Service
public class ApprovalService {

    private final RequestRepository repo;

    public ApprovalService(RequestRepository repo) {
        this.repo = repo;
    }

    @Transactional
    public void approve(long id) {
        Request r = repo.findById(id).orElseThrow();
        if ("PENDING".equals(r.getStatus())) {
            r.setStatus("APPROVED");
            repo.save(r);
        }
    }
}

interface RequestRepository extends JpaRepository<Request, Long> {
}

@Entity
class Request {
    @Id
    private Long id;
    private String status;
    @Version
    private Integer version;

    public String getStatus() { return status; }
    public void setStatus(String status) { this.status = status; }
}
