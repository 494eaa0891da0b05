package io.idemcheck.cli;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;

import io.idemcheck.core.rule.RuleRegistry;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;




import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

/** {@code idemcheck explain FILE[:LINE]} with the real engine and rules, on the bundled samples and on bad input. */
class ExplainCommandTest {

    static final Path REPO = Path.of("..").toAbsolutePath().normalize();
    static final Path JOB = REPO.resolve("samples/noon-batch/src/main/java/com/example/noon/job/NoonSettlementJob.java");
    static final Path SAFE_JOB = REPO.resolve(
            "samples/noon-batch-safe/src/main/java/com/example/noonsafe/job/NoonSettlementJob.java");

    @TempDir
    Path tmp;

    static CliRun cli(String... args) {
        return CliRun.of(args);
    }

    /**
     * Outside a git work tree, explain's paths are relative to the project, whatever the current directory (fresh-user
     * trial: run from the project's parent, sourceRoot was that parent and every path started with the project's
     * name). Run in a JVM of its own, from the parent folder.
     */
    @Test
    void outsideGitThePathsAreRelativeToTheProjectFromAnyFolder() throws Exception {
        Path project = Files.createDirectories(tmp.resolve("p/src/main/java/a")).getParent().getParent().getParent()
                .getParent();
        Files.writeString(project.resolve("src/main/java/a/Job.java"), "package a;\nclass Job {\n    void run() { }\n}\n");
        assertThat(ExplainCommand.explainRoot(project)).isEqualTo(project.toAbsolutePath().normalize());
        Process p = new ProcessBuilder(Path.of(System.getProperty("java.home"), "bin", "java").toString(), "-cp",
                System.getProperty("java.class.path"), "io.idemcheck.cli.IdemcheckCli", "explain",
                "p/src/main/java/a/Job.java:3", "--format", "json")
                .directory(tmp.toFile()).redirectError(ProcessBuilder.Redirect.DISCARD).start();
        String out = new String(p.getInputStream().readAllBytes(), java.nio.charset.StandardCharsets.UTF_8);
        assertThat(p.waitFor()).as(out).isZero();
        JsonNode json = new ObjectMapper().readTree(out);
        assertThat(Path.of(json.get("sourceRoot").asText()).toRealPath()).isEqualTo(project.toRealPath());
        assertThat(json.get("project").asText()).isEmpty();
        assertThat(json.get("file").asText()).isEqualTo("src/main/java/a/Job.java");
    }

    // ---- the done-when ----------------------------------------------------------------------------------

    @Test
    void theIncidentLineShowsTheChainDownToTheHttpCallTheRecordFromSqlAndIdem001Fired() {
        CliRun r = cli("explain", JOB + ":33");
        assertThat(r.err()).isEmpty();
        assertThat(r.code()).isZero();
        String out = r.out();
        assertThat(out).contains("(project: samples/noon-batch)");
        assertThat(out).contains("NoonSettlementJob.run()   lines 27-40   com.example.noon.job.NoonSettlementJob#run()");
        assertThat(out).contains("runs unattended: a job entry point (@Scheduled)");
        // the effect chain, down to RestTemplate.postForObject, with the catalog entry that recognised it
        assertThat(out).contains("""
                    33:17  doBusiness()   receiver com.example.noon.job.NoonSettlementJob (project)
                        effect: moves money (through 3 calls, down to RestTemplate.postForObject()); a repetition \
                charges the customer again
                          because catalog.json effectTypes: org.springframework.web.client.RestTemplate#post* (http)
                          samples/noon-batch/src/main/java/com/example/noon/job/NoonSettlementJob.java:33  doBusiness() \
                calls NoonSettlementJob.doBusiness()
                          samples/noon-batch/src/main/java/com/example/noon/job/NoonSettlementJob.java:43  \
                settlementService.settle() calls SettlementService.settle()
                          samples/noon-batch/src/main/java/com/example/noon/service/SettlementService.java:24  \
                paymentClient.charge() calls PaymentClient.charge()
                          samples/noon-batch/src/main/java/com/example/noon/client/PaymentClient.java:30  \
                restTemplate.postForObject() calls RestTemplate.postForObject()
                """);
        // the record, recognised from its SQL in the mapper XML
        assertThat(out).contains("""
                    34:17  taskMapper.updateStatus()   receiver com.example.noon.mapper.TaskMapper (project)
                        record: taskMapper.updateStatus() updates settlement_task.status
                          because SQL (mapper xml): com.example.noon.mapper.TaskMapper.updateStatus: UPDATE \
                settlement_task SET status = ?, gmt_modified = NOW() WHERE id = ? at \
                samples/noon-batch/src/main/resources/mapper/TaskMapper.xml:16
                """);
        // every effect settle() reaches: the charge, the order, the SMS
        assertThat(out).contains("effects reached (3):", "payment: RestTemplate.postForObject()",
                "db-insert: OrderMapper.insertOrder()", "message: RestTemplate.postForObject()");
        // IDEM001 fired, with its reason
        assertThat(out).contains("IDEM001 SideEffectBeforeStatusRecord: FIRED\n"
                + "      finding at line 33 (error): doBusiness() at line 33 moves money (through 3 calls, down to "
                + "RestTemplate.postForObject()) before taskMapper.updateStatus() at line 34 records the item's state");
        assertThat(out).contains("fired   doBusiness() (line 33): the effect runs before the record at line 34");
        assertThat(out).contains("MISSING doBusiness() (line 33): a retry around it");
    }

