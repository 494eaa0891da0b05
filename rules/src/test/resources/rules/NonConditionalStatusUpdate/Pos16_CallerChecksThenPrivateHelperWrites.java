// An operator endpoint reads a parcel by id, a private validation helper throws unless it is waiting, and then a
// private helper two calls down writes the final status by id only. The check and the write are in different methods
// of one class, joined by the row key passed as a parameter; a dispatch landing in between is overwritten. Finding at
// the UPDATE, which no job reaches: the caller's check is what makes it a transition.
package com.example.p003.pos16;

import java.util.Optional;
import java.util.UUID;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.stereotype.Repository;
import org.springframework.stereotype.Service;

@Service
public class ParcelActionService {

    private final ParcelRepository parcels;

    public ParcelActionService(ParcelRepository parcels) {
        this.parcels = parcels;
    }

    public void completeStale(UUID parcelId, boolean known) {
        Parcel parcel = parcels.find(parcelId).orElseThrow();
        validateWaiting(parcel);
        if (known) {
            moveToSent(parcelId);
        } else {
            moveToRejected(parcelId);
        }
    }

    private void moveToSent(UUID parcelId) {
        moveToFinal(parcelId, ParcelStatus.SENT);
    }

    private void moveToRejected(UUID parcelId) {
        moveToFinal(parcelId, ParcelStatus.REJECTED);
    }

    private void moveToFinal(UUID parcelId, ParcelStatus status) {
        parcels.updateStatus(parcelId, status);
    }

    private void validateWaiting(Parcel parcel) {
        if (parcel.status == ParcelStatus.SENT || parcel.status == ParcelStatus.REJECTED) {
            throw new IllegalStateException("parcel " + parcel.id + " is already final");
        }
    }
}

@Repository
class ParcelRepository {

    private JdbcTemplate jdbcTemplate;

    Optional<Parcel> find(UUID id) {
        return Optional.ofNullable(jdbcTemplate.queryForObject("SELECT id, status FROM parcels WHERE id = ?",
                (rs, n) -> new Parcel(), id));
    }

    void updateStatus(UUID id, ParcelStatus status) {
        jdbcTemplate.update("UPDATE parcels SET status = ? WHERE id = ?", status.name(), id); // expect: IDEM003 "checked the stored status of this row first"
    }
}

enum ParcelStatus { WAITING, SENT, REJECTED }

class Parcel {
    UUID id;
    ParcelStatus status;
}
