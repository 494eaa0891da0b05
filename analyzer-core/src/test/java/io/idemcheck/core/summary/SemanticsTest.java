package io.idemcheck.core.summary;

import io.idemcheck.core.model.Project;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;

import static io.idemcheck.core.summary.SummaryFixture.mainJava;
import static io.idemcheck.core.summary.SummaryFixture.method;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * The assembler's method summaries ({@link Semantics#summary}, {@link MethodSummary}): which effects stay unrecorded
 * when a method returns (not one it follows with a record on the same path, nor a database insert in a transaction
 * that records; at most eight), the method's record, whether it returns a claim, and whether its body is opaque.
 */
class SemanticsTest {

    @TempDir
    Path tmp;

    static final String SRC = """
            package com.acme;
            import java.util.concurrent.ExecutorService;
            import org.springframework.transaction.annotation.Transactional;
            public class Sums {
                private Gateway gateway;
                private TaskDao taskDao;
                private OrderDao orderDao;
                private ExecutorService executor;
                private Unknown unknown;
                private java.util.List<Long> seen;
                public void recorded(long id) {
                    gateway.chargeCard(id);
                    taskDao.markDone(id);
                }
                public void notRecorded(long id) {
                    gateway.chargeCard(id);
                }
                public void otherArm(long id, boolean ok) {
                    if (ok) {
                        gateway.chargeCard(id);
                    } else {
                        taskDao.markDone(id);                                        // not on the effect's path
                    }
                }
                public void recordedLater(long id) {
                    gateway.chargeCard(id);
                    executor.submit(() -> taskDao.markDone(id));                     // async: records nothing here
                }
                @Transactional
                public void insertInTx(long id) {
                    orderDao.insertOrder(id);
                    taskDao.markDone(id);
                }
                public void insertThenRecordNoTx(long id) {
                    taskDao.markDone(id);
                    orderDao.insertOrder(id);
                }
                @Transactional
                public void insertInTxRecordFirst(long id) {
                    taskDao.markDone(id);
                    orderDao.insertOrder(id);
                }
                public int returnsClaim(long id) {
                    return taskDao.tryClaim(id);
                }
                public boolean returnsClaimCompared(long id) {
                    return taskDao.tryClaim(id) == 1;
                }
                public int returnsClaimThroughLocal(long id) {
                    int n = taskDao.tryClaim(id);
                    return n;
                }
                public void dropsClaim(long id) {
                    taskDao.tryClaim(id);
                }
                public void opaque(long id) {
                    unknown.doSomething(id);
                }
                public void visible(long id) {
                    seen.add(id);
                }
                public void printed(long id) {
                    System.out.println(id);
                }
                public void stub() { }
                public void many(long id) {
                    gateway.chargeCard(id); gateway.chargeA(id); gateway.chargeB(id); gateway.chargeC(id);
                    gateway.chargeD(id); gateway.chargeE(id); gateway.chargeF(id); gateway.chargeG(id);
                    gateway.chargeH(id); gateway.chargeI(id);
                }
            }
            interface Gateway {
                void chargeCard(long id); void chargeA(long id); void chargeB(long id); void chargeC(long id);
                void chargeD(long id); void chargeE(long id); void chargeF(long id); void chargeG(long id);
                void chargeH(long id); void chargeI(long id);
            }
            interface TaskDao { void markDone(long id); int tryClaim(long id); }
            interface OrderDao { void insertOrder(long id); }
            """;

    private Project scan() throws Exception {
        return SummaryFixture.scan(tmp, mainJava("Sums", SRC));
    }

    private MethodSummary summary(Project p, String name) {
        return p.semantics().summary(method(p, name));
    }

    @Test
    void anEffectFollowedByARecordOnItsPathIsRecorded() throws Exception {
        Project p = scan();
        MethodSummary recorded = summary(p, "recorded");
        assertThat(recorded.effects()).isEmpty();
        assertThat(recorded.record()).isEqualTo("taskDao.markDone() records the new status");
        assertThat(recorded.recordEvidence()).isEqualTo(Evidence.catalog("name", "recordMethodNames", "markDone*"));

        MethodSummary open = summary(p, "notRecorded");
        assertThat(open.effects()).extracting(EffectTrace::kind).containsExactly("payment");
        assertThat(open.effects().get(0).leaf()).isEqualTo("chargeCard");
        assertThat(open.record()).isNull();

        assertThat(summary(p, "otherArm").effects()).as("the record is in the other arm").hasSize(1);
        assertThat(summary(p, "otherArm").record()).isNotNull();
        assertThat(summary(p, "recordedLater").effects()).as("recorded only in an async lambda").hasSize(1);
        assertThat(summary(p, "recordedLater").record()).isNull();
    }

    @Test
    void aDatabaseInsertRollsBackWithTheTransactionThatRecords() throws Exception {
        Project p = scan();
        assertThat(summary(p, "insertInTx").effects()).as("recorded after it anyway").isEmpty();
        assertThat(summary(p, "insertInTxRecordFirst").effects()).as("one transaction with the record").isEmpty();
        assertThat(summary(p, "insertThenRecordNoTx").effects()).extracting(EffectTrace::kind)
                .containsExactly("db-insert");
    }

    @Test
    void claimsReturnedOpaqueBodiesAndTheLimit() throws Exception {
        Project p = scan();
        assertThat(summary(p, "returnsClaim").returnsClaim()).isTrue();
        assertThat(summary(p, "returnsClaimCompared").returnsClaim()).isTrue();
        assertThat(summary(p, "dropsClaim").returnsClaim()).isFalse();

        assertThat(summary(p, "opaque").opaque()).as("a type neither in the project nor a known library").isTrue();
        assertThat(summary(p, "visible").opaque()).as("a call on a JDK type").isFalse();
        assertThat(summary(p, "stub").opaque()).as("an empty body proves nothing").isTrue();
        assertThat(summary(p, "recorded").opaque()).isFalse();

        assertThat(summary(p, "many").effects()).as("at most eight").hasSize(8);
        assertThat(p.semantics().summary(method(p, "chargeCard"))).as("no body").isSameAs(MethodSummary.EMPTY);
        assertThat(p.semantics().summary(method(p, "recorded"))).as("memoised")
                .isSameAs(summary(p, "recorded"));
    }

    @Test
    void aClaimReturnedThroughALocalIsReturned() throws Exception {
        Project p = scan();
        assertThat(summary(p, "returnsClaimThroughLocal").returnsClaim()).isTrue();
    }

    @Test
    void printingToSystemOutIsNotOpaque() throws Exception {
        Project p = scan();
        assertThat(summary(p, "printed").opaque()).isFalse();
    }
}
