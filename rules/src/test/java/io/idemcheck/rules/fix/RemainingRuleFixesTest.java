package io.idemcheck.rules.fix;

import io.idemcheck.core.engine.Analyzer;
import io.idemcheck.core.engine.ProgressListener;
import io.idemcheck.core.engine.ScanRequest;
import io.idemcheck.core.finding.Finding;
import io.idemcheck.core.finding.Fix;
import io.idemcheck.core.fix.FixApplier;
import io.idemcheck.core.fix.FixStage;
import io.idemcheck.core.rule.Rule;
import io.idemcheck.core.rule.RuleRegistry;
import io.idemcheck.rules.CheckThenActStatusGuard;
import io.idemcheck.rules.EffectRetriedWithoutKey;
import io.idemcheck.rules.LockInsteadOfIdempotency;
import io.idemcheck.rules.MissingKillMidwayTest;
import io.idemcheck.rules.MissingUniqueBusinessKey;
import io.idemcheck.rules.StaleRunningNotRecovered;
import io.idemcheck.rules.TransactionalBatchLoop;
import io.idemcheck.rules.UnboundedRetry;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * IDEM002, IDEM004, IDEM006 to IDEM011: each rule's fix on one of its own positive cases carries a description and a
 * template with the case's names; IDEM007's crash point and IDEM011's migration are applied and the code re-scanned.
 */
class RemainingRuleFixesTest {

    private static final Path CASES = Path.of("src/test/resources/rules");

    @TempDir
    Path root;

    /** Copies a case (a file or a folder) into the temporary root. */
    private void copy(String rel) throws Exception {
        Path src = CASES.resolve(rel);
        if (Files.isDirectory(src)) {
            try (Stream<Path> s = Files.walk(src)) {
                for (Path p : s.filter(Files::isRegularFile).toList()) {
                    Path t = root.resolve(src.relativize(p).toString());
                    Files.createDirectories(t.getParent());
                    Files.copy(p, t);
                }
            }
        } else {
            Files.copy(src, root.resolve(src.getFileName().toString()));
        }
    }

    private List<Finding> scan(Rule rule) {
        return new Analyzer().scan(new ScanRequest(List.of(root), root, 1, RuleRegistry.of(List.of(rule)),
                ProgressListener.NONE)).findings();
    }

    private Fix onlyFix(Rule rule, String ruleId) {
        List<Finding> fs = scan(rule);
        assertThat(fs).extracting(Finding::ruleId).containsOnly(ruleId).isNotEmpty();
        Fix fix = fs.get(0).fix();
        assertThat(fix).isNotNull();
        assertThat(fix.description()).isNotBlank();
        assertThat(fix.template()).isNotBlank();
        return fix;
    }

    @Test
    void idem002PerItemTransactionWithTheLoopVariable() throws Exception {
        copy("TransactionalBatchLoop/Pos01_TransactionalMethodUpdatesEachRow.java");
        Fix fix = onlyFix(new TransactionalBatchLoop(), "IDEM002");
        assertThat(fix.template()).contains("transactionTemplate.executeWithoutResult(txStatus -> {",
                "@Transactional(propagation = Propagation.REQUIRES_NEW)", "public void processOne(Task t) {",
                "inside the loop over t");
        assertThat(fix.edits()).isEmpty();
    }

    @Test
    void idem004ClaimsTheRowInsteadOfTheInMemoryCheck() throws Exception {
        copy("CheckThenActStatusGuard/Pos02_EqualsPendingThenCharge.java");
        Fix fix = onlyFix(new CheckThenActStatusGuard(), "IDEM004");
        assertThat(fix.template()).contains("\"PENDING\".equals(t.getStatus())",
                "taskClaimer.claim(t.getId(), workerId)", "continue; // another instance",
                "UPDATE pay_task SET status = 'RUNNING' WHERE id = ? AND status = 'PENDING'");
    }

    @Test
    void idem006BoundedRetryOnTheTable() throws Exception {
        copy("UnboundedRetry/Pos03_CatchPutsRowBackToPending.java");
        Fix fix = onlyFix(new UnboundedRetry(), "IDEM006");
        assertThat(fix.template()).contains("TaskTable.builder(\"notification\").maxAttempts(5)",
                ".noNotBeforeColumn()", "taskClaimer.fail(claim.get(), e)", "UPDATE notification SET status = CASE");
    }

    @Test
    void idem006ConfigGetsALimitAndADeadLetterQueue() throws Exception {
        copy("UnboundedRetry/Pos14_StreamMaxAttemptsHuge");
        List<Finding> fs = scan(new UnboundedRetry());
        assertThat(fs).isNotEmpty();
        Fix fix = fs.get(0).fix();
        assertThat(fix.template()).contains("# instead of:", "max-attempts", "5", "# after the last attempt:");
    }

