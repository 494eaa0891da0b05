package io.idemcheck.core.summary;

import io.idemcheck.core.facts.CallSite;
import io.idemcheck.core.index.MethodRef;
import io.idemcheck.core.model.Project;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.util.List;

import static io.idemcheck.core.summary.SummaryFixture.call;
import static io.idemcheck.core.summary.SummaryFixture.mainJava;
import static io.idemcheck.core.summary.SummaryFixture.method;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * {@link Locks}: distributed locks and the regions they guard (ShedLock, Redisson, LockRegistry, Redis SETNX and SET
 * NX, database advisory locks, a project helper that returns holding one, hand-rolled Lua scripts), each with whether
 * it can come back without the lock; and the in-process look-alikes that are none (a ReentrantLock, a plain SET, a
 * helper that releases before it returns, a Lua script that takes nothing).
 */
class LocksTest {

    @TempDir
    Path tmp;

    static final String SRC = """
            package com.acme;
            import java.util.concurrent.TimeUnit;
            import java.util.concurrent.locks.ReentrantLock;
            import net.javacrumbs.shedlock.spring.annotation.SchedulerLock;
            import net.javacrumbs.shedlock.core.LockingTaskExecutor;
            import org.redisson.api.RLock;
            import org.redisson.api.RedissonClient;
            import org.springframework.data.redis.core.StringRedisTemplate;
            import org.springframework.integration.support.locks.LockRegistry;
            import org.springframework.jdbc.core.JdbcTemplate;
            import redis.clients.jedis.Jedis;
            import redis.clients.jedis.params.SetParams;
            public class Jobs {
                private RedissonClient redisson;
                private RLock fieldLock;
                private final ReentrantLock local = new ReentrantLock();
                private StringRedisTemplate redisTemplate;
                private LockRegistry registry;
                private JdbcTemplate jdbcTemplate;
                private Jedis jedis;
                private LockingTaskExecutor executor;
                private LockHelper helper;
                private Worker worker;

                @SchedulerLock(name = "noon")
                public void shed() {
                    worker.a();
                    worker.b();
                }
                public void redissonTry() throws Exception {
                    RLock lock = redisson.getLock("job");
                    if (lock.tryLock(1, 30, TimeUnit.SECONDS)) {
                        try {
                            worker.a();
                        } finally {
                            lock.unlock();
                        }
                        worker.b();
                    }
                }
                public void redissonBlocking() {
                    fieldLock.lock();
                    worker.a();
                }
                public void inProcess() {
                    local.lock();                                                    // negative: in-process
                    ReentrantLock other = new ReentrantLock();
                    other.tryLock();                                                 // negative: in-process
                    worker.a();
                }
                public void redis(String k) {
                    redisTemplate.opsForValue().setIfAbsent(k, "1");
                    jedis.set(k, "1", SetParams.setParams().nx().ex(30));
                    jedis.set(k, "1");                                               // negative: a plain SET
                }
                public void registryLock() {
                    registry.obtain("job").lock();
                }
                public void advisory() {
                    jdbcTemplate.queryForObject("SELECT pg_try_advisory_lock(42)", Boolean.class);
                    worker.a();
                    jdbcTemplate.queryForObject("SELECT pg_advisory_unlock(42)", Boolean.class);
                    worker.b();
                }
                public void viaExecutor() {
                    worker.b();
                    executor.executeWithLock(() -> worker.a(), null);
                }
                public void viaHelper(String k) {
                    if (helper.take(k)) {
                        worker.a();
                    }
                    helper.briefly(k);                                               // negative: released inside
                }
            }
            class LockHelper {
                private StringRedisTemplate redisTemplate;
                boolean take(String k) {
                    return redisTemplate.opsForValue().setIfAbsent(k, "1");
                }
                void briefly(String k) {
                    redisTemplate.opsForValue().setIfAbsent(k, "1");
                    redisTemplate.delete(k);
                }
            }
            class Worker { void a() { } void b() { } }
            """;

    private Project p;

    @BeforeEach
    void scan() throws Exception {
        p = SummaryFixture.scan(tmp, mainJava("Jobs", SRC));
    }

    private Locks.Acquire acquire(String method, String name, int n) {
        MethodRef m = method(p, method);
        return Locks.acquisitionOf(p.semantics(), m, SummaryFixture.calls(m, name).get(n));
    }

    private List<Locks.Lock> locks(String method) {
        return Locks.in(p.semantics(), method(p, method));
    }

