package io.idemcheck.rules;

import io.idemcheck.core.config.ConfigLoader;
import io.idemcheck.core.config.ProjectConfig;
import io.idemcheck.core.engine.Analyzer;
import io.idemcheck.core.engine.ProgressListener;
import io.idemcheck.core.engine.ScanRequest;
import io.idemcheck.core.finding.Finding;
import io.idemcheck.core.rule.Rule;
import io.idemcheck.core.rule.RuleRegistry;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * What idemcheck.yml teaches the tool reaches the rules as the catalog's own vocabulary does (issue 15 trial): a lock
 * API declared in {@code locks:} gives the results a known library lock gives.
 */
class ProjectVocabularyTest {

    @TempDir
    Path tmp;

    /** A job that charges per item under a lock and records DONE after: the same body with two lock APIs. */
    private static String job(String lockImport, String lockType, String acquire) {
        return """
                package com.acme;
                import %s;
                import org.springframework.scheduling.annotation.Scheduled;
                public class SettleJob {
                    private %s lock;
                    private PaymentClient payments;
                    private TaskMapper tasks;
                    @Scheduled(fixedDelay = 60000)
                    public void run() {
                        %s
                        try {
                            for (Task t : tasks.selectPending()) {
                                payments.charge(t.getUserId(), t.getAmount());
                                tasks.updateStatus(t.getId(), "DONE");
                            }
                        } finally {
                            lock.unlock();
                        }
                    }
                }
                """.formatted(lockImport, lockType, acquire);
    }

    static final String JOB_LOCK = """
            package com.acme.lock;
            public interface JobLock {
                void hold(String name);
                void unlock();
            }
            """;

    static final String SUPPORT = """
            package com.acme;
            interface PaymentClient { void charge(long user, long amount); }
            interface TaskMapper { java.util.List<Task> selectPending(); void updateStatus(long id, String s); }
            class Task { long getId() { return 1; } long getUserId() { return 2; } long getAmount() { return 3; } }
            """;

    private List<Finding> scan(String dir, Map<String, String> files, String config, Rule... rules) throws Exception {
        Path root = tmp.resolve(dir);
        for (Map.Entry<String, String> f : files.entrySet()) {
            Path p = f.getKey().startsWith("src/") ? root.resolve(f.getKey())
                    : root.resolve("src/main/java").resolve(f.getKey());
            Files.createDirectories(p.getParent());
            Files.writeString(p, f.getValue());
        }
        ProjectConfig cfg = null;
        if (config != null) {
            Files.writeString(root.resolve("idemcheck.yml"), config);
            cfg = ConfigLoader.load(root.resolve("idemcheck.yml"));
        }
        return new Analyzer().scan(new ScanRequest(List.of(root), root, 1, RuleRegistry.of(List.of(rules)),
                ProgressListener.NONE, cfg)).findings();
    }

    private static List<String> ids(List<Finding> fs) {
        return fs.stream().map(f -> f.ruleId() + ":" + f.primary().startLine()).sorted().toList();
    }

    @Test
    void aLockDeclaredInLocksGivesTheResultsOfAKnownLibraryLock() throws Exception {
        // positive reference: Redisson's RLock, known to the catalog
        List<Finding> redisson = scan("redisson", Map.of(
                "com/acme/SettleJob.java", job("org.redisson.api.RLock", "RLock", "lock.lock();"),
                "com/acme/Support.java", SUPPORT), null,
                new SideEffectBeforeStatusRecord(), new LockInsteadOfIdempotency());
        assertThat(ids(redisson)).containsExactly("IDEM001:13", "IDEM009:10");
        // the project's own lock API, declared in locks: the same two findings at the same lines
        String config = "locks: [\"com.acme.lock.JobLock#hold(*)\"]\n";
        List<Finding> declared = scan("declared", Map.of(
                "com/acme/SettleJob.java", job("com.acme.lock.JobLock", "JobLock", "lock.hold(\"settle\");"),
                "com/acme/lock/JobLock.java", JOB_LOCK, "com/acme/Support.java", SUPPORT), config,
                new SideEffectBeforeStatusRecord(), new LockInsteadOfIdempotency());
        assertThat(ids(declared)).containsExactly("IDEM001:13", "IDEM009:10");
        Finding lock = declared.stream().filter(f -> f.ruleId().equals("IDEM009")).findFirst().orElseThrow();
        assertThat(lock.message()).contains("JobLock.hold()").contains("idemcheck.yml locks com.acme.lock.JobLock#hold(*)")
                .doesNotContain("takes no distributed lock");
        // negative: without the declaration hold() is nothing to the tool; IDEM009 is silent, IDEM001 still fires
        List<Finding> undeclared = scan("undeclared", Map.of(
                "com/acme/SettleJob.java", job("com.acme.lock.JobLock", "JobLock", "lock.hold(\"settle\");"),
                "com/acme/lock/JobLock.java", JOB_LOCK, "com/acme/Support.java", SUPPORT), null,
                new SideEffectBeforeStatusRecord(), new LockInsteadOfIdempotency());
        assertThat(ids(undeclared)).containsExactly("IDEM001:13");
    }

