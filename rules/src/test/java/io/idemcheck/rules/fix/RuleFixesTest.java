package io.idemcheck.rules.fix;

import io.idemcheck.core.engine.Analyzer;
import io.idemcheck.core.engine.ProgressListener;
import io.idemcheck.core.engine.ScanRequest;
import io.idemcheck.core.finding.Finding;
import io.idemcheck.core.finding.ScanResult;
import io.idemcheck.core.fix.FixApplier;
import io.idemcheck.core.fix.FixStage;
import io.idemcheck.core.rule.Rule;
import io.idemcheck.core.rule.RuleRegistry;
import io.idemcheck.rules.IgnoredClaimResult;
import io.idemcheck.rules.NonConditionalStatusUpdate;
import io.idemcheck.rules.SideEffectBeforeStatusRecord;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

/** Per rule: the input, the output after the fix (only the intended lines change), and a re-scan without the finding. */
class RuleFixesTest {

    @TempDir
    Path root;

    private static final String CASE = "src/test/resources/rules/SideEffectBeforeStatusRecord/"
            + "Pos05_ClaimRowCountIgnored.java";

    private ScanResult scan(Rule rule) {
        return new Analyzer().scan(new ScanRequest(List.of(root), root, 1, RuleRegistry.of(List.of(rule)),
                ProgressListener.NONE));
    }

    private String applyFixes(ScanResult r) throws Exception {
        FixApplier.Plan plan = FixApplier.plan(root, r.findings());
        FixApplier.write(root, plan);
        return FixApplier.diff(plan);
    }

    private static List<String> changedLines(String diff) {
        return diff.lines().filter(l -> (l.startsWith("+") || l.startsWith("-")) && !l.startsWith("+++")
                && !l.startsWith("---")).map(String::stripTrailing).toList();
    }

    @Test
    void idem005WrapsTheIgnoredClaim() throws Exception {
        Path f = root.resolve("InstallmentJob.java");
        Files.writeString(f, Files.readString(Path.of(CASE)));
        ScanResult before = scan(new IgnoredClaimResult());
        assertThat(before.findings()).extracting(Finding::ruleId).containsExactly("IDEM005");
        assertThat(before.findings().get(0).fix().edits()).isNotEmpty();
        String diff = applyFixes(before);
        assertThat(changedLines(diff)).containsExactly(
                "-            taskMapper.markRunning(t.getId());",
                "+            if (taskMapper.markRunning(t.getId()) != 1) {",
                "+                // another run owns or finished this row",
                "+                continue;",
                "+            }");
        assertThat(FixStage.parses(Files.readString(f))).isTrue();
        assertThat(scan(new IgnoredClaimResult()).findings()).isEmpty();
    }

    @Test
    void idem003AddsTheStatusPredicateToTheAnnotation() throws Exception {
        Path f = root.resolve("InstallmentJob.java");
        Files.writeString(f, Files.readString(Path.of(CASE)).replace("            taskMapper.markRunning(t.getId());\n",
                ""));
        ScanResult before = scan(new NonConditionalStatusUpdate());
        assertThat(before.findings()).extracting(Finding::ruleId).containsExactly("IDEM003");
        assertThat(before.findings().get(0).fix().template()).contains("AND status = 'PENDING'");
        String diff = applyFixes(before);
        // only the SQL changes: a row-count check appended as the loop's last statement would change nothing
        assertThat(changedLines(diff)).containsExactly(
                "-    @Update(\"UPDATE installment_task SET status = #{status} WHERE id = #{id}\")",
                "+    @Update(\"UPDATE installment_task SET status = #{status} WHERE id = #{id} AND status = 'PENDING'\")");
        assertThat(FixStage.parses(Files.readString(f))).isTrue();
        assertThat(scan(new NonConditionalStatusUpdate()).findings()).isEmpty();
        assertThat(scan(new IgnoredClaimResult()).findings()).as("the fix must not create an IDEM005").isEmpty();
    }

    @Test
    void idem003AfterAClaimIsATemplateNotAGuess() throws Exception {
        Files.writeString(root.resolve("InstallmentJob.java"), Files.readString(Path.of(CASE)));
        ScanResult r = scan(new NonConditionalStatusUpdate());
        r.findings().forEach(x -> assertThat(x.fix().edits()).isEmpty());
    }

    @Test
    void idem001TemplateUsesTheItemsRealAccessors() throws Exception {
        Files.writeString(root.resolve("InstallmentJob.java"), Files.readString(Path.of(CASE)));
        ScanResult r = scan(new SideEffectBeforeStatusRecord());
        assertThat(r.findings()).isNotEmpty();
        String t = r.findings().get(0).fix().template();
        assertThat(t).contains("taskClaimer.claim(t.getId(), workerId)", "IdempotencyKeys.of(\"charge\", t.getId()",
                "taskClaimer.complete(claim.get())");
        assertThat(r.findings().get(0).fix().edits()).isEmpty();
    }

