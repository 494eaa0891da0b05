package io.idemcheck.rules.fix;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import javax.tools.JavaCompiler;
import javax.tools.ToolProvider;
import java.io.ByteArrayOutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

/** Every Java template compiles against the runtime library (and runtime-test) with stubs for the user's types. */
class TemplatesCompileTest {

    @TempDir
    Path dir;

    private void compiles(String... sources) throws Exception {
        List<String> args = new ArrayList<>(List.of("-d", dir.resolve("out").toString(), "-cp",
                System.getProperty("java.class.path"), "-proc:none"));
        for (int i = 0; i < sources.length; i++) {
            String src = sources[i];
            String name = src.replaceAll("(?s).*?\\bclass (\\w+).*", "$1");
            Path p = dir.resolve("src" + i).resolve(name + ".java");
            Files.createDirectories(p.getParent());
            Files.writeString(p, src);
            args.add(p.toString());
        }
        JavaCompiler javac = ToolProvider.getSystemJavaCompiler();
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        int rc = javac.run(null, null, err, args.toArray(new String[0]));
        assertThat(rc).as(err.toString() + "\n" + String.join("\n----\n", sources)).isZero();
    }

    private static final String STUBS = String.join("\n",
            "class SettlementTask { Long getId() { return 1L; } java.time.LocalDate getBizDate() { return null; } }",
            "class TaskMapper { int updateStatus(Long id, String s) { return 1; } }");

    private static String wrap(String imports, String fields, String body) {
        return imports + "\npublic class Job {\n" + fields + "\n    void run(java.util.List<SettlementTask> tasks) "
                + "{\n        for (SettlementTask t : tasks) {\n" + body + "\n        }\n    }\n"
                + "    void doBusiness(SettlementTask t) {}\n}\n" + STUBS + "\n";
    }

    private static final String RUNTIME = "import io.idemcheck.runtime.*;\nimport java.util.Optional;\n"
            + "import java.time.Duration;\n";
    private static final String FIELDS = "    TaskClaimer taskClaimer; IdempotencyLedger ledger; String workerId; "
            + "TaskMapper taskMapper; javax.sql.DataSource dataSource; Object id;";

    @Test
    void claimKeyLedger() throws Exception {
        String t = Templates.claimKeyLedger(new Templates.ClaimSpec("t", "t.getId()",
                List.of("t.getId()", "t.getBizDate()"), "doBusiness", "doBusiness(t)",
                "taskMapper.updateStatus(t.getId(), \"DONE\")", "continue;"));
        assertThat(t).contains("IdempotencyKeys.of(\"doBusiness\", t.getId(), t.getBizDate())");
        compiles(wrap(RUNTIME, FIELDS, t));
    }

    /** The effect sends k, the ledger's key, where it sent a random one; the note above it is a comment. */
    @Test
    void claimKeyLedgerAndKeyLedgerSendingK() throws Exception {
        String note = "// k instead of requestKey (randomUUID): a key made anew on each run is a new key after a restart";
        String t = Templates.claimKeyLedger(new Templates.ClaimSpec("t", "t.getId()", List.of("t.getId()"), "charge",
                "charge(t.getId(), k)", "taskMapper.updateStatus(t.getId(), \"DONE\")", "continue;", note));
        assertThat(t).contains("k -> {\n        " + note + "\n        charge(t.getId(), k);");
        String fields = FIELDS + "\n    String charge(Long id, String key) { return key; }";
        compiles(wrap(RUNTIME, fields, t));
        compiles(wrap(RUNTIME, fields, Templates.keyLedger("charge", List.of("t.getId()"), "t.getId()",
                "charge(t.getId(), k)", note)));
    }

    /**
     * A call written over lines with a {@code //} comment between its arguments: on one line the comment would swallow
     * the rest of the call. The comment goes, a {@code //} inside a string stays.
     */
    @Test
    void callTextWithALineCommentStaysCode() throws Exception {
        String call = "charge(t.getId(), // the key\n        \"https://psp.example.com/x\")";
        assertThat(Templates.code(call)).isEqualTo("charge(t.getId(), \"https://psp.example.com/x\")");
        assertThat(Templates.code("f('/', \"a//b\\\"//c\") // x")).isEqualTo("f('/', \"a//b\\\"//c\")");
        String fields = FIELDS + "\n    String charge(Long id, String url) { return url; }";
        compiles(wrap(RUNTIME, fields, Templates.keyLedger("charge", List.of("t.getId()"), "t.getId()", call)));
        compiles(wrap(RUNTIME, fields, Templates.boundedRetry("settlement_task", 5, call)));
        compiles(wrap(RUNTIME, fields, Templates.rowCountCheck("taskMapper.updateStatus(t.getId(), // id\n\"DONE\");",
                "continue;", false)));
    }

    /** A Map row's id, an Object, is what TaskClaimer.claim(Object, String) and IdempotencyKeys.of take as it is. */
    @Test
    void claimKeyLedgerOnAMapRowCompiles() throws Exception {
        String t = Templates.claimKeyLedger(new Templates.ClaimSpec("r", "r.get(\"id\")", List.of("r.get(\"id\")"),
                "charge", "System.out.println(r)", "taskMapper.updateStatus(1L, \"DONE\")", "continue;"));
        compiles(RUNTIME + "public class Job {\n" + FIELDS + "\n    void run(java.util.List<java.util.Map<String, Object>> "
                + "rows) {\n        for (java.util.Map<String, Object> r : rows) {\n" + t + "\n        }\n    }\n}\n" + STUBS);
    }

