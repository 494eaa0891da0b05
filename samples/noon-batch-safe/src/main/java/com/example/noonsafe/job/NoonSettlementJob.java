package com.example.noonsafe.job;

import com.example.noonsafe.domain.SettlementTask;
import com.example.noonsafe.mapper.TaskMapper;
import com.example.noonsafe.service.SettlementService;
import io.idemcheck.runtime.Claim;
import io.idemcheck.runtime.IdempotencyKeys;
import io.idemcheck.runtime.IdempotencyLedger;
import io.idemcheck.runtime.Outcome;
import io.idemcheck.runtime.RunResult;
import io.idemcheck.runtime.TaskClaimer;
import java.lang.management.ManagementFactory;
import java.time.Duration;
import java.util.Optional;
import org.apache.commons.logging.Log;
import org.apache.commons.logging.LogFactory;
import org.springframework.scheduling.annotation.Scheduled;

/**
 * Every day at noon: charge every pending settlement task, then mark it DONE; safe to kill and restart at any
 * point. Claim (committed) → key from the row → ledger.runOnce(settle with the key) → complete.
 */
public class NoonSettlementJob {

    private static final Log log = LogFactory.getLog(NoonSettlementJob.class);
    static final int BATCH_SIZE = 500;

    private final TaskMapper taskMapper;
    private final SettlementService settlementService;
    private final TaskClaimer claimer;
    private final IdempotencyLedger ledger;
    private final Duration taskLease;
    private final String owner = ManagementFactory.getRuntimeMXBean().getName();

    public NoonSettlementJob(TaskMapper taskMapper, SettlementService settlementService, TaskClaimer claimer,
                             IdempotencyLedger ledger, Duration taskLease) {
        this.taskMapper = taskMapper;
        this.settlementService = settlementService;
        this.claimer = claimer;
        this.ledger = ledger;
        this.taskLease = taskLease;
    }

    @Scheduled(cron = "0 0 12 * * *")
    public void run() {
        claimer.recoverExpired(taskLease); // rows of a worker that died: back to PENDING (or DEAD at the ceiling)
        for (Long id : taskMapper.selectPendingIds(BATCH_SIZE)) {
            Optional<Claim> maybe = claimer.claim(id, owner);
            if (maybe.isEmpty()) {
                continue; // another run holds it, or it is no longer PENDING
            }
            Claim claim = maybe.get();
            SettlementTask t = taskMapper.selectById(id);
            String key = IdempotencyKeys.of("settle", t.getId(), t.getBizDate());
            String fingerprint = IdempotencyKeys.fingerprint(t.getUserId(), t.getAmount());
            try {
                RunResult r = ledger.runOnce(key, fingerprint, id, k -> settlementService.settle(t, k));
                if (!r.isDone()) {
                    claimer.fail(claim, new IllegalStateException("ledger " + r.state() + " for " + key));
                } else if (claimer.complete(claim) == Outcome.LOST) {
                    log.warn("settlement " + id + ": lease lost; the effect is recorded under " + key);
                } else {
                    log.info("settlement " + id + " " + r.state() + " " + r.result());
                }
            } catch (RuntimeException e) {
                claimer.fail(claim, e); // PENDING again (retried with the same key), or DEAD at the ceiling
                log.error("settlement task " + id + " failed", e);
            }
        }
    }
}