    @Test
    void onTheRestartSafeTwinIdem001NamesTheMissingCondition() {
        CliRun r = cli("explain", SAFE_JOB + ":57");
        assertThat(r.code()).isZero();
        assertThat(r.out()).contains("IDEM001 SideEffectBeforeStatusRecord: not fired\n"
                + "      MISSING settlementService.settle() (line 57): an unprotected effect: it carries an idempotency "
                + "key derived from the item");
        // the first protection named is the key (the safe sample passes the item's key to settle(), declared in
        // its idemcheck.yml keyCarriers); the claim that also guards it is still read as a checked claim
        assertThat(r.out()).contains("48:37  claimer.claim()", "claim: a conditional claim: its result tells whether "
                + "this run won the row");
        assertThat(r.out()).contains("IDEM007 MissingKillMidwayTest: not fired", "MISSING the job "
                + "NoonSettlementJob.run() (line 45): no kill-midway test: NoonSettlementJobKillMidwayTest."
                + "everyUserIsChargedOrderedAndTextedOnceAcrossAKill() runs it, crashes it");
        assertThat(r.out()).contains("claim: a conditional claim", "because idemcheck runtime library: "
                + "TaskClaimer.claim()");
    }

    @Test
    void transactionalBatchLoopSaysWhichLoopFiredAndWhatIsMissingWhereItDoesNot() throws Exception {
        Path cleanup = REPO.resolve("samples/noon-batch/src/main/java/com/example/noon/maintenance/"
                + "StatementCleanupJob.java");
        CliRun fired = cli("explain", cleanup + ":29", "--format", "json");
        assertThat(fired.code()).isZero();
        JsonNode job = new ObjectMapper().readTree(fired.out()).get("methods").get(0);
        JsonNode idem002 = rule(job, "IDEM002");
        assertThat(idem002.get("status").asText()).isEqualTo("fired");
        assertThat(idem002.get("explained").asBoolean()).isTrue();
        assertThat(idem002.get("missing")).isEmpty();

        CliRun text = cli("explain", cleanup + ":29");
        assertThat(text.out()).contains("IDEM002 TransactionalBatchLoop: FIRED", "held    the method: it runs in one "
                + "transaction: @Transactional on the method", "fired   the loop (line 29): its items share one "
                + "transaction: a failure rolls back the database work of items already done, not "
                + "fileStoreClient.delete()");

        // the job of the incident has loops but no transaction around them
        CliRun notFired = cli("explain", JOB + ":33", "--format", "json");
        JsonNode run = new ObjectMapper().readTree(notFired.out()).get("methods").get(0);
        JsonNode notHere = rule(run, "IDEM002");
        assertThat(notHere.get("status").asText()).isEqualTo("not-fired");
        assertThat(notHere.get("explained").asBoolean()).isTrue();
        assertThat(notHere.get("missing").get(0).asText()).startsWith("the method: a transaction around a loop: ");
    }

    static final Path NOON = REPO.resolve("samples/noon-batch/src/main/java/com/example/noon");

    /** The verdict of rule {@code id} on the first method explained at {@code fileAndLine}, from the JSON output. */
    private static JsonNode verdict(String fileAndLine, String id) throws Exception {
        CliRun r = cli("explain", fileAndLine, "--format", "json");
        assertThat(r.code()).as(r.err()).isZero();
        return rule(new ObjectMapper().readTree(r.out()).get("methods").get(0), id);
    }

    private static List<String> texts(JsonNode verdict, String kind) {
        List<String> out = new ArrayList<>();
        verdict.get("steps").forEach(s -> {
            if (s.get("kind").asText().equals(kind)) {
                out.add(s.get("line").asInt() + " " + s.get("subject").asText() + ": " + s.get("text").asText());
            }
        });
        return out;
    }