    /**
     * A task store of the project's own (not named *Mapper/*Dao/*Repository) whose record idemcheck.yml declares: the
     * loop over what it returns is a loop over work items for IDEM009 as it is for IDEM001 (issue 15 trial: IDEM001
     * fired on the loop and IDEM009 said no work under the lock was per item).
     */
    @Test
    void aTypeDeclaredInRecordsIsAStoreOfWorkItemsForEveryRule() throws Exception {
        String store = """
                package com.acme;
                interface TaskStore { java.util.List<Task> selectPending(); void %s(long id, String s); }
                interface PaymentClient { void charge(long user, long amount); }
                class Task { long getId() { return 1; } long getUserId() { return 2; } long getAmount() { return 3; } }
                """;
        String job = job("com.acme.lock.JobLock", "JobLock", "lock.hold(\"settle\");")
                .replace("private TaskMapper tasks;", "private TaskStore tasks;");
        String locks = "locks: [\"com.acme.lock.JobLock#hold(*)\"]\n";
        // the store records through flarb(), which idemcheck.yml declares a record: IDEM001 and IDEM009 both see the
        // loop over its items
        List<Finding> declared = scan("store", Map.of("com/acme/SettleJob.java", job.replace("updateStatus", "flarb"),
                "com/acme/lock/JobLock.java", JOB_LOCK, "com/acme/Support.java", store.formatted("flarb")),
                locks + "records: [\"com.acme.TaskStore#flarb(*)\"]\n",
                new SideEffectBeforeStatusRecord(), new LockInsteadOfIdempotency());
        assertThat(ids(declared)).containsExactly("IDEM001:13", "IDEM009:10");
        // a record known only by its name (updateStatus) on a type named like no store: IDEM001 reads the loop, IDEM009
        // does not take a service of any name for a store (a wide service with one mark* method is no task store)
        List<Finding> named = scan("named", Map.of("com/acme/SettleJob.java", job,
                "com/acme/lock/JobLock.java", JOB_LOCK, "com/acme/Support.java", store.formatted("updateStatus")),
                locks, new SideEffectBeforeStatusRecord(), new LockInsteadOfIdempotency());
        assertThat(ids(named)).containsExactly("IDEM001:13");
        // negative: flarb() undeclared: no record for IDEM001, no store of work items for IDEM009
        List<Finding> undeclared = scan("nostore", Map.of("com/acme/SettleJob.java", job.replace("updateStatus", "flarb"),
                "com/acme/lock/JobLock.java", JOB_LOCK, "com/acme/Support.java", store.formatted("flarb")), locks,
                new SideEffectBeforeStatusRecord(), new LockInsteadOfIdempotency());
        assertThat(ids(undeclared)).isEmpty();
    }