    private boolean holds(String method, Locks.Lock lock, String call, int n) {
        MethodRef m = method(p, method);
        return lock.holds(m.method().body(), SummaryFixture.calls(m, call).get(n));
    }

    @Test
    void shedLocksAnnotationHoldsTheWholeMethod() {
        List<Locks.Lock> ls = locks("shed");
        assertThat(ls).hasSize(1);
        Locks.Lock l = ls.get(0);
        assertThat(l.kind()).isEqualTo("ShedLock @SchedulerLock(name = \"noon\")");
        assertThat(l.call()).isNull();
        assertThat(l.range().line()).isEqualTo(25);
        assertThat(holds("shed", l, "a", 0)).isTrue();
        assertThat(holds("shed", l, "b", 0)).isTrue();
    }

    @Test
    void aRedissonLockHoldsUntilItsUnlockAndSaysWhetherItTries() {
        assertThat(acquire("redissonTry", "tryLock", 0)).isEqualTo(new Locks.Acquire("RLock.tryLock()", true));
        List<Locks.Lock> ls = locks("redissonTry");
        assertThat(ls).extracting(Locks.Lock::kind).containsExactly("RLock.tryLock()");
        Locks.Lock l = ls.get(0);
        assertThat(l.call().name()).isEqualTo("tryLock");
        assertThat(holds("redissonTry", l, "a", 0)).isTrue();
        assertThat(holds("redissonTry", l, "b", 0)).as("after the unlock").isFalse();

        assertThat(acquire("redissonBlocking", "lock", 0)).as("a field typed RLock, blocking")
                .isEqualTo(new Locks.Acquire("RLock.lock()", false));
        assertThat(holds("redissonBlocking", locks("redissonBlocking").get(0), "a", 0)).isTrue();
    }

    @Test
    void anInProcessLockIsNoDistributedLock() {
        assertThat(acquire("inProcess", "lock", 0)).isNull();
        assertThat(acquire("inProcess", "tryLock", 0)).isNull();
        assertThat(locks("inProcess")).isEmpty();
    }

    @Test
    void redisRegistryAndAdvisoryLocks() {
        assertThat(acquire("redis", "setIfAbsent", 0)).isEqualTo(new Locks.Acquire("Redis setIfAbsent()", true));
        assertThat(acquire("redis", "set", 0)).isEqualTo(new Locks.Acquire("Redis SET .. NX", true));
        assertThat(acquire("redis", "set", 1)).as("SET without NX").isNull();
        assertThat(acquire("registryLock", "lock", 0))
                .isEqualTo(new Locks.Acquire("LockRegistry.obtain(..).lock()", false));

        Locks.Acquire adv = acquire("advisory", "queryForObject", 0);
        assertThat(adv).isEqualTo(new Locks.Acquire("database advisory lock (pg_try_advisory_lock)", true));
        assertThat(acquire("advisory", "queryForObject", 1)).as("the unlock").isNull();
        Locks.Lock l = locks("advisory").get(0);
        assertThat(holds("advisory", l, "a", 0)).isTrue();
        assertThat(holds("advisory", l, "b", 0)).as("after pg_advisory_unlock").isFalse();
    }

    @Test
    void executeWithLockHoldsItsLambdaOnly() {
        List<Locks.Lock> ls = locks("viaExecutor");
        assertThat(ls).extracting(Locks.Lock::kind).containsExactly("ShedLock LockingTaskExecutor.executeWithLock()");
        assertThat(ls.get(0).lambda()).isGreaterThanOrEqualTo(0);
        assertThat(holds("viaExecutor", ls.get(0), "a", 0)).isTrue();
        assertThat(holds("viaExecutor", ls.get(0), "b", 0)).isFalse();
    }

    @Test
    void aProjectHelperThatReturnsHoldingALockIsAnAcquisition() {
        Locks.Acquire a = acquire("viaHelper", "take", 0);
        assertThat(a).isEqualTo(new Locks.Acquire("helper.take() (LockHelper.take() takes Redis setIfAbsent())",
                true));
        assertThat(acquire("viaHelper", "briefly", 0)).as("released before it returns").isNull();
        assertThat(locks("viaHelper")).extracting(l -> l.call().name()).containsExactly("take");
    }

