package io.idemcheck.core.summary;

import io.idemcheck.core.catalog.Catalog;
import io.idemcheck.core.sql.SqlClassifier;
import io.idemcheck.core.sql.SqlFacts;
import org.junit.jupiter.api.Test;

import java.util.Set;

import static org.assertj.core.api.Assertions.assertThat;

/** The SQL-side facts of {@link StatusRows}: normalised names, the status columns an UPDATE sets, status selects. */
class StatusRowsTest {

    private static final Catalog CATALOG = Catalog.load();
    private static final SqlClassifier SQL = new SqlClassifier(CATALOG);

    @Test
    void columnsFieldsAndAccessorsNormaliseToOneName() {
        assertThat(StatusRows.norm("pay_status")).isEqualTo("paystatus");
        assertThat(StatusRows.norm("getPayStatus")).isEqualTo("paystatus");
        assertThat(StatusRows.norm("payStatus")).isEqualTo("paystatus");
        assertThat(StatusRows.norm("setPayStatus")).isEqualTo("paystatus");
        assertThat(StatusRows.norm("isProcessed")).isEqualTo("processed");
        assertThat(StatusRows.norm("issue_no")).isEqualTo("issueno"); // "is" only before an upper-case letter
        assertThat(StatusRows.norm(null)).isEmpty();
    }

    @Test
    void anUpdateSetsItsWorkflowStatusColumnsButNotItsFlags() {
        SqlFacts f = SQL.classify("UPDATE pay_order SET pay_status = 'PAID', delete_status = 1, amount = 3, "
                + "status = 'DONE' WHERE id = 7");
        assertThat(StatusRows.statusColumns(CATALOG, f)).containsExactly("paystatus", "status");
    }

    @Test
    void aSelectIsByStatusWhenItsWhereConstrainsOneOfTheColumns() {
        SqlFacts f = SQL.classify("SELECT id, amount FROM job_info WHERE trigger_status = 1 AND next_time < 100");
        assertThat(StatusRows.selectsBy(f, Set.of("triggerstatus"))).isTrue();
        assertThat(StatusRows.selectsBy(f, Set.of("status"))).isFalse();
        assertThat(StatusRows.selectsBy(SQL.classify("SELECT id FROM job_info"), Set.of("triggerstatus"))).isFalse();
    }
}