    /**
     * A pattern in idemcheck.yml that matches no call of the main code (a typo in the package or type, a key carrier
     * whose parameter no call has) changed nothing: each such pattern is one INFO diagnostic at its line; a pattern
     * that matches says nothing; a records pattern whose type is a receiver's but whose method or argument count no
     * call has still makes that type a store of work items, and its note says so.
     */
    @Test
    void aPatternThatMatchesNoCallIsOneDiagnosticAtItsLine() throws Exception {
        Path root = tmp.resolve("typo");
        Map<String, String> files = Map.of(
                "com/acme/SettleJob.java", job("com.acme.lock.JobLock", "JobLock", "lock.hold(\"settle\");"),
                "com/acme/lock/JobLock.java", JOB_LOCK, "com/acme/Support.java", SUPPORT);
        for (Map.Entry<String, String> f : files.entrySet()) {
            Path p = root.resolve("src/main/java").resolve(f.getKey());
            Files.createDirectories(p.getParent());
            Files.writeString(p, f.getValue());
        }
        Files.writeString(root.resolve("idemcheck.yml"), "locks:\n  - \"com.acme.lock.JobLock#hold(*)\"\n"
                + "  - \"com.acme.lok.JobLock#hold(*)\"\nrecords:\n  - \"com.acme.TaskMapper#updateStatus(id)\"\n"
                + "  - \"com.acme.TaskMaper#updateStatus(*)\"\nkeyCarriers:\n"
                + "  - {pattern: \"com.acme.PaymentClient#charge(*)\", parameter: 2}\n"
                + "effects:\n  - {pattern: \"com.acme.PaymentClient#charge(*)\", kind: payment}\n");
        var result = new Analyzer().scan(new ScanRequest(List.of(root), root, 1, RuleRegistry.load(),
                ProgressListener.NONE, ConfigLoader.load(root.resolve("idemcheck.yml"))));
        var notes = result.diagnostics().stream().filter(d -> "idemcheck.yml".equals(d.path())).toList();
        assertThat(notes).extracting(d -> d.line() + " " + d.message().substring(0, d.message().indexOf(" matches")))
                .containsExactly("3 locks pattern 'com.acme.lok.JobLock#hold(*)'",
                        "5 records pattern 'com.acme.TaskMapper#updateStatus(id)'",
                        "6 records pattern 'com.acme.TaskMaper#updateStatus(*)'",
                        "8 keyCarriers pattern 'com.acme.PaymentClient#charge(*)'");
        assertThat(notes).allSatisfy(d -> assertThat(d.kind()).isEqualTo(io.idemcheck.core.finding.Diagnostic.Kind.INFO));
        assertThat(notes.get(0).message()).contains("matches no call in the scanned main code, so it changes nothing");
        assertThat(notes.get(2).message()).contains("matches no call in the scanned main code, so it changes nothing");
        // the type is a receiver's: the pattern still makes it a store of work items, and the note says so
        assertThat(notes.get(1).message()).contains("matches no call in the scanned main code: its type is a "
                + "receiver's").contains("only makes the type a store of work items");
        // the calls match, the parameter index is beyond their arguments
        assertThat(notes.get(3).message()).contains("matches calls, but none has an argument number 2");
    }

    @Test
    void aCallDeclaredInClaimsIsStillAClaim() throws Exception {
        // claims: keeps its meaning, a call whose result tells whether this run won the row: IDEM009 is silent
        String config = "claims: [\"com.acme.lock.JobLock#hold(*)\"]\n";
        List<Finding> claimed = scan("claimed", Map.of(
                "com/acme/SettleJob.java", job("com.acme.lock.JobLock", "JobLock", "lock.hold(\"settle\");"),
                "com/acme/lock/JobLock.java", JOB_LOCK, "com/acme/Support.java", SUPPORT), config,
                new LockInsteadOfIdempotency());
        assertThat(ids(claimed)).isEmpty();
    }

    /** A job ({@code type}, its method {@code method} under {@code annotation}) that claims each row into {@code state}, charges, then records DONE. */
    private static String claimJob(String state, String imports, String type, String annotation, String method) {
        return """
                package com.acme;
                import java.util.List;
                import org.apache.ibatis.annotations.Mapper;
                import org.apache.ibatis.annotations.Param;
                import org.apache.ibatis.annotations.Select;
                import org.apache.ibatis.annotations.Update;
                %s
                @Mapper
                interface ClaimMapper {
                    @Select("SELECT id, status FROM task WHERE status = 'PENDING' LIMIT 100")
                    List<Task> selectPending();
                    @Update("UPDATE task SET status = '%s', gmt_modified = NOW() WHERE id = #{id} AND status = 'PENDING'")
                    int claim(@Param("id") long id);
                    @Update("UPDATE task SET status = #{status}, gmt_modified = NOW() WHERE id = #{id}")
                    int updateStatus(@Param("id") long id, @Param("status") String status);
                }
                %s {
                    ClaimMapper mapper;
                    PaymentClient payments;
                    %s
                    public void %s {
                        for (Task t : mapper.selectPending()) {
                            if (mapper.claim(t.getId()) != 1) {
                                continue;
                            }
                            payments.charge(t.getUserId(), t.getAmount());
                            mapper.updateStatus(t.getId(), "DONE");
                        }
                    }
                }
                """.formatted(imports, state, type, annotation, method);
    }

