package io.idemcheck.core.engine;

import io.idemcheck.core.config.ProjectConfig;
import io.idemcheck.core.facts.CallSite;
import io.idemcheck.core.index.MethodRef;
import io.idemcheck.core.model.Project;
import io.idemcheck.core.rule.RuleRegistry;
import io.idemcheck.core.summary.Locks;
import io.idemcheck.core.summary.Semantics;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicReference;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * {@link WarmUp} computes the memoised facts on several threads (call targets, Throwing beside the serial summaries,
 * entry points, the reachable closure, every method's facts); what it leaves must not depend on the number of
 * threads: a project with call cycles, recursion, chains deeper than the summary and lock-helper limits, helpers that
 * throw through more helpers than Throwing's rounds, and entry points of every kind (annotated, main, interface,
 * registered by method reference, an anonymous Runnable) gives, scanned on one thread and on four, the same entry
 * point, reachability, summary, method facts, locks and throwing answers for every method. So does the bundled
 * sample.
 */
class WarmUpTest {

    @TempDir
    Path tmp;

    static final String JOBS = """
            package com.acme;
            import java.util.List;
            import java.util.concurrent.Executors;
            import java.util.concurrent.ScheduledExecutorService;
            import java.util.concurrent.TimeUnit;
            import javax.annotation.PostConstruct;
            import org.springframework.data.redis.core.StringRedisTemplate;
            import org.springframework.jdbc.core.JdbcTemplate;
            import org.springframework.scheduling.annotation.Scheduled;
            import org.springframework.web.client.RestTemplate;
            public class Jobs {
                private RestTemplate rest;
                private JdbcTemplate jdbc;
                private StringRedisTemplate redis;
                private final ScheduledExecutorService timer = Executors.newSingleThreadScheduledExecutor();
                @Scheduled(fixedDelay = 1000)
                public void nightly() {
                    for (Long id : jdbc.queryForList("SELECT id FROM orders WHERE status = 'NEW'", Long.class)) {
                        if (withLock("k" + id, () -> a(id))) {
                            ping(id);
                        }
                        jdbc.update("UPDATE orders SET status = 'DONE' WHERE id = ?", id);
                    }
                }
                public static void main(String[] args) { new Jobs().a(1L); }
                @PostConstruct
                void start() { timer.scheduleAtFixedRate(this::poll, 0, 1, TimeUnit.SECONDS); }
                void poll() {
                    Executors.newCachedThreadPool().execute(new Runnable() {
                        public void run() { deep1(2L); }
                    });
                }
                void a(Long id) { b(id); rest.postForObject("/charge/" + id, null, String.class); }
                void b(Long id) { if (id > 0) { a(id - 1); } c(id); }
                void c(Long id) { rec(id); jdbc.update("UPDATE orders SET status = 'SENT' WHERE id = ?", id); }
                void rec(Long id) { if (id > 0) { rec(id - 1); } rest.postForObject("/mail", id, String.class); }
                void ping(Long id) { deep1(id); }
                void deep1(Long id) { deep2(id); }
                void deep2(Long id) { deep3(id); }
                void deep3(Long id) { deep4(id); }
                void deep4(Long id) { deep5(id); }
                void deep5(Long id) { rest.postForObject("/deep/" + id, null, String.class); }
                boolean withLock(String k, Runnable task) {
                    if (Boolean.TRUE.equals(redis.opsForValue().setIfAbsent(k, "1"))) {
                        task.run();
                        redis.delete(k);
                        return true;
                    }
                    return false;
                }
                boolean take1(String k) { return take2(k); }
                boolean take2(String k) { return take3(k); }
                boolean take3(String k) { return take4(k); }
                boolean take4(String k) { return Boolean.TRUE.equals(redis.opsForValue().setIfAbsent(k, "1")); }
                void locked(String k) {
                    if (take2(k)) { a(3L); }
                    if (take1(k)) { c(4L); }
                }
                static void f01(String m) { f02(m); }
                static void f02(String m) { f03(m); }
                static void f03(String m) { f04(m); }
                static void f04(String m) { f05(m); }
                static void f05(String m) { f06(m); }
                static void f06(String m) { f07(m); }
                static void f07(String m) { f08(m); }
                static void f08(String m) { f09(m); }
                static void f09(String m) { f10(m); }
                static void f10(String m) { f11(m); }
                static void f11(String m) { f12(m); }
                static void f12(String m) { f13(m); }
                static void f13(String m) { f14(m); }
                static void f14(String m) { throw new IllegalStateException(m); }
                void checks(String m) { f01(m); f03(m); f13(m); }
            }
            """;

