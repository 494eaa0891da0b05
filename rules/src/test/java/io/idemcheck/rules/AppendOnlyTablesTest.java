package io.idemcheck.rules;

import io.idemcheck.core.catalog.Catalog;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * IDEM011 leaves tables that append by design alone; which names those are comes from the catalog's
 * {@code appendOnlyTableWords} (the name, or its last word after '_') and {@code appendOnlyTablePrefixes} (its first
 * word before '_'), compared case-insensitively.
 */
class AppendOnlyTablesTest {

    private static final Catalog CATALOG = Catalog.load();

    @Test
    void lastWordOrFirstWordOfTheNameMakesATableAppendOnly() {
        for (String t : new String[]{"log", "job_run_log", "process_events", "CHARGE_ATTEMPTS", "order_history",
                "api_trace", "daily_stats", "audit_order", "log_payment", "History_Order", "t_pay_metric"}) {
            assertThat(MissingUniqueBusinessKey.appendOnly(CATALOG, t)).as(t).isTrue();
        }
    }

    @Test
    void aWordInsideAnotherWordOrInTheMiddleDoesNot() {
        for (String t : new String[]{"orders", "catalog", "blog_post", "order_log_item", "eventual_payment",
                "statement", "payment_attempt_fee", "auditor"}) {
            assertThat(MissingUniqueBusinessKey.appendOnly(CATALOG, t)).as(t).isFalse();
        }
    }
}