    @Test
    void blindStatusUpdateFiresAtTheStatementAndNamesTheClaimThatGuardsAnother() throws Exception {
        JsonNode fired = verdict(NOON.resolve("maintenance/OrderTimeoutMapper.java") + ":17", "IDEM003");
        assertThat(fired.get("status").asText()).isEqualTo("fired");
        assertThat(texts(fired, "fired")).containsExactly("17 the statement com.example.noon.maintenance."
                + "OrderTimeoutMapper#cancel: a blind status transition (status), run by 1 call site(s): the guard "
                + "`\"CREATED\".equals(o.getStatus())` at line 26 read the status first (of the row it writes)");
        // the caller says why its write is a transition and where it is reported
        JsonNode caller = verdict(NOON.resolve("maintenance/OrderTimeoutJob.java") + ":27", "IDEM003");
        assertThat(caller.get("status").asText()).isEqualTo("not-fired");
        assertThat(texts(caller, "note")).singleElement().satisfies(t -> assertThat(t).startsWith("27 "
                + "orderTimeoutMapper.cancel(): a transition: the guard").endsWith("reported at the statement, "
                + "samples/noon-batch/src/main/java/com/example/noon/maintenance/OrderTimeoutMapper.java:17"));
        // negative: the put-back in NotificationRetryJob runs under the checked claim markSending()
        JsonNode guarded = verdict(NOON.resolve("job/NotificationRetryJob.java") + ":41", "IDEM003");
        assertThat(guarded.get("status").asText()).isEqualTo("not-fired");
        assertThat(guarded.get("missing").get(0).asText()).isEqualTo("notificationMapper.updateStatus() (line 38): "
                + "an unguarded write: the checked claim notificationMapper.markSending() guards it");
    }

    @Test
    void checkThenActFiresAtTheGuardAndSaysWhenAMethodHasNoStatusCheck() throws Exception {
        JsonNode fired = verdict(NOON.resolve("maintenance/OrderTimeoutJob.java") + ":26", "IDEM004");
        assertThat(fired.get("status").asText()).isEqualTo("fired");
        assertThat(texts(fired, "held")).containsExactly("26 the check `\"CREATED\".equals(o.getStatus())`: it tests "
                + "the status o.getStatus() as read with the rows of the loop at line 25");
        assertThat(texts(fired, "fired")).containsExactly("26 the check `\"CREATED\".equals(o.getStatus())`: it "
                + "guards orderTimeoutMapper.cancel() at line 27, which writes the checked status in a separate step");
        assertThat(fired.get("missing")).isEmpty();
        JsonNode none = verdict(NOON.resolve("job/ArrearsReminderJob.java") + ":28", "IDEM004");
        assertThat(none.get("missing").get(0).asText())
                .isEqualTo("the method: a condition: the method has no if, switch, early exit or assertion call "
                        + "(catalog assertionGuardCalls, or a project helper that throws unless its argument is true)");
    }

    @Test
    void ignoredClaimFiresOnTheDiscardedRedeemAndNotOnACheckedClaim() throws Exception {
        JsonNode fired = verdict(NOON.resolve("job/SettlementCouponStep.java") + ":25", "IDEM005");
        assertThat(fired.get("status").asText()).isEqualTo("fired");
        assertThat(texts(fired, "held")).contains("25 couponMapper.redeem(): its result is discarded");
        assertThat(texts(fired, "fired")).containsExactly("25 couponMapper.redeem(): the code goes on and "
                + "couponMapper.incrementUsed() at line 26 runs whether or not the claim won");
        JsonNode checked = verdict(NOON.resolve("job/RefundJob.java") + ":32", "IDEM005");
        assertThat(checked.get("status").asText()).isEqualTo("not-fired");
        assertThat(checked.get("missing")).extracting(JsonNode::asText).containsExactly("refundTaskMapper.markRunning() "
                + "(line 32): an ignored result: its result reaches a decision (condition)");
    }

    @Test
    void unboundedRetrySaysWhichDetectorFoundThePutBackAndWhatEachLooksFor() throws Exception {
        JsonNode fired = verdict(NOON.resolve("job/NotificationRetryJob.java") + ":41", "IDEM006");
        assertThat(fired.get("status").asText()).isEqualTo("fired");
        assertThat(texts(fired, "held")).containsExactly("41 notificationMapper.updateStatus(): it sets the item's "
                + "status back to PENDING, with no retry count read and bounded first");
        assertThat(texts(fired, "fired")).singleElement().satisfies(t -> assertThat(t)
                .startsWith("41 the method: found a put-back"));
        assertThat(fired.get("missing")).isEmpty();
        JsonNode none = verdict(NOON.resolve("job/SettlementCouponStep.java") + ":25", "IDEM006");
        assertThat(none.get("status").asText()).isEqualTo("not-fired");
        assertThat(none.get("missing")).extracting(JsonNode::asText).contains("the method: a while (true) / for (;;) "
                + "loop that catches a failure and tries again with no attempt counter or time bound: none here");
    }

    @Test
    void staleRunningFiresAtTheClaimStatementAndTheCallerSaysWhereItIsReported() throws Exception {
        JsonNode fired = verdict(NOON.resolve("mapper/RefundTaskMapper.java") + ":17", "IDEM008");
        assertThat(fired.get("status").asText()).isEqualTo("fired");
        assertThat(texts(fired, "fired")).containsExactly("17 statement RefundTaskMapper.markRunning: nothing returns "
                + "stale RUNNING rows to a retryable state");
        JsonNode caller = verdict(NOON.resolve("job/RefundJob.java") + ":32", "IDEM008");
        assertThat(caller.get("status").asText()).isEqualTo("not-fired");
        assertThat(texts(caller, "note")).containsExactly("0 statement RefundTaskMapper.markRunning: nothing recovers "
                + "its stale rows; reported at samples/noon-batch/src/main/java/com/example/noon/mapper/"
                + "RefundTaskMapper.java:17");
        // negative: the restart-safe twin calls TaskClaimer.recoverExpired
        Path safeMapper = REPO.resolve("samples/noon-batch-safe/src/main/java/com/example/noonsafe/job/"
                + "NoonSettlementJob.java");
        JsonNode recovered = verdict(safeMapper + ":48", "IDEM008");
        assertThat(recovered.get("status").asText()).isEqualTo("not-fired");
        assertThat(recovered.get("missing").get(0).asText()).contains("no recovery of stale rows: the project calls "
                + "TaskClaimer.recoverExpired");
    }

