package io.idemcheck.core.summary;

import io.idemcheck.core.facts.CallSite;
import io.idemcheck.core.index.MethodRef;
import io.idemcheck.core.model.Project;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.util.List;

import static io.idemcheck.core.summary.SummaryFixture.call;
import static io.idemcheck.core.summary.SummaryFixture.calls;
import static io.idemcheck.core.summary.SummaryFixture.mainJava;
import static io.idemcheck.core.summary.SummaryFixture.method;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * {@link Claims#guardingClaim}: an effect is guarded by a claim only when the claim's row count (or the variable
 * holding it) is checked in a condition the effect runs under, or the effect runs in a lambda on the claim's result.
 * A claim whose result is dropped, a condition on something else, and a checked write that is no claim guard nothing.
 */
class ClaimsTest {

    @TempDir
    Path tmp;

    static final String XML = """
            <?xml version="1.0" encoding="UTF-8"?>
            <!DOCTYPE mapper PUBLIC "-//mybatis.org//DTD Mapper 3.0//EN" "https://mybatis.org/dtd/mybatis-3-mapper.dtd">
            <mapper namespace="com.acme.TaskMapper">
              <update id="markRunning">
                UPDATE task SET status = 'RUNNING' WHERE id = #{id} AND status = 'PENDING'
              </update>
              <update id="touch">
                UPDATE task SET status = #{status} WHERE id = #{id}
              </update>
            </mapper>
            """;

    static final String JOB = """
            package com.acme;
            import java.util.Optional;
            public class Job {
                private TaskMapper taskMapper;
                private TaskDao taskDao;
                private Gateway gateway;
                private Claimer claimer;
                public void checkedInline(long id) {
                    if (taskMapper.markRunning(id) == 1) {
                        gateway.chargeCard(id);                                      // guarded
                    }
                }
                public void checkedThroughVariable(long id) {
                    int won = taskMapper.markRunning(id);
                    if (won > 0) {
                        gateway.chargeCard(id);                                      // guarded
                    }
                }
                public void unchecked(long id) {
                    taskMapper.markRunning(id);
                    gateway.chargeCard(id);                                          // negative: result dropped
                }
                public void otherCondition(long id) {
                    taskMapper.markRunning(id);
                    if (id > 0) {
                        gateway.chargeCard(id);                                      // negative: not the row count
                    }
                }
                public void checkedBlindWrite(long id) {
                    if (taskMapper.touch(id, "RUNNING") == 1) {
                        gateway.chargeCard(id);                                      // negative: SQL is no claim
                    }
                }
                public void checkedByName(long id) {
                    if (taskDao.updateStatus(id, "RUNNING") > 0) {
                        gateway.chargeCard(id);                                      // guarded: used as a claim
                    }
                }
                public void onTheClaimsResult(long id) {
                    claimer.claimTask(id).ifPresent(t -> gateway.chargeCard(id));    // guarded
                }
                public void claimAfter(long id) {
                    gateway.chargeCard(id);                                          // negative: claim comes later
                    if (taskMapper.markRunning(id) == 1) {
                        return;
                    }
                }
            }
            interface TaskMapper {
                int markRunning(long id);
                int touch(long id, String status);
            }
            interface TaskDao { int updateStatus(long id, String status); }
            interface Gateway { void chargeCard(long id); }
            interface Claimer { Optional<Long> claimTask(long id); }
            """;

    private CallSite guard(Project p, String methodName) {
        MethodRef m = method(p, methodName);
        return p.semantics().guardingClaim(m, call(m, "chargeCard"));
    }

    @Test
    void aCheckedClaimGuardsTheEffectsUnderIt() throws Exception {
        Project p = SummaryFixture.scan(tmp, mainJava("Job", JOB)[0], mainJava("Job", JOB)[1],
                "src/main/resources/mapper/TaskMapper.xml", XML);
        assertThat(guard(p, "checkedInline")).extracting(CallSite::name).isEqualTo("markRunning");
        assertThat(guard(p, "checkedThroughVariable")).extracting(CallSite::name).isEqualTo("markRunning");
        assertThat(guard(p, "checkedByName")).extracting(CallSite::name).isEqualTo("updateStatus");
        assertThat(guard(p, "onTheClaimsResult")).extracting(CallSite::name).isEqualTo("claimTask");

        assertThat(guard(p, "unchecked")).isNull();
        assertThat(guard(p, "otherCondition")).isNull();
        assertThat(guard(p, "checkedBlindWrite")).isNull();
        assertThat(guard(p, "claimAfter")).isNull();
    }

