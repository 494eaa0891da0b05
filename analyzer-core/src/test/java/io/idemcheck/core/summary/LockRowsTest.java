package io.idemcheck.core.summary;

import io.idemcheck.core.facts.CallSite;
import io.idemcheck.core.index.MethodRef;
import io.idemcheck.core.model.Project;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;

import static io.idemcheck.core.summary.SummaryFixture.call;
import static io.idemcheck.core.summary.SummaryFixture.mainJava;
import static io.idemcheck.core.summary.SummaryFixture.method;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * {@link LockRows}: a row of a lock table (catalog lockTableNames) read FOR UPDATE inside a transaction, outside any
 * loop, is a lock held to the commit (the method's end under @Transactional, the end of a TransactionTemplate
 * lambda); the same select without a transaction, a FOR UPDATE of work items, SKIP LOCKED, a join, a plain select or
 * a select in a loop is none.
 */
class LockRowsTest {

    @TempDir
    Path tmp;

    static final String SRC = """
            package com.acme;
            import org.springframework.jdbc.core.JdbcTemplate;
            import org.springframework.transaction.annotation.Transactional;
            import org.springframework.transaction.support.TransactionTemplate;
            public class Jobs {
                private JdbcTemplate jdbc;
                private TransactionTemplate tx;
                @Transactional
                public void txMethod() {
                    jdbc.queryForObject("SELECT id FROM job_lock WHERE name = 'noon' FOR UPDATE", Long.class); // positive
                    jdbc.update("UPDATE orders SET status = 'PAID' WHERE id = 1");
                    jdbc.update("UPDATE orders SET status = 'PAID' WHERE id = 2");
                }
                public void inLambda() {
                    tx.executeWithoutResult(s -> {
                        jdbc.queryForObject("SELECT id FROM shedlock WHERE name = 'x' FOR UPDATE", Long.class); // positive
                        jdbc.update("UPDATE orders SET status = 'PAID' WHERE id = 1");
                    });
                    jdbc.update("UPDATE orders SET status = 'DONE' WHERE id = 1");
                }
                public void autoCommit() {
                    jdbc.queryForObject("SELECT id FROM job_lock WHERE name = 'noon' FOR UPDATE", Long.class); // negative: no tx
                }
                @Transactional
                public void workItems() {
                    jdbc.queryForObject("SELECT id FROM orders WHERE id = 1 FOR UPDATE", Long.class); // negative: not a lock table
                }
                @Transactional
                public void skipLocked() {
                    jdbc.queryForObject("SELECT id FROM job_lock FOR UPDATE SKIP LOCKED", Long.class); // negative: a claim
                }
                @Transactional
                public void joined() {
                    jdbc.queryForObject("SELECT o.id FROM job_lock l JOIN orders o ON o.id = l.id FOR UPDATE", Long.class); // negative: reads work items too
                }
                @Transactional
                public void plain() {
                    jdbc.queryForObject("SELECT id FROM job_lock WHERE name = 'noon'", Long.class); // negative: no FOR UPDATE
                }
                @Transactional
                public void looped(java.util.List<String> names) {
                    for (String n : names) {
                        jdbc.queryForObject("SELECT id FROM job_lock WHERE name = ? FOR UPDATE", Long.class, n); // negative: in a loop
                    }
                }
            }
            """;

    private Project p;

    @BeforeEach
    void scan() throws Exception {
        p = SummaryFixture.scan(tmp, mainJava("Jobs", SRC));
    }

    private Locks.Lock lock(String method) {
        MethodRef m = method(p, "Jobs." + method);
        CallSite c = call(m, "queryForObject");
        return LockRows.lockRow(p.semantics(), m, c, p.semantics().calls(m).get(c.id()));
    }

    @Test
    void aLockTableRowReadForUpdateInATransactionIsALockHeldToTheCommit() {
        Locks.Lock l = lock("txMethod");
        assertThat(l).isNotNull();
        assertThat(l.kind()).isEqualTo("database lock row (SELECT .. FROM job_lock .. FOR UPDATE, held to the commit)");
        assertThat(l.range().line()).isEqualTo(10);
        assertThat(l.from()).isEqualTo(1);
        assertThat(l.to()).as("to the end of the @Transactional method").isEqualTo(3);
        assertThat(l.lambda()).isEqualTo(-1);

        Locks.Lock inLambda = lock("inLambda");
        assertThat(inLambda).isNotNull();
        assertThat(inLambda.kind()).contains("FROM shedlock");
        MethodRef m = method(p, "Jobs.inLambda");
        CallSite inside = call(m, "update");
        CallSite after = SummaryFixture.calls(m, "update").get(1);
        assertThat(inLambda.to()).as("to the end of the lambda").isEqualTo(inside.id() + 1);
        assertThat(after.id()).isGreaterThanOrEqualTo(inLambda.to());
    }

    @Test
    void withoutATransactionOrOnWorkItemsSkipLockedJoinedPlainOrInALoopItIsNone() {
        assertThat(lock("autoCommit")).isNull();
        assertThat(lock("workItems")).isNull();
        assertThat(lock("skipLocked")).isNull();
        assertThat(lock("joined")).isNull();
        assertThat(lock("plain")).isNull();
        assertThat(lock("looped")).isNull();
    }
}
