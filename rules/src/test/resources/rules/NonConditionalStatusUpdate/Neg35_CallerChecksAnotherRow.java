// The caller checks the state of the parent batch, then a private helper writes the status of one of its parcels by
// the parcel's own id. The check concerns another row, so the write is no transition guarded by a stale read; and a
// caller that only logs the parcel before the write checks nothing; nor does a check of the batch followed by a helper
// that loads a parcel by the batch's id and writes it (the key passed down names the batch, the write another row).
// No finding.
package com.example.p003.neg35;

import java.util.UUID;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.stereotype.Repository;
import org.springframework.stereotype.Service;

@Service
public class ParcelBatchService {

    private final ParcelRepository parcels;

    public ParcelBatchService(ParcelRepository parcels) {
        this.parcels = parcels;
    }

    public void releaseParcel(UUID batchId, UUID parcelId) {
        Batch batch = parcels.findBatch(batchId);
        validateOpen(batch);
        moveToFinal(parcelId, "RELEASED");
    }

    public void forceRelease(UUID parcelId) {
        System.out.println("releasing " + parcelId);
        moveToFinal(parcelId, "RELEASED");
    }

    public void closeBatch(UUID batchId) {
        Batch batch = parcels.findBatch(batchId);
        validateOpen(batch);
        releaseFirstParcelOf(batchId);
    }

    private void releaseFirstParcelOf(UUID batchId) {
        UUID parcelId = parcels.firstParcelOf(batchId);
        moveToFinal(parcelId, "RELEASED");
    }

    private void moveToFinal(UUID parcelId, String status) {
        parcels.updateStatus(parcelId, status);
    }

    private void validateOpen(Batch batch) {
        if (batch.status != BatchStatus.OPEN) {
            throw new IllegalStateException("batch " + batch.id + " is closed");
        }
    }
}

@Repository
class ParcelRepository {

    private JdbcTemplate jdbcTemplate;

    Batch findBatch(UUID id) {
        return jdbcTemplate.queryForObject("SELECT id, status FROM parcel_batch WHERE id = ?", (rs, n) -> new Batch(), id);
    }

    UUID firstParcelOf(UUID batchId) {
        return jdbcTemplate.queryForObject("SELECT id FROM parcels WHERE batch_id = ? LIMIT 1", UUID.class, batchId);
    }

    void updateStatus(UUID id, String status) {
        jdbcTemplate.update("UPDATE parcels SET status = ? WHERE id = ?", status, id);
    }
}

enum BatchStatus { OPEN, CLOSED }

class Batch {
    UUID id;
    BatchStatus status;
}