    @Test
    void lockInsteadOfIdempotencyFiresAtTheShedLockAndSaysWhenThereIsNoLock() throws Exception {
        JsonNode fired = verdict(NOON.resolve("job/ArrearsReminderJob.java") + ":28", "IDEM009");
        assertThat(fired.get("status").asText()).isEqualTo("fired");
        assertThat(texts(fired, "fired")).containsExactly("28 ShedLock @SchedulerLock(name = \"arrearsReminder\"): it "
                + "is the only guard around restTemplate.postForObject() (NotificationClient.sendSms() line 21, http)");
        JsonNode none = verdict(JOB + ":33", "IDEM009");
        assertThat(none.get("missing").get(0).asText()).startsWith("the method: a lock: the method takes no "
                + "distributed lock");
    }

    @Test
    void missingUniqueKeyNamesTheInsertItsTableAndWhereTheTableIsReported() throws Exception {
        JsonNode insert = verdict(NOON.resolve("service/OrderService.java") + ":28", "IDEM011");
        assertThat(insert.get("elsewhere").get(0).get("path").asText())
                .isEqualTo("samples/noon-batch/src/main/resources/db/migration/V1__init.sql");
        assertThat(texts(insert, "held")).containsExactly("28 orderMapper.insertOrder(): INSERT INTO t_order (task_id, "
                + "user_id, amount, status): it runs unattended (reachable from a job entry point)");
        assertThat(texts(insert, "note")).containsExactly("28 orderMapper.insertOrder(): t_order has no unique key "
                + "but its surrogate primary key (business key task_id); reported at the table's schema, "
                + "samples/noon-batch/src/main/resources/db/migration/V1__init.sql:17");
        JsonNode none = verdict(NOON.resolve("job/ArrearsReminderJob.java") + ":28", "IDEM011");
        assertThat(none.get("missing").get(0).asText()).isEqualTo("the method: an insert run by job code into a "
                + "table whose schema is visible: none (it runs unattended, but none of its calls runs an INSERT or "
                + "upsert)");
        JsonNode mapper = verdict(NOON.resolve("mapper/OrderMapper.java") + ":12", "IDEM011");
        assertThat(mapper.get("missing").get(0).asText()).endsWith("none (it runs unattended; it has no body: an "
                + "insert in its SQL is read at the methods that call it)");
    }