    /**
     * On a {@code Map<String, Object>} row the template uses what the code has, never a getter a Map lacks: the local
     * read from the row ({@code long id = (Long) r.get("id");}: {@code id}), else {@code row.get("task_id")}, the key
     * the code reads the row with.
     */
    @Test
    void idem001TemplateOnAMapRowUsesTheIdLocalOrTheMapKey() throws Exception {
        Files.writeString(root.resolve("MapRowJob.java"), """
                package demo.maprow;

                import java.util.List;
                import java.util.Map;
                import org.springframework.jdbc.core.JdbcTemplate;
                import org.springframework.scheduling.annotation.Scheduled;
                import org.springframework.web.client.RestTemplate;

                public class MapRowJob {
                    private JdbcTemplate jdbc;
                    private RestTemplate rest;

                    @Scheduled(fixedDelay = 1000)
                    public void run() {
                        for (Map<String, Object> r : jdbc.queryForList("SELECT id FROM bill_task WHERE status = 'PENDING'")) {
                            long id = (Long) r.get("id");
                            rest.postForObject("https://psp.example.com/charges", r.get("amount"), String.class);
                            jdbc.update("UPDATE bill_task SET status = 'DONE' WHERE id = ?", id);
                        }
                    }

                    @Scheduled(fixedDelay = 1000)
                    public void inline() {
                        for (Map<String, Object> row : jdbc.queryForList("SELECT task_id FROM bill_task WHERE status = 'PENDING'")) {
                            rest.postForObject("https://psp.example.com/charges", row.get("amount"), String.class);
                            jdbc.update("UPDATE bill_task SET status = 'DONE' WHERE task_id = ?", row.get("task_id"));
                        }
                    }
                }
                """);
        ScanResult r = scan(new SideEffectBeforeStatusRecord());
        java.util.Map<Integer, String> templates = new java.util.TreeMap<>();
        r.findings().forEach(f -> templates.putIfAbsent(f.primary().startLine(), f.fix().template()));
        assertThat(templates).containsOnlyKeys(17, 25);
        assertThat(templates.get(17)).contains("taskClaimer.claim(id, workerId)", "IdempotencyKeys.of(\"postForObject\", id)")
                .doesNotContain("getId()");
        assertThat(templates.get(25)).contains("taskClaimer.claim(row.get(\"task_id\"), workerId)",
                "IdempotencyKeys.of(\"postForObject\", row.get(\"task_id\"))").doesNotContain("getId()");
    }

    /**
     * IDEM001's template gives up a claimed-elsewhere item with {@code return;} when the effect sits in a lambda the
     * loop hands to an executor ({@code continue} there does not compile), {@code continue;} in the loop's own body
     * or in a loop inside the lambda.
     */
    @Test
    void idem001TemplateLeavesAnExecutorLambdaWithReturn() throws Exception {
        Files.writeString(root.resolve("Pos113_EffectHandedToAnExecutorInALoop.java"), Files.readString(Path.of(
                "src/test/resources/rules/SideEffectBeforeStatusRecord/Pos113_EffectHandedToAnExecutorInALoop.java")));
        Files.writeString(root.resolve("InstallmentJob.java"), Files.readString(Path.of(CASE)));
        Files.writeString(root.resolve("LoopInLambda.java"), """
                package demo.loopinlambda;

                import java.util.List;
                import java.util.concurrent.ExecutorService;
                import org.springframework.scheduling.annotation.Scheduled;
                import org.springframework.web.client.RestTemplate;

                public class LoopInLambda {
                    private ExecutorService pool;
                    private RestTemplate rest;
                    private OrderMapper orders;

                    @Scheduled(fixedDelay = 1000)
                    public void run() {
                        pool.submit(() -> {
                            for (Order o : orders.selectPending()) {
                                rest.postForObject("https://psp.example.com/charges", o, String.class);
                                orders.markPaid(o.getId());
                            }
                        });
                    }
                }

                interface OrderMapper {
                    @org.apache.ibatis.annotations.Select("SELECT * FROM orders WHERE status = 'PENDING'")
                    List<Order> selectPending();

                    @org.apache.ibatis.annotations.Update("UPDATE orders SET status = 'PAID' WHERE id = #{id}")
                    int markPaid(long id);
                }

                class Order {
                    long id;
                    long getId() { return id; }
                }
                """);
        ScanResult r = scan(new SideEffectBeforeStatusRecord());
        java.util.Map<String, List<String>> templates = new java.util.TreeMap<>();
        for (Finding f : r.findings()) {
            templates.computeIfAbsent(Path.of(f.primary().path()).getFileName() + ":" + f.primary().startLine(),
                    k -> new java.util.ArrayList<>()).add(f.fix().template());
        }
        for (int line : List.of(26, 36, 46)) { // execute, submit, runAsync lambdas inside the loop
            String t = templates.get("Pos113_EffectHandedToAnExecutorInALoop.java:" + line).get(0);
            assertThat(t).contains("return; // another run owns this row").doesNotContain("continue;");
        }
        assertThat(templates.get("LoopInLambda.java:17").get(0)).contains("continue; // another run owns this row");
        assertThat(templates.entrySet()).anySatisfy(e -> {
            assertThat(e.getKey()).startsWith("InstallmentJob.java");
            assertThat(e.getValue().get(0)).contains("continue; // another run owns this row");
        });
    }