    static final String TEMPLATE_JOB = """
            package com.acme;
            import java.util.concurrent.atomic.AtomicBoolean;
            import org.springframework.transaction.support.TransactionTemplate;
            public class Job {
                private TaskMapper taskMapper;
                private Gateway gateway;
                private TransactionTemplate tx;
                private boolean enabled;
                public void boxed(long id) {
                    Boolean won = tx.execute(s -> taskMapper.markRunning(id) == 1);
                    if (!Boolean.TRUE.equals(won)) {
                        return;
                    }
                    gateway.chargeCard(id);                                          // guarded
                }
                public void unboxed(long id) {
                    boolean won = tx.execute(s -> 0 < taskMapper.markRunning(id));
                    if (!won) {
                        return;
                    }
                    gateway.chargeCard(id);                                          // guarded
                }
                public void nullable(long id) {
                    Boolean won = tx.execute(s -> taskMapper.markRunning(id) == 1);
                    if (won == null || !won) {
                        return;
                    }
                    gateway.chargeCard(id);                                          // guarded
                }
                public void holder(long id) {
                    AtomicBoolean won = new AtomicBoolean();
                    tx.executeWithoutResult(s -> won.set(taskMapper.markRunning(id) == 1));
                    if (!won.get()) {
                        return;
                    }
                    gateway.chargeCard(id);                                          // guarded
                }
                public void dropped(long id) {
                    tx.execute(s -> taskMapper.markRunning(id) == 1);
                    gateway.chargeCard(id);                                          // negative: result dropped
                }
                public void otherFlag(long id) {
                    Boolean won = tx.execute(s -> taskMapper.markRunning(id) == 1);
                    if (!enabled) {
                        return;
                    }
                    gateway.chargeCard(id);                                          // negative: another flag
                }
                public void notATemplate(long id, Runner runner) {
                    Boolean won = runner.execute(s -> taskMapper.markRunning(id) == 1);
                    if (!Boolean.TRUE.equals(won)) {
                        return;
                    }
                    gateway.chargeCard(id);                                          // negative: no transaction
                }
            }
            interface TaskMapper { int markRunning(long id); }
            interface Gateway { void chargeCard(long id); }
            interface Runner { Boolean execute(java.util.function.Function<Object, Boolean> f); }
            """;

    /**
     * A claim run in a TransactionTemplate lambda whose count is compared there guards what follows a test of the
     * template's Boolean result ({@code Boolean.TRUE.equals(won)}, {@code !won}, {@code won == null || !won}), or
     * of a holder the lambda sets ({@code won.set(claim == 1)}); {@link Claims#templateCarrier} with comparisons.
     */
    @Test
    void aClaimComparedInATransactionLambdaGuardsWhatItsResultDecides() throws Exception {
        Project p = SummaryFixture.scan(tmp, mainJava("Job", TEMPLATE_JOB)[0], mainJava("Job", TEMPLATE_JOB)[1],
                "src/main/resources/mapper/TaskMapper.xml", XML);
        for (String m : List.of("boxed", "unboxed", "nullable", "holder")) {
            assertThat(guard(p, m)).as(m).extracting(CallSite::name).isEqualTo("markRunning");
        }
        assertThat(guard(p, "dropped")).isNull();
        assertThat(guard(p, "otherFlag")).isNull();
        assertThat(guard(p, "notATemplate")).isNull();
        // the count itself is handed out only by the plain form; a comparison is what IDEM005 counts as checked
        MethodRef boxed = method(p, "boxed");
        CallSite claim = call(boxed, "markRunning");
        assertThat(p.semantics().templateCarrier(boxed, claim, true)).extracting(CallSite::name)
                .isEqualTo("execute");
        assertThat(p.semantics().templateCarrier(boxed, claim, false)).isNull();
    }

    @Test
    void aGuardedEffectLeavesNoUnrecordedEffectInTheSummary() throws Exception {
        Project p = SummaryFixture.scan(tmp, mainJava("Job", JOB)[0], mainJava("Job", JOB)[1],
                "src/main/resources/mapper/TaskMapper.xml", XML);
        assertThat(p.semantics().summary(method(p, "checkedInline")).effects()).isEmpty();
        List<EffectTrace> open = p.semantics().summary(method(p, "unchecked")).effects();
        assertThat(open).extracting(EffectTrace::kind).containsExactly("payment");
        // the first unguarded effect in claimAfter is not protected by the claim that follows it
        MethodRef after = method(p, "claimAfter");
        assertThat(p.semantics().calls(after).get(calls(after, "chargeCard").get(0).id()).effect()).isNotNull();
    }
}
