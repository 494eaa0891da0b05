// An operator action: the case is read by id, a private validation helper throws unless it is COMPLETED or stale, then
// the status is set back to UPLOADED and saved by id (no version, no status predicate). A completion landing between
// the read and the save is overwritten. The helper's throw is the status check. Finding at the save.
package com.example.p003.pos15;

import java.util.UUID;
import org.springframework.data.jpa.repository.JpaRepository;
import org.springframework.stereotype.Service;
import org.springframework.transaction.annotation.Transactional;

@Service
public class CaseActionService {

    private final CaseRepository caseRepository;

    public CaseActionService(CaseRepository caseRepository) {
        this.caseRepository = caseRepository;
    }

    @Transactional
    public void reprocess(UUID id) {
        ScanCase c = caseRepository.findById(id).orElseThrow();
        checkCanReprocess(c);
        c.setStatus(CaseStatus.UPLOADED);
        caseRepository.save(c); // expect: IDEM003 "checked the stored c.status"
    }

    private void checkCanReprocess(ScanCase c) {
        if (c.getStatus() != CaseStatus.COMPLETED && !c.isStale()) {
            throw new IllegalStateException("case " + c.getId() + " is neither completed nor stale");
        }
    }
}

enum CaseStatus { CREATED, UPLOADED, COMPLETED }

interface CaseRepository extends JpaRepository<ScanCase, UUID> {
}

class ScanCase {
    private UUID id;
    private CaseStatus status;
    private boolean stale;

    public UUID getId() { return id; }
    public CaseStatus getStatus() { return status; }
    public void setStatus(CaseStatus s) { this.status = s; }
    public boolean isStale() { return stale; }
}
