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