    @Test
    void jsonHasTheDocumentedShapeAndTheSameFacts() throws Exception {
        CliRun r = cli("explain", JOB + ":33", "--format", "json");
        assertThat(r.code()).isZero();
        JsonNode root = new ObjectMapper().readTree(r.out());
        assertThat(root.get("schemaVersion").asInt()).isEqualTo(1);
        assertThat(root.get("project").asText()).isEqualTo("samples/noon-batch");
        assertThat(root.get("file").asText())
                .isEqualTo("samples/noon-batch/src/main/java/com/example/noon/job/NoonSettlementJob.java");
        assertThat(root.get("line").asInt()).isEqualTo(33);
        assertThat(root.get("methods")).hasSize(1);
        JsonNode m = root.get("methods").get(0);
        assertThat(m.get("id").asText()).isEqualTo("com.example.noon.job.NoonSettlementJob#run()");
        assertThat(m.get("startLine").asInt()).isEqualTo(27);
        assertThat(m.get("endLine").asInt()).isEqualTo(40);
        assertThat(m.get("runs").get("entryPoint").asText()).isEqualTo("@Scheduled");
        assertThat(m.get("runs").get("reachable").asBoolean()).isTrue();
        assertThat(m.get("summary").get("writesDatabase").asBoolean()).isTrue();
        assertThat(m.get("summary").get("recordEvidence").get("basis").asText()).isEqualTo("sql");
        assertThat(m.get("summary").get("reaches")).hasSize(3);

        JsonNode effectCall = call(m, "doBusiness()");
        assertThat(effectCall.get("line").asInt()).isEqualTo(33);
        JsonNode effect = role(effectCall, "effect");
        assertThat(effect.get("evidence").get("source").asText()).isEqualTo("catalog.json effectTypes");
        assertThat(effect.get("evidence").get("entry").asText())
                .isEqualTo("org.springframework.web.client.RestTemplate#post* (http)");
        JsonNode chain = effect.get("effect").get("chain");
        assertThat(chain).hasSize(4);
        assertThat(chain.get(3).get("label").asText())
                .isEqualTo("restTemplate.postForObject() calls RestTemplate.postForObject()");
        assertThat(effect.get("effect").get("kind").asText()).isEqualTo("payment");
        assertThat(effect.get("effect").get("leaf").asText()).isEqualTo("RestTemplate.postForObject");
        assertThat(effectCall.get("context").get(0).asText())
                .isEqualTo("in the loop at line 31 (over rows selected from the database)");

        JsonNode record = role(call(m, "taskMapper.updateStatus()"), "record");
        assertThat(record.get("evidence").get("basis").asText()).isEqualTo("sql");
        assertThat(record.get("evidence").get("path").asText())
                .isEqualTo("samples/noon-batch/src/main/resources/mapper/TaskMapper.xml");
        assertThat(record.get("evidence").get("line").asInt()).isEqualTo(16);

        JsonNode idem001 = rule(m, "IDEM001");
        assertThat(idem001.get("status").asText()).isEqualTo("fired");
        assertThat(idem001.get("explained").asBoolean()).isTrue();
        assertThat(idem001.get("findings").get(0).get("line").asInt()).isEqualTo(33);
        assertThat(idem001.get("findings").get(0).get("severity").asText()).isEqualTo("error");
        assertThat(idem001.get("missing")).isEmpty();
        JsonNode idem010 = rule(m, "IDEM010");
        assertThat(idem010.get("status").asText()).isEqualTo("not-fired");
        assertThat(idem010.get("missing").get(0).asText()).startsWith("doBusiness() (line 33): a retry around it: ");
        JsonNode idem003 = rule(m, "IDEM003");
        assertThat(idem003.get("explained").asBoolean()).isTrue();
        assertThat(idem003.get("elsewhere").get(0).get("path").asText())
                .isEqualTo("samples/noon-batch/src/main/resources/mapper/TaskMapper.xml");
        assertThat(m.get("rules")).hasSize(12);
    }

    @Test
    void withoutALineEveryMethodOfTheFileIsExplainedAndAHelperShowsItsChainFromTheJob() throws Exception {
        CliRun r = cli("explain", JOB.toString(), "-f", "json");
        assertThat(r.code()).isZero();
        JsonNode root = new ObjectMapper().readTree(r.out());
        assertThat(root.get("line").isNull()).isTrue();
        List<String> names = new ArrayList<>();
        root.get("methods").forEach(m -> names.add(m.get("name").asText()));
        assertThat(names).containsExactly("NoonSettlementJob.NoonSettlementJob()", "NoonSettlementJob.run()",
                "NoonSettlementJob.doBusiness()");
        JsonNode helper = root.get("methods").get(2);
        assertThat(helper.get("runs").get("entryPoint").isNull()).isTrue();
        assertThat(helper.get("runs").get("reachable").asBoolean()).isTrue();
        JsonNode chain = helper.get("runs").get("chain");
        assertThat(chain.get(0).get("label").asText())
                .isEqualTo("NoonSettlementJob.run() is a job entry point (@Scheduled)");
        assertThat(chain.get(1).get("line").asInt()).isEqualTo(33);
        assertThat(chain.get(1).get("label").asText())
                .isEqualTo("NoonSettlementJob.run(): doBusiness() calls NoonSettlementJob.doBusiness()");
        assertThat(helper.get("summary").get("unrecordedEffects")).hasSize(1);
        assertThat(rule(helper, "IDEM001").get("missing").get(0).asText()).startsWith("settlementService.settle() "
                + "(line 43): a record of the same item after it: none follows in this method; this method's summary "
                + "passes 1 unrecorded effect to its callers");
    }

    @Test
    void aConfiguredEffectNamesItsIdemcheckYmlLine() throws Exception {
        Path p = Files.createDirectories(tmp.resolve("proj"));
        Files.writeString(p.resolve("pom.xml"), "<project/>\n");
        Files.writeString(p.resolve("idemcheck.yml"), "# ours\neffects:\n  - {pattern: \"com.acme.Billing#bill(*)\", "
                + "kind: payment}\n");
        Path src = Files.createDirectories(p.resolve("src/main/java/com/acme"));
        Files.writeString(src.resolve("Job.java"), """
                package com.acme;
                public class Job {
                    private Billing billing;
                    public void run(long id) {
                        billing.bill(id);
                    }
                }
                """);
        Files.writeString(src.resolve("Billing.java"), "package com.acme;\npublic interface Billing { void bill(long "
                + "id); }\n");
        CliRun r = cli("explain", src.resolve("Job.java") + ":5");
        assertThat(r.code()).as(r.err()).isZero();
        assertThat(r.out()).contains("(project: .)", "because idemcheck.yml effects: com.acme.Billing#bill(*) at "
                + "idemcheck.yml:3");
    }

    private static JsonNode call(JsonNode method, String name) {
        for (JsonNode c : method.get("calls")) {
            if (c.get("call").asText().equals(name)) {
                return c;
            }
        }
        throw new AssertionError("no call " + name);
    }

