// The same check and save on an entity without an optimistic-lock field: the save matches the id only, so two runs
// that read the same old row both pass the check and both save; reported at the check.
package com.example.idem004.pos16;

import javax.persistence.Entity;
import javax.persistence.Id;
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
        if ("PENDING".equals(r.getStatus())) { // expect: IDEM004 "two separate steps"
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

    public String getStatus() { return status; }
    public void setStatus(String status) { this.status = status; }
}
