package io.idemcheck.runtime;

import org.junit.jupiter.api.Test;

import java.sql.SQLException;
import java.sql.SQLIntegrityConstraintViolationException;
import java.time.Duration;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class TaskTableAndDialectTest {

    @Test
    void identifiersAreValidatedAgainstInjection() {
        assertThat(TaskTable.defaults("batch.charge_task").table()).isEqualTo("batch.charge_task");
        assertThatThrownBy(() -> TaskTable.defaults("task; DROP TABLE x")).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> TaskTable.defaults("a.b.c")).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> TaskTable.defaults("1task")).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> TaskTable.builder("t").statusColumn("status--").build()).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> TaskTable.builder("t").ownerColumn("s.owner").build()).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> TaskTable.builder("t").states("P", "R", "D", "X' OR '1'='1").build())
                .isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> TaskTable.builder("t").states("P", "P", "D", "X").build())
                .isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> LedgerTable.named("ledger x")).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> TaskTable.builder("t").maxAttempts(0)).isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void customNamesAndStatesReachTheSql() {
        TaskTable t = TaskTable.builder("jobs").idColumn("job_id").statusColumn("state").ownerColumn("locked_by")
                .attemptsColumn("tries").maxAttempts(4).modifiedColumn("touched_at").lastErrorColumn("err")
                .states("NEW", "BUSY", "OK", "DLQ").build();
        assertThat(Dialect.POSTGRESQL.claimSql(t)).isEqualTo("UPDATE jobs SET state = 'BUSY', locked_by = ?, tries = tries + 1,"
                + " touched_at = clock_timestamp() WHERE job_id = ? AND state = 'NEW' AND tries < 4 AND (not_before IS NULL"
                + " OR not_before <= clock_timestamp()) RETURNING tries");
        assertThat(Dialect.MYSQL.failToDeadSql(t)).contains("SET state = 'DLQ'", "err = ?",
                "job_id = ? AND CONCAT(state, '') = 'BUSY' AND locked_by = ? AND tries = ?", "tries >= 4");
        assertThat(Dialect.H2.failToDeadSql(t)).contains("job_id = ? AND state = 'BUSY' AND locked_by = ? AND tries = ?");
    }

    @Test
    void everyClaimSkipsRowsBeforeTheirRetryTimeAndAFailureSetsIt() {
        TaskTable t = TaskTable.builder("jobs").notBeforeColumn("retry_at").build();
        for (Dialect d : new Dialect[]{Dialect.POSTGRESQL, Dialect.MYSQL, Dialect.H2}) {
            String passed = " AND (retry_at IS NULL OR retry_at <= " + d.now() + ")";
            assertThat(d.claimSql(t)).as(d.name()).contains(passed);
            assertThat(d.claimBatchInOneStatement() ? d.claimBatchSql(t) : d.claimBatchSelectSql(t) + d.claimBatchUpdateSql(t, 2))
                    .as(d.name()).contains(passed);
            assertThat(d.failToPendingSql(t)).as(d.name()).contains(", retry_at = " + d.nowPlusDelay() + " WHERE");
            assertThat(d.failToDeadSql(t) + d.releaseSql(t) + d.recoverToPendingSql(t)).doesNotContain("retry_at");
        }
        assertThat(Dialect.POSTGRESQL.delayParameter(Duration.ofSeconds(2))).isEqualTo(-2_000L); // now - (-2000 ms)
        assertThat(Dialect.MYSQL.delayParameter(Duration.ofSeconds(2))).isEqualTo(2_000_000L);   // + 2,000,000 us
        assertThat(Dialect.H2.delayParameter(Duration.ofSeconds(2))).isEqualTo(2_000L);
        TaskTable old = TaskTable.builder("jobs").noNotBeforeColumn().build();
        assertThat(Dialect.POSTGRESQL.claimSql(old) + Dialect.MYSQL.failToPendingSql(old)).doesNotContain("not_before");
        assertThatThrownBy(() -> TaskTable.builder("t").retryBackoff(Duration.ofSeconds(2), Duration.ofSeconds(1)))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("shorter");
        // a wait that overflowed the not-before arithmetic (ChronoUnit.FOREVER) left a failing task retried forever
        assertThatThrownBy(() -> TaskTable.builder("t").retryBackoff(Duration.ofDays(1),
                java.time.temporal.ChronoUnit.FOREVER.getDuration()))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("is longer than PT8760H");
        assertThat(TaskTable.builder("t").retryBackoff(Duration.ofDays(1), Duration.ofDays(365)).build()).isNotNull();
        assertThatThrownBy(() -> TaskTable.builder("t").retryBackoff(Duration.ofSeconds(-1), Duration.ofSeconds(1)))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("negative");
        assertThatThrownBy(() -> TaskTable.builder("t").notBeforeColumn("x;y").build())
                .isInstanceOf(IllegalArgumentException.class);
        TaskTable none = TaskTable.builder("t").retryBackoff(Duration.ZERO, Duration.ZERO).build();
        assertThat(none.retryDelay(1)).isZero();
        assertThat(none.retryDelay(9)).isZero();
    }

    @Test
    void mySqlDdlHeadersNameTheMariaDbVersionBatchClaimsNeed() throws Exception {
        for (String file : new String[]{"task_table_example.sql", "idempotency_ledger.sql"}) {
            String path = "/io/idemcheck/runtime/ddl/mysql/" + file;
            String first;
            try (java.io.InputStream in = getClass().getResourceAsStream(path)) {
                assertThat(in).as(path).isNotNull();
                first = new String(in.readAllBytes(), java.nio.charset.StandardCharsets.UTF_8).split("\n")[0];
            }
            assertThat(first).as(path).contains("MySQL 8 / MariaDB 10.6+").doesNotContain("10.5+");
        }
    }

    @Test
    void dialectIsChosenFromTheProductName() {
        assertThat(Dialect.forProductName("PostgreSQL")).isSameAs(Dialect.POSTGRESQL);
        assertThat(Dialect.forProductName("MariaDB")).isSameAs(Dialect.MYSQL);
        assertThat(Dialect.forProductName("MySQL")).isSameAs(Dialect.MYSQL);
        assertThat(Dialect.forProductName("H2")).isSameAs(Dialect.H2);
        assertThatThrownBy(() -> Dialect.forProductName("Oracle")).isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void mysqlSqlAvoidsValuesFunctionAndRowAliasesAndBumpsACounter() {
        String sql = Dialect.MYSQL.ledgerInsertIfAbsentSql(LedgerTable.defaults());
        assertThat(sql).endsWith("ON DUPLICATE KEY UPDATE dup_hits = dup_hits + 1");
        assertThat(sql.toUpperCase()).doesNotContain("VALUES(").doesNotContain(" AS NEW").doesNotContain("= VALUES");
        assertThat(Dialect.MYSQL.ledgerInserted(1)).isTrue();
        assertThat(Dialect.MYSQL.ledgerInserted(2)).isFalse();
        assertThat(Dialect.POSTGRESQL.ledgerInsertIfAbsentSql(LedgerTable.defaults())).endsWith("ON CONFLICT (idem_key) DO NOTHING");
        assertThat(Dialect.H2.ledgerInsertIfAbsentSql(LedgerTable.defaults())).startsWith("MERGE INTO idem_ledger d USING");
        assertThat(Dialect.MYSQL.leaseParameter(Duration.ofSeconds(2))).isEqualTo(-2_000_000L);
        assertThat(Dialect.POSTGRESQL.leaseParameter(Duration.ofSeconds(2))).isEqualTo(2_000L);
        assertThat(Dialect.H2.leaseParameter(Duration.ofSeconds(2))).isEqualTo(-2_000L);
    }

    @Test
    void duplicatesAreClassifiedByCodeNeverByMessage() {
        SQLException mysqlDup = new SQLIntegrityConstraintViolationException("whatever", "23000", 1062);
        SQLException mysqlNotNull = new SQLIntegrityConstraintViolationException("Duplicate entry (not really)", "23000", 1048);
        assertThat(Dialect.MYSQL.isUniqueViolation(mysqlDup)).isTrue();
        assertThat(Dialect.MYSQL.isUniqueViolation(mysqlNotNull)).isFalse();
        SQLException pgDup = new SQLException("x", "23505");
        assertThat(Dialect.POSTGRESQL.isUniqueViolation(pgDup)).isTrue();
        assertThat(Dialect.POSTGRESQL.isUniqueViolation(new SQLException("duplicate key value violates", "23503"))).isFalse();
        SQLException wrapped = new SQLException("batch failed", "HY000");
        wrapped.setNextException(new SQLException("x", "23505"));
        assertThat(Dialect.H2.isUniqueViolation(wrapped)).isTrue();
        assertThat(Dialect.MYSQL.isTransientConcurrencyFailure(new SQLException("deadlock", "40001", 1213))).isTrue();
        assertThat(Dialect.POSTGRESQL.isTransientConcurrencyFailure(new SQLException("x", "23505"))).isFalse();
    }

    @Test
    void builderAndValueArgumentsAreCheckedWithTheArgumentNamed() {
        org.h2.jdbcx.JdbcDataSource ds = new org.h2.jdbcx.JdbcDataSource();
        ds.setURL("jdbc:h2:mem:api_checks");
        TaskClaimer claimer = new TaskClaimer(ds, TaskTable.defaults("t"));
        IdempotencyLedger ledger = IdempotencyLedger.builder(ds).table("l").build();
        TaskHandler handler = claim -> TaskWork.of("k" + claim.id(), "fp", key -> "r");
        // a heartbeat not shorter than the lease lets the lease expire between heartbeats: refused (was accepted)
        assertThatThrownBy(() -> TaskWorker.builder(claimer, ledger, handler).lease(Duration.ofSeconds(10))
                .heartbeatEvery(Duration.ofSeconds(20)).build()).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("heartbeatEvery PT20S must be shorter than the lease PT10S");
        assertThatThrownBy(() -> TaskWorker.builder(claimer, ledger, handler).heartbeatEvery(Duration.ofSeconds(10))
                .lease(Duration.ofSeconds(10)).build()).isInstanceOf(IllegalArgumentException.class);
        assertThat(TaskWorker.builder(claimer, ledger, handler).lease(Duration.ofSeconds(10))
                .heartbeatEvery(Duration.ofSeconds(3)).build()).isNotNull();
        // null arguments are named (was a bare NullPointerException)
        assertThatThrownBy(() -> TaskWorker.builder(claimer, ledger, handler).lease(null))
                .isInstanceOf(NullPointerException.class).hasMessage("lease");
        assertThatThrownBy(() -> TaskWorker.builder(claimer, ledger, handler).heartbeatEvery(null))
                .isInstanceOf(NullPointerException.class).hasMessage("heartbeatEvery");
        // attempt 0 names no claim: every claim adds 1 to attempts (was accepted)
        assertThatThrownBy(() -> new Claim(1L, "o", 0)).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("attempt must be >= 1");
        assertThatThrownBy(() -> new Claim(1L, "o", -1)).isInstanceOf(IllegalArgumentException.class);
        assertThat(new Claim(1L, "o", 1).attempt()).isEqualTo(1);
        assertThatThrownBy(() -> TaskTable.defaults("t").retryDelay(0)).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("attempt must be >= 1");
        assertThatThrownBy(() -> TaskTable.defaults("t").retryDelay(-1)).isInstanceOf(IllegalArgumentException.class);
    }
}
