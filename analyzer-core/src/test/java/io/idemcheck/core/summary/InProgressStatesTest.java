package io.idemcheck.core.summary;

import io.idemcheck.core.catalog.Catalog;
import io.idemcheck.core.sql.SqlClassifier;
import io.idemcheck.core.sql.SqlFacts;
import org.junit.jupiter.api.Test;

import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * {@link InProgressStates}: the in-progress value an UPDATE moves rows to (a state of the catalog, an owner written
 * by a compare-and-set, a picked flag), the status values that name one, and the time predicates that find rows a
 * dead worker left behind; a move to a terminal or waiting state, an owner written by id or cleared, and a WHERE
 * without a time comparison are none.
 */
class InProgressStatesTest {

    private static final Catalog CATALOG = Catalog.load();
    private static final SqlClassifier SQL = new SqlClassifier(CATALOG);

    private static String moves(String sql) {
        return InProgressStates.movesToInProgress(CATALOG, SQL.classify(sql));
    }

    private static String stale(String sql) {
        return InProgressStates.staleRowPredicate(SQL.classify(sql), CATALOG::isStatusColumn);
    }

    @Test
    void inProgressValuesByShapeWithTheirExceptions() {
        for (String v : List.of("SYNCING", "PAYING", "EXPORTING", "REFUNDING", "UPLOADING", "PUSHING", "GENERATING",
                "CALCULATING", "RUNNING_EXECUTION", "IN_FLIGHT", "IN_PROCESS", "exporting")) {
            assertThat(InProgressStates.isInProgressState(CATALOG, v)).as(v).isTrue();
        }
        for (String v : List.of("PENDING", "WAITING", "AWAITING_PAYMENT", "QUEUING", "STRING", "THING", "NOTHING",
                "MISSING", "EXISTING", "ING", "KING", "PROCESSING_FAILED", "SYNCING_DONE", "NOT_RUNNING", "UN_READY",
                "SEND_READY", "RETRYING", "WAIT_PROCESSING")) {
            assertThat(InProgressStates.isInProgressState(CATALOG, v)).as(v).isFalse();
        }
        assertThat(moves("UPDATE export_job SET status = 'EXPORTING' WHERE id = ? AND status = 'NEW'"))
                .isEqualTo("EXPORTING");
        assertThat(moves("UPDATE export_job SET status = 'AWAITING_UPLOAD' WHERE id = ?")).isNull();
        // a shape counts for a quoted value or an upper-case constant, not for a variable's name
        assertThat(InProgressStates.isInProgressValue(CATALOG, "SyncStatus.SYNCING")).isTrue();
        assertThat(InProgressStates.isInProgressValue(CATALOG, "\"exporting\"")).isTrue();
        assertThat(InProgressStates.isInProgressValue(CATALOG, "mapping")).isFalse();
        assertThat(InProgressStates.isInProgressValue(CATALOG, "processing")).as("a catalog word, any case").isTrue();
    }

    @Test
    void anUpdateMovesRowsIntoWorkByStateOwnerOrFlag() {
        assertThat(moves("UPDATE task SET status = 'RUNNING' WHERE id = ? AND status = 'PENDING'"))
                .isEqualTo("RUNNING");
        assertThat(moves("UPDATE task SET status = 'processing', updated_at = NOW() WHERE id = ?"))
                .as("a catalog state, any case").isEqualTo("PROCESSING");
        assertThat(moves("UPDATE task SET owner = ? WHERE id = ? AND owner IS NULL")).isEqualTo("an owner (owner)");
        assertThat(moves("UPDATE task SET picked = 1 WHERE id = ? AND picked = 0"))
                .isEqualTo("a picked flag (picked)");

        assertThat(moves("UPDATE task SET status = 'DONE' WHERE id = ? AND status = 'RUNNING'")).isNull();
        assertThat(moves("UPDATE task SET status = 'PENDING' WHERE id = ?")).isNull();
        assertThat(moves("UPDATE task SET status = ? WHERE id = ?")).as("a parameter names no state").isNull();
        assertThat(moves("UPDATE job_log SET executor_address = ? WHERE id = ?"))
                .as("an owner written by id only records who ran it").isNull();
        assertThat(moves("UPDATE task SET owner = NULL WHERE id = ? AND owner = ?")).as("a release").isNull();
        assertThat(moves("SELECT * FROM task WHERE status = 'RUNNING'")).isNull();
    }