    private static JsonNode role(JsonNode call, String role) {
        for (JsonNode r : call.get("roles")) {
            if (r.get("role").asText().equals(role)) {
                return r;
            }
        }
        throw new AssertionError("no role " + role + " in " + call);
    }

    private static JsonNode rule(JsonNode method, String id) {
        for (JsonNode r : method.get("rules")) {
            if (r.get("id").asText().equals(id)) {
                return r;
            }
        }
        throw new AssertionError("no rule " + id);
    }

    // ---- bad input: one line on stderr, exit 2, no stack trace ----------------------------------------------------

    private static void assertUsageError(CliRun r, String expected) {
        assertThat(r.code()).isEqualTo(2);
        assertThat(r.out()).isEmpty();
        assertThat(r.err()).isEqualTo("idemcheck: error: " + expected + System.lineSeparator());
        assertThat(r.err()).doesNotContain("\tat ", "Exception");
    }

    @Test
    void theFileLineColumnThatScanPrintsExplainsTheMethodsAtTheLine() {
        CliRun withColumn = cli("explain", JOB + ":33:5");
        assertThat(withColumn.err()).isEmpty();
        assertThat(withColumn.code()).isZero();
        assertThat(withColumn.out()).isEqualTo(cli("explain", JOB + ":33").out());
        assertUsageError(cli("explain", JOB + ":46:5"), "line 46 is out of range: '" + JOB + "' has 45 lines");
        assertUsageError(cli("explain", "no/such/Job.java:3:5"), "file 'no/such/Job.java' does not exist");
    }

    @Test
    void aFindingInAMapperXmlOrASchemaExplainsTheJavaMethodsItInvolvesWithTheFindingsPath() {
        Path xml = REPO.resolve("samples/noon-batch/src/main/resources/mapper/TaskMapper.xml");
        CliRun r = cli("explain", xml + ":16");
        assertThat(r.err()).isEmpty();
        assertThat(r.code()).isZero();
        List<String> methods = r.out().lines().filter(l -> !l.isEmpty() && !l.startsWith(" ")).toList();
        assertThat(methods).hasSize(3);
        assertThat(methods.get(1)).startsWith("TaskMapper.updateStatus()   lines 15-15");
        assertThat(methods.get(2)).startsWith("NoonSettlementJob.run()   lines 27-40");
        assertThat(r.out()).contains("    IDEM003 NonConditionalStatusUpdate: FIRED\n      finding at "
                + "samples/noon-batch/src/main/resources/mapper/TaskMapper.xml:16 (warning): This UPDATE sets");
        assertThat(r.out()).doesNotContain("finding at line 16");

        Path sql = REPO.resolve("samples/noon-batch/src/main/resources/db/migration/V1__init.sql");
        CliRun s = cli("explain", sql + ":17");
        assertThat(s.code()).isZero();
        assertThat(s.out().lines().filter(l -> !l.isEmpty() && !l.startsWith(" ")).skip(1).toList())
                .extracting(l -> l.substring(0, l.indexOf("   ")))
                .containsExactly("OrderService.placeOrder()", "OrderMapper.insertOrder()");
        assertThat(s.out()).contains("      reported at samples/noon-batch/src/main/resources/db/migration/"
                + "V1__init.sql:17, involving this method: Table t_order has no unique key");
    }

    @Test
    void aMapperMethodWhoseSqlIsABlindUpdateWritesTheDatabaseAndOneWithASelectDoesNot() {
        Path mapper = REPO.resolve("samples/noon-batch/src/main/java/com/example/noon/mapper/TaskMapper.java");
        CliRun r = cli("explain", mapper.toString());
        assertThat(r.code()).isZero();
        String out = r.out();
        String update = out.substring(out.indexOf("TaskMapper.updateStatus()"));
        assertThat(update.lines().filter(l -> l.startsWith("  summary: ")).findFirst().orElseThrow())
                .isEqualTo("  summary: writes the database; no transaction declared");
        String select = out.substring(out.indexOf("TaskMapper.selectByStatus()"));
        assertThat(select.lines().filter(l -> l.startsWith("  summary: ")).findFirst().orElseThrow())
                .isEqualTo("  summary: does not write the database; no transaction declared");
    }

    @Test
    void theKeyParameterIsTheZeroBasedIndexOfTheMethodItBelongsTo() {
        Path job = REPO.resolve("samples/noon-batch/src/main/java/com/example/noon/job/RefundJob.java");
        CliRun r = cli("explain", job.toString());
        assertThat(r.code()).isZero();
        assertThat(r.out()).contains("      payment: RestTemplate.postForObject() (a repetition refunds again), keyed by "
                + "parameter index 2 of PaymentClient.refund() (0-based, as idemcheck.yml's parameter)\n");
        assertThat(r.out()).doesNotContain("keyed by parameter 2");
    }