    /**
     * Where the item is given up in a frame that must give back a value, a plain {@code return;} does not compile: a
     * Callable or Supplier lambda leaves with {@code return null;}, a method with its return type's empty value
     * ({@code return 0;}, {@code return false;}); a void lambda and a void method keep {@code return;}.
     */
    @Test
    void templatesLeaveAValueReturningFrameWithAValue() throws Exception {
        Files.writeString(root.resolve("ChargeJob.java"), VALUE_FRAMES);
        java.util.Map<Integer, String> templates = new java.util.TreeMap<>();
        for (Finding f : scan(new SideEffectBeforeStatusRecord()).findings()) {
            templates.put(f.primary().startLine(), f.fix().template());
        }
        for (Finding f : scan(new IgnoredClaimResult()).findings()) {
            templates.put(f.primary().startLine(), f.fix().template());
        }
        assertThat(templates).containsOnlyKeys(19, 24, 29, 30, 38, 44);
        assertThat(templates.get(19)).as("Callable lambda").contains("    return null; // another run owns this row")
                .doesNotContain("return;");
        assertThat(templates.get(24)).as("void lambda").contains("    return; // another run owns this row");
        assertThat(templates.get(30)).as("Supplier lambda").contains("    return null; // another run owns this row")
                .doesNotContain("return;");
        assertThat(templates.get(38)).as("int method").contains("    return 0; // another run owns this row")
                .doesNotContain("return;");
        assertThat(templates.get(29)).as("Supplier lambda").contains("    return null; // another run owns or finished")
                .doesNotContain("return;");
        assertThat(templates.get(44)).as("boolean method").contains("    return false; // another run owns or finished")
                .doesNotContain("return;");
    }

