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
}
