// Stale-lease sweeps whose WHERE reads the lease column, whatever its name after "lease_" (lease_expires,
// lease_expiry): only rows whose lease ran out are put back, and a worker that still holds its lease is not touched.
// The lease predicate fences the write; no finding (lease_until was already read as one).
package com.example.idem003.neg57;

import org.apache.ibatis.annotations.Mapper;
import org.apache.ibatis.annotations.Update;
import org.springframework.scheduling.annotation.Scheduled;

public class LeaseSweeper {

    private final ExportTaskMapper mapper;

    public LeaseSweeper(ExportTaskMapper mapper) {
        this.mapper = mapper;
    }

    @Scheduled(fixedDelay = 60_000)
    public void sweep() {
        mapper.releaseExpired();
        mapper.releaseExpiredShipments();
    }
}

@Mapper
interface ExportTaskMapper {

    @Update("UPDATE export_task SET status = 'PENDING', lease_expires = NULL WHERE lease_expires < NOW()")
    int releaseExpired();

    @Update("UPDATE shipment_task SET status = 'PENDING', lease_expiry = NULL WHERE lease_expiry < NOW()")
    int releaseExpiredShipments();
}