    /**
     * A key made anew on each run (a random UUID, the clock) that the effect sends is a new key after a restart: the
     * ledger template sends k, the key derived from the item, in its place (a local holding the random value, the value
     * inline, the argument of a builder's key setter), and says so; the description names what k replaces.
     */
    @Test
    void ledgerTemplatesSendTheItemKeyInsteadOfARandomOne() throws Exception {
        Files.writeString(root.resolve("RandomKeyJob.java"), """
                package demo.randomkey;

                import java.util.List;
                import java.util.UUID;
                import org.springframework.scheduling.annotation.Scheduled;

                public class RandomKeyJob {
                    private TaskMapper taskMapper;
                    private PaymentClient paymentClient;

                    @Scheduled(fixedDelay = 1000)
                    public void runOnce() {
                        for (Task t : taskMapper.selectPending()) {
                            String requestKey = UUID.randomUUID().toString();
                            paymentClient.charge(t.getAmount(), requestKey);
                            taskMapper.markDone(t.getId());
                        }
                    }

                    @Scheduled(fixedDelay = 1000)
                    public void runInline() {
                        for (Task t : taskMapper.selectPending()) {
                            paymentClient.charge(t.getAmount(), UUID.randomUUID().toString());
                            taskMapper.markDone(t.getId());
                        }
                    }
                }

                class PaymentClient {
                    private org.springframework.web.client.RestTemplate rest;

                    String charge(long amount, String idempotencyKey) {
                        org.springframework.http.HttpHeaders h = new org.springframework.http.HttpHeaders();
                        h.set("Idempotency-Key", idempotencyKey);
                        return rest.postForObject("https://psp.example.com/charges",
                                new org.springframework.http.HttpEntity<>(amount, h), String.class);
                    }
                }

                interface TaskMapper {
                    @org.apache.ibatis.annotations.Select("SELECT id, amount FROM pay_task WHERE status = 'PENDING'")
                    List<Task> selectPending();

                    @org.apache.ibatis.annotations.Update("UPDATE pay_task SET status = 'DONE' WHERE id = #{id}")
                    int markDone(long id);
                }

                class Task {
                    Long id;
                    long amount;
                    Long getId() { return id; }
                    long getAmount() { return amount; }
                }
                """);
        java.util.Map<Integer, Finding> byLine = new java.util.TreeMap<>();
        scan(new SideEffectBeforeStatusRecord()).findings().forEach(f -> byLine.put(f.primary().startLine(), f));
        assertThat(byLine).containsKeys(15, 23);
        String local = byLine.get(15).fix().template();
        assertThat(local).contains("        paymentClient.charge(t.getAmount(), k);",
                "// k instead of requestKey (randomUUID): a key made anew on each run is a new key after a restart")
                .doesNotContain("charge(t.getAmount(), requestKey)");
        assertThat(byLine.get(15).fix().description()).contains("IdempotencyKeys.of(\"charge\", t.getId())",
                "sent downstream instead of requestKey (randomUUID)");
        String inline = byLine.get(23).fix().template();
        assertThat(inline).contains("        paymentClient.charge(t.getAmount(), k);",
                "// k instead of UUID.randomUUID().toString() (randomUUID)").doesNotContain("UUID.randomUUID().toString())");
        // the random key set inside an options object (opts): k, a String, cannot take the object's place
        Files.writeString(root.resolve("Pos144.java"), Files.readString(Path.of(
                "src/test/resources/rules/SideEffectBeforeStatusRecord/Pos144_KeySentButRandomOrClock.java")));
        java.util.Map<String, String> t = new java.util.TreeMap<>();
        scan(new SideEffectBeforeStatusRecord()).findings().forEach(f -> t.put(Path.of(f.primary().path()).getFileName()
                + ":" + f.primary().startLine(), f.fix().template()));
        assertThat(t.get("Pos144.java:41")).contains("// send k as the key here, not the value made anew on each run "
                + "(randomUUID)", "RefundCreateParams.builder().setPaymentIntent(\"pi_\" + t.getId()).build(), opts);");
    }

    static final String VALUE_FRAMES = """
            package demo.valueframes;

            import java.util.List;
            import java.util.Map;
            import java.util.concurrent.ExecutorService;
            import java.util.function.Supplier;
            import org.springframework.scheduling.annotation.Scheduled;
            import org.springframework.web.client.RestTemplate;

            public class ChargeJob {
                private TaskMapper taskMapper;
                private RestTemplate rest;
                private ExecutorService pool;

                @Scheduled(fixedDelay = 1000)
                public void run() {
                    for (ChargeTask t : taskMapper.selectPending()) {
                        pool.submit(() -> {
                            rest.postForObject("https://psp.example.com/charges", Map.of("amount", t.getAmount()), String.class);
                            taskMapper.markDone(t.getId());
                            return null;
                        });
                        pool.execute(() -> {
                            rest.postForObject("https://psp.example.com/refunds", Map.of("amount", t.getAmount()), String.class);
                            taskMapper.markDone(t.getId());
                        });
                        chargeOne(t);
                        Supplier<String> s = () -> {
                            taskMapper.claim(t.getId());
                            return rest.postForObject("https://psp.example.com/charges", t.getId(), String.class);
                        };
                        s.get();
                        claimAndCharge(t);
                    }
                }

                int chargeOne(ChargeTask t) {
                    rest.postForObject("https://psp.example.com/charges", Map.of("amount", t.getAmount()), String.class);
                    taskMapper.markDone(t.getId());
                    return 1;
                }

                boolean claimAndCharge(ChargeTask t) {
                    taskMapper.claim(t.getId());
                    rest.postForObject("https://psp.example.com/charges", Map.of("amount", t.getAmount()), String.class);
                    return true;
                }
            }

            interface TaskMapper {
                @org.apache.ibatis.annotations.Select("SELECT id, amount FROM charge_task WHERE status = 'PENDING'")
                List<ChargeTask> selectPending();

                @org.apache.ibatis.annotations.Update("UPDATE charge_task SET status = 'RUNNING' WHERE id = #{id} AND status = 'PENDING'")
                int claim(long id);

                @org.apache.ibatis.annotations.Update("UPDATE charge_task SET status = 'DONE' WHERE id = #{id}")
                int markDone(long id);
            }

            class ChargeTask {
                Long id;
                java.math.BigDecimal amount;
                Long getId() { return id; }
                java.math.BigDecimal getAmount() { return amount; }
            }
            """;
}
