package io.idemcheck.runtime;

import io.idemcheck.runtime.support.TestDatabase;

/** Runs {@link AbstractRuntimeTest} against MARIADB; skipped (or failed with IDEMCHECK_REQUIRE_DATABASES=1) when unreachable. */
class MariaDbRuntimeTest extends AbstractRuntimeTest {
    @Override
    protected TestDatabase db() {
        return TestDatabase.MARIADB;
    }

    /**
     * With {@code useAffectedRows=true} (no CLIENT_FOUND_ROWS) an UPDATE that changes nothing reports 0 and
     * ON DUPLICATE KEY UPDATE without a real change would report 0: the counter bump and the fenced SELECT keep
     * the runtime correct under both driver settings.
     */
    @org.junit.jupiter.api.Test
    void worksWithAffectedRowsInsteadOfFoundRows() throws Exception {
        String url = db().url() + (db().url().contains("?") ? "&" : "?") + "useAffectedRows=true";
        try (io.idemcheck.runtime.support.TinyPool affected = new io.idemcheck.runtime.support.TinyPool(url, db().user(), db().password())) {
            insertTasks(5, 1);
            TaskClaimer c = new TaskClaimer(affected, tasks);
            Claim claim = c.claim(1L, "w").orElseThrow();
            for (int i = 0; i < 20; i++) {
                org.assertj.core.api.Assertions.assertThat(c.heartbeat(claim)).isEqualTo(Outcome.OK);
            }
            IdempotencyLedger l = IdempotencyLedger.builder(affected).table(ledger).build();
            org.assertj.core.api.Assertions.assertThat(l.begin("k", "fp").state()).isEqualTo(BeginResult.State.ACQUIRED);
            org.assertj.core.api.Assertions.assertThat(l.begin("k", "fp").state()).isEqualTo(BeginResult.State.IN_PROGRESS);
            org.assertj.core.api.Assertions.assertThat(l.markDone("k", "r")).isTrue();
            org.assertj.core.api.Assertions.assertThat(l.begin("k", "fp").state()).isEqualTo(BeginResult.State.ALREADY_DONE);
            org.assertj.core.api.Assertions.assertThat(queryLong("SELECT dup_hits FROM " + ledgerTable + " WHERE idem_key = 'k'")).isEqualTo(2);
            org.assertj.core.api.Assertions.assertThat(c.complete(claim)).isEqualTo(Outcome.OK);
        }
    }

    /**
     * Regression: with {@code status = 'RUNNING'} in the WHERE clause MariaDB 10.11 ran the fenced single-row updates
     * as a range scan of the (status, gmt_modified) index, locking (and waiting for) every RUNNING row of other
     * workers; the same for the ledger's (status, updated_at). Every statement addressed by id or key must use the
     * primary key.
     */
    @org.junit.jupiter.api.Test
    void statementsAddressedByIdOrKeyUseThePrimaryKey() throws Exception {
        insertTasks(5, range(1, 301));
        try (java.sql.Connection c = pool.getConnection(); java.sql.Statement st = c.createStatement()) {
            st.execute("UPDATE " + taskTable + " SET status = 'DONE' WHERE id > 3");
            for (int i = 0; i < 300; i++) {
                st.execute("INSERT INTO " + ledgerTable + " (idem_key, request_fp, status) VALUES ('k" + i + "', 'fp', 'DONE')");
            }
            st.execute("ANALYZE TABLE " + taskTable);
            st.execute("ANALYZE TABLE " + ledgerTable);
        }
        Dialect d = Dialect.MYSQL;
        java.util.Map<String, Object[]> statements = new java.util.LinkedHashMap<>();
        statements.put(d.claimSql(tasks), new Object[]{"w", 1L});
        statements.put(d.claimBatchUpdateSql(tasks, 2), new Object[]{"w", 1L, 2L});
        statements.put(d.heartbeatSql(tasks), new Object[]{1L, "w", 1});
        statements.put(d.completeSql(tasks), new Object[]{1L, "w", 1});
        statements.put(d.failToDeadSql(tasks), new Object[]{"e", 1L, "w", 1});
        statements.put(d.failToPendingSql(tasks), new Object[]{"e", 1000L, 1L, "w", 1});
        statements.put(d.rowStateSql(tasks), new Object[]{1L});
        statements.put(d.releaseSql(tasks), new Object[]{"r", 1L, "w", 1});
        statements.put(d.ledgerMarkDoneSql(ledger), new Object[]{"r", "k1"});
        statements.put(d.ledgerReleaseSql(ledger), new Object[]{"k1", 1});
        for (java.util.Map.Entry<String, Object[]> e : statements.entrySet()) {
            try (java.sql.Connection c = pool.getConnection();
                 java.sql.PreparedStatement ps = c.prepareStatement("EXPLAIN " + e.getKey())) {
                for (int i = 0; i < e.getValue().length; i++) {
                    ps.setObject(i + 1, e.getValue()[i]);
                }
                try (java.sql.ResultSet rs = ps.executeQuery()) {
                    org.assertj.core.api.Assertions.assertThat(rs.next()).isTrue();
                    org.assertj.core.api.Assertions.assertThat(rs.getString("key")).as(e.getKey()).isEqualTo("PRIMARY");
                }
            }
        }
    }
}
