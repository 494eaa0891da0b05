package io.idemcheck.core.summary;

import io.idemcheck.core.facts.EffectKind;
import io.idemcheck.core.facts.CallSite;
import io.idemcheck.core.index.MethodRef;
import io.idemcheck.core.model.Project;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;

import static io.idemcheck.core.summary.SummaryFixture.call;
import static io.idemcheck.core.summary.SummaryFixture.calls;
import static io.idemcheck.core.summary.SummaryFixture.mainJava;
import static io.idemcheck.core.summary.SummaryFixture.method;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * {@link MethodInfo}: the per-method facts the engine computes once ({@link Semantics#methodInfo}) and rules read as
 * fields: each call's role with its guarding claim, whether its result is checked, its key roots, async hand-off,
 * transaction and lock; the method's summary, entry point, reachability, transaction, redelivery and locks. One test
 * per field, each with a call or method where it holds and one where it does not.
 */
class MethodInfoTest {

    @TempDir
    Path tmp;

    static final String XML = """
            <?xml version="1.0" encoding="UTF-8"?>
            <!DOCTYPE mapper PUBLIC "-//mybatis.org//DTD Mapper 3.0//EN" "https://mybatis.org/dtd/mybatis-3-mapper.dtd">
            <mapper namespace="com.acme.TaskMapper">
              <update id="markRunning">
                UPDATE task SET status = 'RUNNING' WHERE id = #{id} AND status = 'PENDING'
              </update>
              <update id="markDone">
                UPDATE task SET status = 'DONE' WHERE id = #{id}
              </update>
            </mapper>
            """;

    static final String JOB = """
            package com.acme;
            import java.util.List;
            import java.util.concurrent.ExecutorService;
            import java.util.concurrent.TimeUnit;
            import org.redisson.api.RLock;
            import org.redisson.api.RedissonClient;
            import org.springframework.kafka.annotation.KafkaListener;
            import org.springframework.scheduling.annotation.Scheduled;
            import org.springframework.transaction.annotation.Transactional;
            import org.springframework.transaction.support.TransactionTemplate;
            public class Job {
                private TaskMapper taskMapper;
                private Gateway gateway;
                private ExecutorService executor;
                private TransactionTemplate transactionTemplate;
                private RedissonClient redisson;

                @Scheduled(fixedDelay = 60000)
                public void tick() {
                    for (Long id : taskMapper.pending()) {
                        process(id);
                    }
                }
                public void process(long id) {
                    int won = taskMapper.markRunning(id);
                    if (won == 1) {
                        gateway.chargeCard(id);
                    }
                    taskMapper.markRunning(id);
                    String requestNo = "pay-" + id;
                    gateway.chargeCard(requestNo, 5);
                    taskMapper.markDone(id);
                }
                public void handOff(long id) {
                    executor.submit(() -> gateway.chargeCard(id));
                    transactionTemplate.execute(s -> taskMapper.markDone(id));
                    taskMapper.markDone(id);
                }
                @Transactional
                public void inTransaction(long id) {
                    taskMapper.markDone(id);
                }
                public void locked(long id) throws Exception {
                    gateway.chargeCard(id);
                    RLock lock = redisson.getLock("job");
                    if (lock.tryLock(0, 10, TimeUnit.MINUTES)) {
                        try {
                            gateway.chargeCard(id);
                        } finally {
                            lock.unlock();
                        }
                    }
                }
                @KafkaListener(topics = "tasks")
                public void onMessage(long id) {
                    gateway.chargeCard(id);
                }
                public void unused(long id) {
                    gateway.chargeCard(id);
                }
            }
            interface TaskMapper {
                List<Long> pending();
                int markRunning(long id);
                int markDone(long id);
            }
            interface Gateway {
                void chargeCard(long id);
                void chargeCard(String requestNo, int amount);
            }
            """;

    Project p;
    Semantics sem;

    @BeforeEach
    void scan() throws Exception {
        p = SummaryFixture.scan(tmp, mainJava("Job", JOB)[0], mainJava("Job", JOB)[1],
                "src/main/resources/mapper/TaskMapper.xml", XML);
        sem = p.semantics();
    }

    private MethodInfo info(String name) {
        return sem.methodInfo(method(p, name));
    }

    private MethodInfo.Call fact(String methodName, String callName, int n) {
        MethodRef m = method(p, methodName);
        return sem.methodInfo(m).call(calls(m, callName).get(n));
    }

    @Test
    void isComputedOnceAndSharedAndItsCallsAreTheSemanticsCallsInOrder() {
        MethodRef m = method(p, "process");
        MethodInfo first = sem.methodInfo(m);
        assertThat(sem.methodInfo(m)).isSameAs(first);
        assertThat(first.method()).isEqualTo(m);
        assertThat(first.calls()).extracting(MethodInfo.Call::id).containsExactly(0, 1, 2, 3, 4);
        assertThat(first.infos()).isEqualTo(sem.calls(m));
        assertThat(first.call(2).site()).isSameAs(calls(m, "markRunning").get(1));
        assertThat(first.call(call(m, "markDone")).info().isRecord()).isTrue();
    }

    @Test
    void infoIsTheCallsRoleWithEnumsForItsKindAndBasis() {
        MethodInfo.Call charge = fact("process", "chargeCard", 0);
        assertThat(charge.info().effectKind()).isEqualTo(EffectKind.PAYMENT);
        assertThat(charge.info().effect().decidedBy()).isEqualTo(Basis.NAME);
        assertThat(charge.info().effect().kind()).isEqualTo("payment");
        MethodInfo.Call claim = fact("process", "markRunning", 0);
        assertThat(claim.info().claim()).isTrue();
        assertThat(claim.info().decidedBy()).isEqualTo(Basis.SQL);
        assertThat(claim.info().basis()).isEqualTo("sql");
        assertThat(fact("process", "markDone", 0).info().recordEvidence().decidedBy()).isEqualTo(Basis.SQL);
    }

    @Test
    void guardingClaimIsTheCheckedClaimAboveTheCall() {
        MethodInfo.Call guarded = fact("process", "chargeCard", 0);
        assertThat(guarded.guardingClaim()).extracting(CallSite::name).isEqualTo("markRunning");
        assertThat(guarded.guardingClaim().id()).isEqualTo(fact("process", "markRunning", 0).id());
        assertThat(guarded.guarded()).isTrue();
        MethodInfo.Call open = fact("process", "chargeCard", 1);
        assertThat(open.guardingClaim()).isNull();
        assertThat(open.guarded()).isFalse();
    }

    @Test
    void resultCheckedWhenTheClaimsCountReachesACondition() {
        MethodInfo.Call checked = fact("process", "markRunning", 0);
        assertThat(checked.resultChecked()).isTrue();
        assertThat(checked.checkedClaim()).isTrue();
        MethodInfo.Call dropped = fact("process", "markRunning", 1);
        assertThat(dropped.resultChecked()).isFalse();
        assertThat(dropped.checkedClaim()).isFalse();
        assertThat(fact("process", "markDone", 0).checkedClaim()).isFalse();
    }

    @Test
    void keyRootsAreTheNamesTheEffectsKeyDerivesFrom() {
        MethodInfo.Call keyed = fact("process", "chargeCard", 1);
        assertThat(keyed.info().keyed()).isTrue();
        assertThat(keyed.keyRoots()).containsExactly("requestNo", "id");
        // the bodiless Gateway's declared parameter says it is a key; the caller's variable name says nothing
        assertThat(keyed.keyEvidence()).isEqualTo(Evidence.catalog(Basis.NAME, "keyParameterNames",
                "parameter requestNo of Gateway.chargeCard()"));
        assertThat(fact("process", "chargeCard", 0).keyRoots()).isEmpty();
        assertThat(fact("process", "chargeCard", 0).keyEvidence()).isNull();
        assertThat(fact("process", "markDone", 0).keyRoots()).isEmpty();
    }

    @Test
    void inAsyncHandoffForACallInALambdaGivenToAnExecutor() {
        assertThat(fact("handOff", "chargeCard", 0).inAsyncHandoff()).isTrue();
        assertThat(fact("handOff", "markDone", 0).inAsyncHandoff()).isFalse();
        assertThat(fact("handOff", "markDone", 1).inAsyncHandoff()).isFalse();
    }

    @Test
    void inTransactionInATransactionTemplateLambdaOrATransactionalMethod() {
        assertThat(fact("handOff", "markDone", 0).inTransaction()).isTrue();
        assertThat(fact("handOff", "markDone", 1).inTransaction()).isFalse();
        assertThat(fact("handOff", "chargeCard", 0).inTransaction()).isFalse();
        assertThat(fact("inTransaction", "markDone", 0).inTransaction()).isTrue();
    }

    @Test
    void transactionalForAMethodWithItsOwnTransactionDeclaration() {
        assertThat(info("inTransaction").transactional()).isTrue();
        assertThat(info("handOff").transactional()).isFalse();
    }

    @Test
    void lockHeldAndLockTakenFollowTheLocksRegion() {
        MethodInfo locked = info("locked");
        assertThat(locked.locks()).hasSize(1);
        assertThat(locked.locks().get(0).kind()).isEqualTo("RLock.tryLock()");
        MethodInfo.Call before = fact("locked", "chargeCard", 0);
        assertThat(before.lockHeld()).isNull();
        MethodInfo.Call inside = fact("locked", "chargeCard", 1);
        assertThat(inside.lockHeld()).isSameAs(locked.locks().get(0));
        MethodInfo.Call take = fact("locked", "tryLock", 0);
        assertThat(take.lockTaken()).isNotNull();
        assertThat(take.lockTaken().kind()).isEqualTo("RLock.tryLock()");
        assertThat(take.lockTaken().tries()).isTrue();
        assertThat(inside.lockTaken()).isNull();
        assertThat(info("process").locks()).isEmpty();
    }

    @Test
    void entryPointSaysWhyAndReachableCoversTheMethodsItCalls() {
        assertThat(info("tick").entryPoint()).isEqualTo("@Scheduled");
        assertThat(info("tick").isEntryPoint()).isTrue();
        assertThat(info("tick").reachableFromEntryPoint()).isTrue();
        assertThat(info("process").entryPoint()).isNull();
        assertThat(info("process").isEntryPoint()).isFalse();
        assertThat(info("process").reachableFromEntryPoint()).isTrue();
        assertThat(info("unused").reachableFromEntryPoint()).isFalse();
    }

    @Test
    void redeliveredForAListenerTheBrokerDeliversAgain() {
        assertThat(info("onMessage").redelivered()).startsWith("@KafkaListener");
        assertThat(info("process").redelivered()).isNull();
    }

    @Test
    void summaryIsTheMethodsSummaryAndAMethodWithoutABodyHasNoCalls() {
        MethodRef process = method(p, "process");
        assertThat(sem.methodInfo(process).summary()).isSameAs(sem.summary(process));
        assertThat(sem.methodInfo(process).summary().record()).isNotNull();
        MethodInfo mapper = info("TaskMapper.markDone");
        assertThat(mapper.calls()).isEmpty();
        assertThat(mapper.locks()).isEmpty();
        assertThat(mapper.summary()).isSameAs(MethodSummary.EMPTY);
    }
}