    @Test
    void aLuaScriptThatSetsIfAbsentIsALock() throws Exception {
        String src = """
                package com.acme;
                import java.util.List;
                import org.springframework.data.redis.core.StringRedisTemplate;
                import org.springframework.data.redis.core.script.DefaultRedisScript;
                public class Lua {
                    private static final String LOCK = "if redis.call('setnx', KEYS[1], ARGV[1]) == 1 then "
                            + "return redis.call('pexpire', KEYS[1], ARGV[2]) else return 0 end";
                    private StringRedisTemplate redisTemplate;
                    private StringRedisTemplate other;
                    public void lock(String k) {
                        redisTemplate.execute(new DefaultRedisScript<>(LOCK, Long.class), List.of(k), "1", "30000");
                    }
                }
                class Reader {
                    private StringRedisTemplate redisTemplate;
                    public void read(String k) {
                        redisTemplate.execute(new DefaultRedisScript<>("return redis.call('get', KEYS[1])",
                                String.class), List.of(k));                          // negative: takes nothing
                    }
                }
                """;
        Project lp = SummaryFixture.scan(tmp.resolve("lua"), mainJava("Lua", src));
        MethodRef lock = method(lp, "lock");
        CallSite exec = call(lock, "execute");
        assertThat(Locks.luaLockScript(lp.catalog(), lock, exec)).contains("setnx").contains("pexpire");
        MethodRef read = method(lp, "read");
        assertThat(Locks.luaLockScript(lp.catalog(), read, call(read, "execute"))).isNull();
    }
    @Test
    void aHelpersLockCountsTwoCallsDownNotThreeAndATaskHelperRunsItsTaskAfterTheLockTwoCallsDownNotThree() throws Exception {
        String src = """
                package com.acme;
                import org.springframework.data.redis.core.StringRedisTemplate;
                public class Deep {
                    private StringRedisTemplate redis;
                    boolean take1(String k) { return take2(k); }
                    boolean take2(String k) { return take3(k); }
                    boolean take3(String k) { return take4(k); }
                    boolean take4(String k) { return Boolean.TRUE.equals(redis.opsForValue().setIfAbsent(k, "1")); }
                    void withLock(String k, Runnable task) {
                        if (take4(k)) { task.run(); }
                    }
                    void runFirst(String k, Runnable task) {
                        task.run();
                        take4(k);
                    }
                    void noTask(String k) { take4(k); }
                    void viaOne(String k, Runnable task) { withLock(k, task); }
                    void viaTwo(String k, Runnable task) { viaOne(k, task); }
                    void viaThree(String k, Runnable task) { viaTwo(k, task); }
                    void use(String k) {
                        take1(k); take2(k); take3(k);
                        withLock(k, () -> take4(k)); runFirst(k, () -> take4(k)); noTask(k);
                        viaTwo(k, () -> take4(k)); viaThree(k, () -> take4(k));
                    }
                }
                """;
        Project dp = SummaryFixture.scan(tmp.resolve("deep"), mainJava("Deep", src));
        MethodRef use = method(dp, "use");
        assertThat(Locks.acquisitionOf(dp.semantics(), use, call(use, "take3")).kind())
                .isEqualTo("take3() (Deep.take3() takes Deep.take4() takes Redis setIfAbsent())");
        assertThat(Locks.acquisitionOf(dp.semantics(), use, call(use, "take2")).kind()).as("two calls down")
                .isEqualTo("take2() (Deep.take2() takes Deep.take3() takes Deep.take4() takes Redis setIfAbsent())");
        assertThat(Locks.acquisitionOf(dp.semantics(), use, call(use, "take1"))).as("three calls down").isNull();
        // withLock runs its task holding the lock: its lambda is the region; runFirst runs it before, so it is
        // only a helper that returns holding the lock (the calls after it)
        List<Locks.Lock> ls = Locks.in(dp.semantics(), use);
        assertThat(ls).filteredOn(l -> l.lambda() >= 0).extracting(Locks.Lock::kind)
                .containsExactly("withLock() (take4() (Deep.take4() takes Redis setIfAbsent()))",
                        "viaTwo() (take4() (Deep.take4() takes Redis setIfAbsent()))"); // viaThree: too deep
        assertThat(ls).filteredOn(l -> l.lambda() < 0).extracting(Locks.Lock::kind).contains(
                "runFirst() (Deep.runFirst() takes Deep.take4() takes Redis setIfAbsent())",
                "noTask() (Deep.noTask() takes Deep.take4() takes Redis setIfAbsent())");
    }
}
