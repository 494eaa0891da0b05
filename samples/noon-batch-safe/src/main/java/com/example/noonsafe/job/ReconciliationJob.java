package com.example.noonsafe.job;

import io.idemcheck.runtime.LedgerTable;
import io.idemcheck.runtime.Reconciler;
import io.idemcheck.runtime.ReconciliationReport;
import io.idemcheck.runtime.TaskTable;
import java.time.Duration;
import javax.sql.DataSource;
import org.apache.commons.logging.Log;
import org.apache.commons.logging.LogFactory;
import org.springframework.beans.factory.annotation.Value;
import org.springframework.scheduling.annotation.Scheduled;
import org.springframework.stereotype.Component;

/**
 * Every hour: compare settlement tasks with the idempotency ledger, independently of the noon job. A task DONE without
 * its ledger row, a ledger row DONE whose task is not, a key in doubt or a lease expired is logged as an error for
 * the on-call engineer (the report is read-only; nothing is repaired automatically).
 */
@Component
public class ReconciliationJob {

    private static final Log log = LogFactory.getLog(ReconciliationJob.class);

    private final Reconciler reconciler;

    public ReconciliationJob(DataSource dataSource, @Value("${noon.task-lease:PT10M}") Duration taskLease,
                             @Value("${noon.ledger-lease:PT5M}") Duration ledgerLease) {
        this.reconciler = new Reconciler(dataSource, TaskTable.defaults("settlement_task"),
                LedgerTable.named("idem_ledger"), taskLease, ledgerLease);
    }

    @Scheduled(cron = "0 15 * * * *")
    public void run() {
        ReconciliationReport report = reconciler.check();
        if (report.isClean()) {
            log.info("settlement reconciliation: clean");
        } else {
            log.error("settlement reconciliation: " + report);
        }
    }
}