    @Test
    void clearingAPickedFlagIsNoMoveIntoWork() {
        assertThat(moves("UPDATE task SET picked = 0 WHERE id = ? AND picked = 1")).isNull();
        assertThat(moves("UPDATE job SET locked = 0 WHERE locked = 1 AND lock_time < ?")).isNull();
    }

    @Test
    void statusValuesWrittenThroughSettersOrEnumConstants() {
        assertThat(InProgressStates.isInProgressValue(CATALOG, "\"RUNNING\"")).isTrue();
        assertThat(InProgressStates.isInProgressValue(CATALOG, "TaskStatus.PROCESSING")).isTrue();
        assertThat(InProgressStates.isInProgressValue(CATALOG, "com.acme.TaskStatus.in_progress")).isTrue();
        assertThat(InProgressStates.isInProgressValue(CATALOG, "TaskStatus.DONE")).isFalse();
        assertThat(InProgressStates.isInProgressValue(CATALOG, "status")).isFalse();
        assertThat(InProgressStates.isInProgressValue(CATALOG, null)).isFalse();
    }

    @Test
    void aStaleRowPredicateComparesATimeBesideAStateOrALease() {
        assertThat(stale("SELECT id FROM task WHERE status = 'RUNNING' AND updated_at < ?")).isEqualTo("updated_at");
        assertThat(stale("UPDATE task SET status = 'PENDING' WHERE status = 'RUNNING' "
                + "AND sending_since < NOW() - INTERVAL 15 MINUTE")).as("compared with the database clock")
                .isEqualTo("sending_since");
        assertThat(stale("SELECT id FROM task WHERE lease_until < ?")).as("a lease alone").isEqualTo("lease_until");
        assertThat(stale("SELECT id FROM task WHERE owner IS NOT NULL AND heartbeat_at < ?"))
                .isEqualTo("heartbeat_at");

        assertThat(stale("SELECT id FROM task WHERE status = 'RUNNING'")).as("no time").isNull();
        assertThat(stale("SELECT id FROM task WHERE created_at < ?")).as("a time but no state").isNull();
        assertThat(stale("SELECT id FROM task WHERE status = 'RUNNING' AND updated_at = ?"))
                .as("an equality is no age").isNull();
        assertThat(stale("INSERT INTO task (status, updated_at) VALUES ('RUNNING', NOW())")).isNull();
    }

    @Test
    void textHelpers() {
        assertThat(InProgressStates.whereColumnsOf("WHERE t.status = 'RUNNING' AND `updated_at` < ? OR id IN (1)"))
                .containsExactly("status", "updated_at", "id");
        assertThat(InProgressStates.tablesOf("SELECT * FROM app.task t JOIN task_log l ON l.task_id = t.id"))
                .containsExactly("task", "task_log");
        assertThat(InProgressStates.tablesOf(null)).isEmpty();
        assertThat(InProgressStates.timeColumn(List.of("status", "lock_until", "owner"))).isEqualTo("lock_until");
        assertThat(InProgressStates.timeColumn(List.of("status", "owner"))).isEqualTo("updated_at");
        assertThat(InProgressStates.comparedWithNow("CURRENT_TIMESTAMP > lease_expires", "lease_expires")).isTrue();
        assertThat(InProgressStates.comparedWithNow("lease_expires > ?", "lease_expires")).isFalse();
    }

    @Test
    void aFactWithoutKindIsNoMove() {
        SqlFacts other = new SqlFacts(SqlFacts.Kind.OTHER, null, List.of(), List.of(), false, false, "LOCK TABLES",
                null);
        assertThat(InProgressStates.movesToInProgress(CATALOG, other)).isNull();
        assertThat(InProgressStates.staleRowPredicate(other, CATALOG::isStatusColumn)).isNull();
    }
}
