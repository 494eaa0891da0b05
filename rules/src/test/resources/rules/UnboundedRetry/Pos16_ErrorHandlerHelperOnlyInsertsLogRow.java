// The catch block hands the failure to a private handler whose only write is an insert into an append-only log
// table (found by its SQL, not its name): the parcel stays READY and is picked up and fails again on every run.
package com.example.e006.pos16;

import java.util.List;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.scheduling.annotation.Scheduled;

public class ParcelForwarder {
    private final JdbcTemplate jdbc;
    private final CarrierClient carrier;

    public ParcelForwarder(JdbcTemplate jdbc, CarrierClient carrier) {
        this.jdbc = jdbc;
        this.carrier = carrier;
    }

    @Scheduled(fixedDelay = 30000)
    public void forward() {
        List<Long> ids = jdbc.queryForList("SELECT id FROM parcel WHERE status = 'READY'", Long.class);
        for (Long id : ids) {
            try {
                carrier.book(id);
                jdbc.update("UPDATE parcel SET status = 'BOOKED' WHERE id = ?", id);
            } catch (RuntimeException e) {
                onBookingError(id, e);
            }
        }
    }

    private void onBookingError(Long id, RuntimeException e) {
        jdbc.update("INSERT INTO parcel_log (parcel_id, message) VALUES (?, ?)", id, e.getMessage()); // expect: IDEM006 "in onBookingError()"
    }
}

interface CarrierClient {
    void book(long parcelId);
}