    @Test
    void aBoundedRetryAnnotationIsSeenAndItsLimitNamedNotReportedAsAbsent() throws Exception {
        Path proj = Files.createDirectories(tmp.resolve("retry"));
        Files.writeString(proj.resolve("pom.xml"), "<project/>\n");
        Path src = Files.createDirectories(proj.resolve("src/main/java/com/acme"));
        Path file = src.resolve("Sync.java");
        Files.writeString(file, """
                package com.acme;
                import org.springframework.retry.annotation.Retryable;
                public class Sync {
                    @Retryable(maxAttempts = 3) // bounded: not fired, the limit is named
                    public void push(long id) {
                        System.out.println(id);
                    }
                    public void plain(long id) { // no annotation: none here
                        System.out.println(id);
                    }
                }
                """);
        CliRun r = cli("explain", file + ":6");
        assertThat(r.code()).isZero();
        assertThat(r.out()).contains("      MISSING the method (line 4): a retry annotation (@Retryable, Resilience4j "
                + "@Retry) without a limit: the annotation is there, but its limit bounds it (maxAttempts = 3)\n");
        assertThat(r.out()).doesNotContain("@Retry) without a limit: none here");
        CliRun plain = cli("explain", file + ":9");
        assertThat(plain.out()).contains("@Retry) without a limit: none here");
    }

    @Test
    void aMissingFileIsAUsageError() {
        assertUsageError(cli("explain", "no/such/Job.java:3"), "file 'no/such/Job.java' does not exist");
        assertUsageError(cli("explain", "no/such/Job.java"), "file 'no/such/Job.java' does not exist");
    }

    @Test
    void aLineOutOfRangeIsAUsageError() {
        assertUsageError(cli("explain", JOB + ":46"), "line 46 is out of range: '" + JOB + "' has 45 lines");
        assertUsageError(cli("explain", JOB + ":0"), "line 0 is out of range: '" + JOB + "' has 45 lines");
        assertUsageError(cli("explain", JOB + ":x3"), "line 'x3' in '" + JOB + ":x3' is not a number (expected "
                + "FILE or FILE:LINE)");
    }

    @Test
    void aLineInNoMethodIsAUsageErrorListingTheMethods() {
        assertUsageError(cli("explain", JOB + ":3"), "no method encloses line 3 of "
                + "'samples/noon-batch/src/main/java/com/example/noon/job/NoonSettlementJob.java' (methods: "
                + "NoonSettlementJob.NoonSettlementJob() lines 22-25, NoonSettlementJob.run() lines 27-40, "
                + "NoonSettlementJob.doBusiness() lines 42-44)");
    }

    @Test
    void aNonJavaFileOrADirectoryIsAUsageError() {
        Path xml = REPO.resolve("samples/noon-batch/src/main/resources/mapper/TaskMapper.xml");
        assertUsageError(cli("explain", xml + ":5"), "'samples/noon-batch/src/main/resources/mapper/TaskMapper.xml' "
                + "is not a Java source file and no finding is reported at line 5 of it (findings at lines 16); "
                + "explain reads .java files: give the Java method that runs it");
        Path dir = REPO.resolve("samples/noon-batch");
        assertUsageError(cli("explain", dir.toString()), "'" + dir + "' is a directory; explain takes one Java file "
                + "(FILE[:LINE])");
    }

    @Test
    void badFlagsAreUsageErrors() {
        assertUsageError(cli("explain", JOB + ":33", "--format", "sarif"),
                "--format: unknown value 'sarif' (expected text or json)");
        CliRun unknown = cli("explain", JOB + ":33", "--bogus");
        assertThat(unknown.code()).isEqualTo(2);
        assertThat(unknown.err().lines().toList()).singleElement()
                .satisfies(l -> assertThat(l).startsWith("idemcheck: error: unknown option: '--bogus'"));
        // a scan's --cache copied to explain: one line saying why, not "unknown options: '--cache', 'F'"
        String noCache = "--cache: explain has no analysis cache (it scans the project afresh each time); leave "
                + "--cache out, it is a 'scan' option";
        assertUsageError(cli("explain", JOB + ":33", "--cache", tmp.resolve("c").toString()), noCache);
        assertUsageError(cli("explain", JOB + ":33", "--cache=" + tmp.resolve("c")), noCache);
        assertUsageError(cli("explain", JOB + ":33", "--cache"), noCache); // no value: the same line, not picocli's
        assertThat(tmp.resolve("c")).doesNotExist();
        CliRun none = cli("explain");
        assertThat(none.code()).isEqualTo(2);
        assertThat(none.err().lines().toList()).singleElement()
                .satisfies(l -> assertThat(l).startsWith("idemcheck: error: missing required parameter"));
        assertUsageError(cli("explain", JOB + ":33", "--project", tmp.toString()), "--project: '" + tmp
                + "' does not contain '" + JOB + "'");
        assertUsageError(cli("explain", JOB + ":33:5", "--project", tmp.toString()), "--project: '" + tmp
                + "' does not contain '" + JOB + "'");
        assertUsageError(cli("explain", JOB + ":33", "--project", tmp.resolve("none").toString()), "--project: '"
                + tmp.resolve("none") + "' is not a directory");
        assertUsageError(cli("explain", JOB + ":33", "--config", tmp.resolve("none.yml").toString()), "--config: '"
                + tmp.resolve("none.yml") + "' does not exist");
    }