    @Test
    void idem007CrashPointBetweenEffectAndRecordThenTheSkeletonSatisfiesTheRule() throws Exception {
        copy("MissingKillMidwayTest/Pos02_SuccessTestOnly");
        // the main code compiles against the runtime library: only then is the crash point a safe edit
        Files.writeString(root.resolve("src/main/java/demo/Wiring.java"), "package demo;\n\n"
                + "import io.idemcheck.runtime.TaskClaimer;\n\nclass Wiring {\n    TaskClaimer claimer;\n}\n");
        List<Finding> before = scan(new MissingKillMidwayTest());
        assertThat(before).extracting(Finding::ruleId).containsExactly("IDEM007");
        Fix fix = before.get(0).fix();
        assertThat(fix.description()).contains("CrashPoints.hit(\"after-charge\")");
        assertThat(fix.template()).contains("class JobKillMidwayTest", "crashPoint = \"after-charge\"",
                "paymentClient.charge(t.getUserId(), t.getAmount());\nCrashPoints.hit(\"after-charge\");\n"
                        + "taskMapper.updateStatus(t.getId(), \"DONE\");");
        assertThat(fix.edits()).isNotEmpty();

        FixApplier.Plan plan = FixApplier.plan(root, before);
        FixApplier.write(root, plan);
        Path job = root.resolve("src/main/java/demo/Job.java");
        String code = Files.readString(job);
        assertThat(FixStage.parses(code)).isTrue();
        assertThat(code).contains("import io.idemcheck.runtime.CrashPoints;");
        int effect = code.indexOf("paymentClient.charge(");
        int point = code.indexOf("CrashPoints.hit(\"after-charge\");");
        int record = code.indexOf("taskMapper.updateStatus(t.getId(), \"DONE\");");
        assertThat(effect).isPositive().isLessThan(point);
        assertThat(point).isLessThan(record);

        // the crash point alone proves nothing: the finding stays until the test exists
        List<Finding> afterPoint = scan(new MissingKillMidwayTest());
        assertThat(afterPoint).extracting(Finding::ruleId).containsExactly("IDEM007");
        assertThat(afterPoint.get(0).fix().edits()).as("the crash point is not inserted twice").isEmpty();

        // the template's test class, with its Main wired to the job as the template asks, ends the finding
        String template = fix.template();
        String testClass = template.substring(template.indexOf("package demo;"))
                .replace("// new Job(...).run();", "new Job(null, null).run();");
        Path test = root.resolve("src/test/java/demo/JobKillMidwayTest.java");
        Files.writeString(test, testClass);
        assertThat(FixStage.parses(testClass)).isTrue();
        assertThat(scan(new MissingKillMidwayTest())).isEmpty();
    }

    @Test
    void idem008RecoverExpiredAndTheSqlSweep() throws Exception {
        copy("StaleRunningNotRecovered/Pos01_AnnotationSetsRunningNoSweep.java");
        Fix fix = onlyFix(new StaleRunningNotRecovered(), "IDEM008");
        assertThat(fix.template()).contains("taskClaimer.recoverExpired(Duration.ofMinutes(10))",
                "@Scheduled(fixedDelay = 60_000)", "UPDATE task SET status = 'PENDING', gmt_modified",
                "WHERE status = 'RUNNING'", "AND gmt_modified < CURRENT_TIMESTAMP - INTERVAL '10 minutes'");
    }

    @Test
    void idem009KeyAndLedgerWithTheItemsNames() throws Exception {
        copy("LockInsteadOfIdempotency/Pos01_SchedulerLockPublishThenMarkSent.java");
        Fix fix = onlyFix(new LockInsteadOfIdempotency(), "IDEM009");
        assertThat(fix.template()).contains("taskClaimer.claim(row.", "IdempotencyKeys.of(\"", "row.",
                "ledger.runOnce(key, IdempotencyKeys.fingerprint(", "taskClaimer.complete(claim.get())");
        assertThat(fix.template()).doesNotContain("item.getId()");
    }

    @Test
    void idem010KeyOnlyVariant() throws Exception {
        copy("EffectRetriedWithoutKey/Pos02_WhileTrueRetryLoopCharge.java");
        Fix fix = onlyFix(new EffectRetriedWithoutKey(), "IDEM010");
        assertThat(fix.template()).contains("IdempotencyKeys.of(\"charge\", ", "ledger.runOnce(key, ",
                "gateway.charge(customerId, amount);");
        assertThat(fix.template()).doesNotContain("taskClaimer");
    }

    @Test
    void idem011NewFlywayMigrationMakesTheBusinessKeyUnique() throws Exception {
        copy("MissingUniqueBusinessKey/Pos01_OrderPerTaskWithoutUniqueTaskId");
        List<Finding> before = scan(new MissingUniqueBusinessKey());
        assertThat(before).extracting(Finding::ruleId).containsExactly("IDEM011");
        Fix fix = before.get(0).fix();
        assertThat(fix.description()).contains("V2__add_unique_t_order.sql");
        assertThat(fix.template()).contains("ALTER TABLE t_order", "task_id");
        assertThat(fix.edits()).hasSize(1);
        Fix.Edit e = fix.edits().get(0);
        assertThat(e.newFile()).isTrue();
        assertThat(e.region().path()).isEqualTo("src/main/resources/db/migration/V2__add_unique_t_order.sql");
        assertThat(e.replacement()).contains("ALTER TABLE t_order ADD UNIQUE KEY uk_t_order_task_id (task_id);");

        FixApplier.write(root, FixApplier.plan(root, before));
        assertThat(root.resolve("src/main/resources/db/migration/V2__add_unique_t_order.sql")).exists();
        assertThat(scan(new MissingUniqueBusinessKey())).isEmpty();
    }

    @Test
    void idem011OutsideFlywayIsATemplate() throws Exception {
        copy("MissingUniqueBusinessKey/Pos06_JdbcTemplateInsertH2Identity");
        Fix fix = onlyFix(new MissingUniqueBusinessKey(), "IDEM011");
        assertThat(fix.template()).contains("ALTER TABLE ", " UNIQUE (");
        assertThat(fix.edits()).isEmpty();
    }
}