    @Test
    void rowCountChecksAndConditionalUpdateCaller() throws Exception {
        compiles(wrap(RUNTIME, FIELDS, Templates.rowCountCheck("taskMapper.updateStatus(t.getId(), \"DONE\");",
                "continue;", false)));
        String sqlAndJava = Templates.conditionalStatusUpdate("settlement_task", "status", "#{id}", "'PENDING'",
                "taskMapper.updateStatus(t.getId(), \"DONE\")", "continue;");
        String javaPart = sqlAndJava.substring(sqlAndJava.indexOf("// and act"));
        compiles(wrap(RUNTIME, FIELDS, javaPart));
    }

    @Test
    void boundedRetryAndRecovery() throws Exception {
        compiles(wrap(RUNTIME, FIELDS, Templates.boundedRetry("settlement_task", 5, "doBusiness(t)")));
        String rec = Templates.recoverExpired("taskClaimer", 15);
        compiles(RUNTIME + "@interface Scheduled { long fixedDelay(); }\npublic class Recovery {\n" + FIELDS + "\n"
                + rec + "\n}\n" + STUBS);
    }

    @Test
    void perItemTransactionAndRequiresNewBean() throws Exception {
        String fields = FIELDS + "\n    Tx transactionTemplate;";
        compiles(wrap(RUNTIME, fields, Templates.perItemTransaction("t", "doBusiness(t)"))
                + "class Tx { void executeWithoutResult(java.util.function.Consumer<Object> c) {} }\n");
        String bean = Templates.requiresNewBean("", "SettlementStep", "settleOne", "SettlementTask", "t",
                "System.out.println(t.getId())");
        compiles(bean.replaceAll("import org\\.springframework[^\\n]*\\n", "") + "\n@interface Service {}\n"
                + "enum Propagation { REQUIRES_NEW }\n@interface Transactional { Propagation propagation(); }\n"
                + STUBS);
    }

    @Test
    void killMidwayTestSkeleton() throws Exception {
        String t = Templates.killMidwayTest("NoonSettlementJob", "run", "doBusiness(t)",
                "taskMapper.updateStatus(t.getId(), \"DONE\")");
        assertThat(t).contains("class NoonSettlementJobKillMidwayTest", "@KillMidwayTest(job = Main.class");
        compiles(t);
    }

    @Test
    void sqlTemplatesAndMigrationNames() {
        assertThat(Templates.uniqueConstraint("t_order", List.of("task_id")))
                .isEqualTo("ALTER TABLE t_order ADD CONSTRAINT uk_t_order_task_id UNIQUE (task_id);");
        assertThat(Templates.sqlSweep("settlement_task", "status", "RUNNING", "PENDING", "gmt_modified", 15))
                .contains("WHERE status = 'RUNNING'", "INTERVAL '15 minutes'");
        assertThat(Recipes.nextMigrationName(List.of("V1__init.sql", "V2_1__x.sql", "README.md"),
                "add unique t_order(task_id)")).isEqualTo("V3__add_unique_t_order_task_id.sql");
        assertThat(Recipes.nextMigrationName(List.of("V009__a.sql"), "b")).isEqualTo("V010__b.sql");
        assertThat(Recipes.nextMigrationName(List.of(), "init")).isEqualTo("V1__init.sql");
        var r = Recipes.newMigration("src/main/resources/db/migration/", List.of("V1__init.sql"), "unique order",
                "ALTER TABLE t_order ADD CONSTRAINT uk UNIQUE (task_id);");
        assertThat(r.path()).isEqualTo("src/main/resources/db/migration/V2__unique_order.sql");
        assertThat(r.params().get("content")).endsWith(";\n");
    }

    /**
     * The templates of a Callable lambda, an int method and a boolean method give the item up with a statement that
     * compiles there (a plain {@code return;} did not).
     */
    @Test
    void templatesCompileInFramesThatReturnAValue() throws Exception {
        Path src = dir.resolve("scan");
        Files.createDirectories(src);
        Files.writeString(src.resolve("ChargeJob.java"), RuleFixesTest.VALUE_FRAMES);
        java.util.Map<Integer, String> t = new java.util.TreeMap<>();
        for (io.idemcheck.core.finding.Finding f : new io.idemcheck.core.engine.Analyzer().scan(
                new io.idemcheck.core.engine.ScanRequest(List.of(src), src, 1, io.idemcheck.core.rule.RuleRegistry.of(
                        List.of(new io.idemcheck.rules.SideEffectBeforeStatusRecord(),
                                new io.idemcheck.rules.IgnoredClaimResult())),
                        io.idemcheck.core.engine.ProgressListener.NONE)).findings()) {
            t.put(f.primary().startLine(), f.fix().template());
        }
        compiles(RUNTIME + "import java.util.*;\npublic class Job {\n    TaskClaimer taskClaimer; IdempotencyLedger ledger; "
                + "String workerId; Rest rest; TaskMapper taskMapper; java.util.concurrent.ExecutorService pool;\n"
                + "    void run(List<ChargeTask> tasks) {\n        for (ChargeTask t : tasks) {\n"
                + "            pool.submit(() -> {\n" + t.get(19) + "\n                return null;\n            });\n"
                + "        }\n    }\n"
                + "    int chargeOne(ChargeTask t) {\n" + t.get(38) + "\n        return 1;\n    }\n"
                + "    boolean claimAndCharge(ChargeTask t) {\n" + t.get(44) + "\n        return true;\n    }\n}\n"
                + "class Rest { String postForObject(String u, Object o, Class<?> c) { return null; } }\n"
                + "class TaskMapper { int claim(long id) { return 1; } int markDone(long id) { return 1; } }\n"
                + "class ChargeTask { Long getId() { return 1L; } java.math.BigDecimal getAmount() { return null; } }\n");
    }
}