    @Test
    void theProjectIsTheNearestFolderWithABuildFileOrGit() throws Exception {
        Path repo = Files.createDirectories(tmp.resolve("repo"));
        Files.createDirectories(repo.resolve(".git"));
        Path module = Files.createDirectories(repo.resolve("billing"));
        Files.writeString(module.resolve("pom.xml"), "<project/>\n");
        Path file = Files.createDirectories(module.resolve("src/main/java")).resolve("A.java");
        Files.writeString(file, "class A {}\n");
        assertThat(ExplainCommand.findProject(file)).isEqualTo(module);
        Path loose = Files.createDirectories(repo.resolve("scripts")).resolve("B.java");
        Files.writeString(loose, "class B {}\n");
        assertThat(ExplainCommand.findProject(loose)).isEqualTo(repo);
    }

    @Test
    void aTemplateOfAProjectWithoutBuildFileIsExplainedWithTheJavaThatRunsIt() throws Exception {
        Path p = Files.createDirectories(tmp.resolve("loose"));
        Path java = Files.createDirectories(p.resolve("src/main/java/com/acme"));
        Files.writeString(java.resolve("OrderDao.java"), """
                package com.acme;
                import java.util.List;
                import org.jdbi.v3.sqlobject.statement.SqlQuery;
                import org.jdbi.v3.sqlobject.statement.SqlUpdate;
                import org.jdbi.v3.stringtemplate4.UseStringTemplateSqlLocator;
                @UseStringTemplateSqlLocator
                public interface OrderDao {
                    @SqlQuery
                    List<Order> findOpen();
                    @SqlUpdate
                    int cancel(long id);
                }
                """);
        Files.writeString(java.resolve("Order.java"), "package com.acme;\npublic class Order {\n    long id;\n"
                + "    String status;\n    public long getId() { return id; }\n"
                + "    public String getStatus() { return status; }\n}\n");
        Files.writeString(java.resolve("TimeoutJob.java"), """
                package com.acme;
                import org.springframework.scheduling.annotation.Scheduled;
                public class TimeoutJob {
                    private OrderDao dao;
                    @Scheduled(fixedDelay = 60000)
                    public void run() {
                        for (Order o : dao.findOpen()) {
                            if ("CREATED".equals(o.getStatus())) {
                                dao.cancel(o.getId());
                            }
                        }
                    }
                }
                """);
        Path res = Files.createDirectories(p.resolve("src/main/resources/com/acme"));
        Path stg = res.resolve("OrderDao.sql.stg");
        Files.writeString(stg, "findOpen() ::= <<\nselect id, status from orders where status = 'CREATED'\n>>\n\n"
                + "cancel() ::= <<\nupdate orders set status = 'CANCELLED' where id = :id\n>>\n");
        assertThat(ExplainCommand.findProject(stg)).isEqualTo(p);
        assertThat(ExplainCommand.findProject(java.resolve("OrderDao.java"))).isEqualTo(p);
        Path other = Files.createDirectories(tmp.resolve("notes")).resolve("x.sql");
        Files.writeString(other, "select 1;\n");
        assertThat(ExplainCommand.findProject(other)).as("no src tree: the file's folder").isEqualTo(other.getParent());

        CliRun r = cli("explain", stg + ":5");
        assertThat(r.code()).as(r.err()).isZero();
        assertThat(r.out()).contains("OrderDao.cancel()", "IDEM003 NonConditionalStatusUpdate: FIRED");
        // a template line with no statement (the blank line between two) is the documented usage error, no trace
        assertUsageError(cli("explain", stg + ":4"), "'src/main/resources/com/acme/OrderDao.sql.stg' is not a Java "
                + "source file and no finding is reported at line 4 of it (findings at lines 5); explain reads .java "
                + "files: give the Java method that runs it");
    }

    @Test
    void aMalformedLocationSuffixIsAUsageErrorNamingTheBadPart() {
        assertUsageError(cli("explain", JOB + ":16:x"), "bad location in '" + JOB + ":16:x': LINE or LINE:COLUMN "
                + "(numbers) expected after '" + JOB + "', got '16:x'");
        assertUsageError(cli("explain", JOB + ":x:5"), "bad location in '" + JOB + ":x:5': LINE or LINE:COLUMN "
                + "(numbers) expected after '" + JOB + "', got 'x:5'");
        assertUsageError(cli("explain", JOB + ":16:5:2"), "bad location in '" + JOB + ":16:5:2': LINE or "
                + "LINE:COLUMN (numbers) expected after '" + JOB + "', got '16:5:2'");
        // a file that truly is missing keeps its message
        assertUsageError(cli("explain", "no/such/Job.java:16:x"), "file 'no/such/Job.java:16' does not exist");
    }
}