    private List<Finding> claimScan(String dir, String job, String config, Rule... rules) throws Exception {
        return scan(dir, Map.of("com/acme/ClaimJob.java", job, "com/acme/Support.java", SUPPORT,
                "com/acme/sched/NightlyJob.java", "package com.acme.sched;\npublic @interface NightlyJob {}\n",
                "com/acme/sched/JobHandler.java", "package com.acme.sched;\npublic interface JobHandler {\n"
                        + "    void handle(String ctx);\n}\n",
                "src/test/java/com/acme/ClaimJobTest.java", "package com.acme;\nclass ClaimJobTest {\n"
                        + "    @org.junit.jupiter.api.Test void charges() { }\n}\n"), config, rules);
    }

    @Test
    void inProgressValuesMakeAClaimToTheStateAnInProgressMove() throws Exception {
        String scheduled = "import org.springframework.scheduling.annotation.Scheduled;";
        // reference: RUNNING is in the catalog's inProgressStates, nothing recovers it: IDEM008 at the claim (line 12)
        assertThat(ids(claimScan("running", claimJob("RUNNING", scheduled, "public class ClaimJob",
                "@Scheduled(fixedDelay = 60000)", "run()"), null, new StaleRunningNotRecovered())))
                .containsExactly("IDEM008:12");
        // GRABBED is unknown: the tool does not see a move into work
        assertThat(ids(claimScan("grabbed", claimJob("GRABBED", scheduled, "public class ClaimJob",
                "@Scheduled(fixedDelay = 60000)", "run()"), null, new StaleRunningNotRecovered()))).isEmpty();
        // declared in progress (any case): the same finding as RUNNING
        List<Finding> declared = claimScan("declared", claimJob("GRABBED", scheduled, "public class ClaimJob",
                "@Scheduled(fixedDelay = 60000)", "run()"), "inProgressValues: [\"grabbed\"]\n",
                new StaleRunningNotRecovered());
        assertThat(ids(declared)).containsExactly("IDEM008:12");
        assertThat(declared.get(0).message()).contains("GRABBED");
        // declared terminal instead: no in-progress move
        assertThat(ids(claimScan("terminal", claimJob("GRABBED", scheduled, "public class ClaimJob",
                "@Scheduled(fixedDelay = 60000)", "run()"), "stateValues: [\"GRABBED\"]\n",
                new StaleRunningNotRecovered()))).isEmpty();
    }

    @Test
    void entryPointsDeclaredInIdemcheckYmlRunUnattended() throws Exception {
        String nightly = claimJob("RUNNING", "import com.acme.sched.NightlyJob;", "public class ClaimJob",
                "@NightlyJob", "run()");
        String handler = claimJob("RUNNING", "import com.acme.sched.JobHandler;",
                "public class ClaimJob implements JobHandler", "@Override", "handle(String ctx)");
        // negative: an in-house annotation or handler interface is no entry point of the catalog's: IDEM007 silent
        assertThat(ids(claimScan("plain-annotation", nightly, null, new MissingKillMidwayTest()))).isEmpty();
        assertThat(ids(claimScan("plain-handler", handler, null, new MissingKillMidwayTest()))).isEmpty();
        // declared: the job runs unattended and has no kill-midway test
        List<Finding> byAnnotation = claimScan("annotation", nightly,
                "entryPoints:\n  methodAnnotations: [\"com.acme.sched.NightlyJob\"]\n", new MissingKillMidwayTest());
        assertThat(byAnnotation).extracting(Finding::ruleId).containsExactly("IDEM007");
        List<Finding> byInterface = claimScan("interface", handler,
                "entryPoints:\n  interfaces:\n    - {type: JobHandler, method: handle, params: [String]}\n",
                new MissingKillMidwayTest());
        assertThat(byInterface).extracting(Finding::ruleId).containsExactly("IDEM007");
        // an overload with other parameters is not the method the scheduler calls
        assertThat(ids(claimScan("overload", handler,
                "entryPoints:\n  interfaces:\n    - {type: JobHandler, method: handle, params: [Long]}\n",
                new MissingKillMidwayTest()))).isEmpty();
    }
}