    @Test
    void warmedFactsDoNotDependOnTheNumberOfThreads() throws Exception {
        ScanFixture.write(tmp, "src/main/java/com/acme/Jobs.java", JOBS);
        List<String> one = facts(tmp, 1);
        assertThat(one).anyMatch(s -> s.startsWith("com.acme.Jobs#nightly() entry @Scheduled reachable"));
        assertThat(one).anyMatch(s -> s.startsWith("com.acme.Jobs#deep5(Long) entry null reachable"));
        assertThat(one).anyMatch(s -> s.contains("#locked(String)") && s.contains("Jobs.take4() takes Redis"));
        assertThat(facts(tmp, 4)).isEqualTo(one);
        assertThat(facts(tmp, 4)).isEqualTo(one);
    }

    @Test
    void theSamplesWarmedFactsDoNotDependOnTheNumberOfThreads() {
        Path sample = Path.of("..", "samples", "noon-batch").toAbsolutePath().normalize();
        List<String> one = facts(sample, 1);
        assertThat(one).hasSizeGreaterThan(20);
        assertThat(facts(sample, 4)).isEqualTo(one);
    }

    @Test
    void theWorkCountDoesNotDependOnTheNumberOfThreads() {
        // the dispatch map was built lock-free by every thread that asked first, each counting its pass in the work
        Path sample = Path.of("..", "samples", "noon-batch").toAbsolutePath().normalize();
        long one = work(sample, 1);
        assertThat(one).isPositive();
        for (int i = 0; i < 8; i++) {
            assertThat(work(sample, 4)).isEqualTo(one);
        }
    }

    private static long work(Path dir, int threads) {
        return new Analyzer().scan(new ScanRequest(List.of(dir), dir, threads, RuleRegistry.of(List.of()),
                ProgressListener.NONE, ProjectConfig.NONE), p -> { }).stats().work();
    }

    /** One line per method of a scan of {@code dir} on {@code threads} threads: everything the warm-up memoised. */
    private static List<String> facts(Path dir, int threads) {
        AtomicReference<Project> model = new AtomicReference<>();
        new Analyzer().scan(new ScanRequest(List.of(dir), dir, threads, RuleRegistry.of(List.of()),
                ProgressListener.NONE, ProjectConfig.NONE), model::set);
        Project p = model.get();
        Semantics sem = p.semantics();
        List<String> out = new ArrayList<>();
        for (MethodRef m : p.index().methods()) {
            StringBuilder line = new StringBuilder(m.id()).append(" entry ").append(sem.entryPoint(m))
                    .append(sem.reachableFromEntryPoints().contains(m.method()) ? " reachable" : " unreached");
            if (m.method().hasBody() && !m.file().test()) {
                line.append(" summary ").append(sem.summary(m)).append(" info ").append(sem.methodInfo(m));
                for (Locks.Lock l : Locks.in(sem, m)) {
                    line.append(" lock ").append(l.kind());
                }
                for (CallSite c : m.method().body().calls()) {
                    line.append(" throws ").append(sem.throwsUnless(m, c));
                }
            }
            out.add(line.toString());
        }
        return out;
    }
}
