package com.example.noonsafe.job;

import static org.assertj.core.api.Assertions.assertThat;

import io.idemcheck.runtime.LedgerTable;
import io.idemcheck.runtime.Reconciler;
import io.idemcheck.runtime.ReconciliationReport;
import io.idemcheck.runtime.TaskClaimer;
import io.idemcheck.runtime.TaskTable;
import io.idemcheck.runtime.test.ChildResult;
import io.idemcheck.runtime.test.KillMidwayRecovery;
import io.idemcheck.runtime.test.KillMidwayRun;
import io.idemcheck.runtime.test.KillMidwayTest;
import io.idemcheck.runtime.test.KillMidwayVariables;
import io.idemcheck.runtime.test.Leases;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import java.util.Map;
import org.h2.jdbcx.JdbcDataSource;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.io.TempDir;

/**
 * The noon job is SIGKILLed right after charging the first user, recovered, and restarted: every user is charged,
 * ordered and texted exactly once.
 */
class NoonSettlementJobKillMidwayTest {

    private static final Duration LEASE = Duration.ofMillis(200);

    @TempDir
    Path dir;
    private String url;
    private Connection keepOpen; // this JVM serves the file database to the children (AUTO_SERVER)
    private JdbcDataSource ds;

    @BeforeEach
    void createDatabase() throws Exception {
        url = "jdbc:h2:file:" + dir.resolve("noon") + ";AUTO_SERVER=TRUE;LOCK_TIMEOUT=10000";
        ds = new JdbcDataSource();
        ds.setURL(url);
        ds.setUser("sa");
        keepOpen = ds.getConnection();
        String schema = new String(getClass().getResourceAsStream("/schema-h2.sql").readAllBytes(), StandardCharsets.UTF_8);
        try (Statement s = keepOpen.createStatement()) {
            for (String sql : schema.replaceAll("--[^\n]*", "").split(";")) {
                if (!sql.isBlank()) {
                    s.execute(sql);
                }
            }
            s.execute("INSERT INTO settlement_task (id, user_id, phone, amount, biz_date) VALUES"
                    + " (1, 101, '13800000001', 12.50, DATE '2024-05-20'),"
                    + " (2, 102, '13800000002', 99.00, DATE '2024-05-20'),"
                    + " (3, 103, '13800000003', 7.00, DATE '2024-05-20')");
        }
    }

    @AfterEach
    void close() throws SQLException {
        keepOpen.close();
    }

    @KillMidwayVariables
    Map<String, String> variables() {
        return Map.of("jdbcUrl", url, "leaseMillis", String.valueOf(LEASE.toMillis()));
    }

    /** What the next start-up does after a crash: the dead worker's row goes back to PENDING (database clock). */
    @KillMidwayRecovery
    void recover(ChildResult crashed) throws Exception {
        TaskClaimer claimer = new TaskClaimer(ds, TaskTable.defaults("settlement_task"));
        Leases.awaitRecovery(claimer, LEASE, 1, Duration.ofSeconds(10));
        while (reconciler().check().inDoubtKeys().isEmpty()) { // the charged-but-unrecorded key is now in doubt
            Thread.sleep(20);
        }
    }

    @KillMidwayTest(job = NoonJobMain.class, crashPoint = "after-charge", args = {"${jdbcUrl}", "${leaseMillis}"})
    void everyUserIsChargedOrderedAndTextedOnceAcrossAKill(KillMidwayRun run) throws Exception {
        assertThat(run.crashExitCode()).as(run.describe()).isEqualTo(ChildResult.SIGKILL_EXIT_CODE);
        assertThat(run.restartExitCode()).as(run.describe()).isZero();
        assertThat(run.restarted().stdoutLines()).contains("noon job finished");

        assertThat(count("SELECT COUNT(*) FROM gateway_request WHERE kind = 'charge'"))
                .as("task 1 was sent twice, with the same key").isEqualTo(4);
        assertThat(count("SELECT COUNT(*) FROM gateway_charge")).as("charges").isEqualTo(3);
        assertThat(count("SELECT COUNT(DISTINCT user_id) FROM gateway_charge")).isEqualTo(3);
        assertThat(count("SELECT COUNT(*) FROM t_order")).as("orders").isEqualTo(3);
        assertThat(count("SELECT COUNT(*) FROM gateway_sms")).as("text messages").isEqualTo(3);
        assertThat(count("SELECT COUNT(*) FROM settlement_task WHERE status = 'DONE'")).isEqualTo(3);
        assertThat(count("SELECT attempts FROM settlement_task WHERE id = 1")).as("killed once").isEqualTo(2);
        ReconciliationReport report = reconciler().check();
        assertThat(report.isClean()).as(report.toString()).isTrue();
    }

    private Reconciler reconciler() {
        return new Reconciler(ds, TaskTable.defaults("settlement_task"), LedgerTable.named("idem_ledger"), LEASE, LEASE);
    }

    private int count(String sql) throws SQLException {
        try (Statement s = keepOpen.createStatement(); ResultSet rs = s.executeQuery(sql)) {
            rs.next();
            return rs.getInt(1);
        }
    }
}
