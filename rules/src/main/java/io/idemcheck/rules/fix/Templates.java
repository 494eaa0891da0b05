package io.idemcheck.rules.fix;

import java.util.List;
import java.util.Locale;

import static io.idemcheck.core.util.Texts.oneLine;

/**
 * Code templates for fixes that need a human decision, written against the runtime library
 * ({@code io.idemcheck.runtime}: {@code TaskClaimer}, {@code IdempotencyKeys}, {@code IdempotencyLedger},
 * {@code CrashPoints}) or plain SQL, with the user's names filled in. Every Java template compiles against the
 * runtime jar once the user's own names exist (see {@code TemplatesCompileTest}). Templates are statements (or a whole
 * class where noted), without a trailing newline; the first line is a comment naming what to import.
 */
public final class Templates {

    /** The import line the runtime templates start with. */
    public static final String RUNTIME_IMPORTS = "// import io.idemcheck.runtime.*; import java.util.Optional;";

    private Templates() {
    }

    /**
     * What the claim/key/ledger template needs from the user's code; {@code keyNote} is a comment line put above the
     * effect (what {@code k} replaced in it, {@link ItemKeys#ledgerNote}), or null.
     */
    public record ClaimSpec(String itemVar, String idExpr, List<String> keyParts, String namespace,
                            String effectCall, String recordCall, String exit, String keyNote) {

        /** A spec without a key note. */
        public ClaimSpec(String itemVar, String idExpr, List<String> keyParts, String namespace, String effectCall,
                         String recordCall, String exit) {
            this(itemVar, idExpr, keyParts, namespace, effectCall, recordCall, exit, null);
        }
    }

    /**
     * IDEM001/IDEM004: claim the row, derive the key from the item, run the effect through the ledger once, complete
     * the claim (or fail it, which counts toward the retry ceiling). The runtime objects are {@code taskClaimer}
     * (a {@code TaskClaimer} over the task table), {@code ledger} (an {@code IdempotencyLedger}) and
     * {@code workerId} (this worker's name).
     */
    public static String claimKeyLedger(ClaimSpec s) {
        String parts = String.join(", ", s.keyParts());
        return String.join("\n",
                RUNTIME_IMPORTS,
                "// 1. claim the row (PENDING -> RUNNING, fenced on owner and attempt); committed before the effect",
                "Optional<Claim> claim = taskClaimer.claim(" + s.idExpr() + ", workerId);",
                "if (!claim.isPresent()) {",
                "    " + s.exit() + " // another run owns this row or already finished it",
                "}",
                "// 2. a key derived from the item's identity: the same item always gets the same key",
                "String key = IdempotencyKeys.of(\"" + s.namespace() + "\", " + parts + ");",
                "try {",
                "    // 3. the effect runs at most once per key; pass k downstream as its idempotency key",
                "    ledger.runOnce(key, IdempotencyKeys.fingerprint(" + parts + "), " + s.idExpr() + ", k -> {"
                        + (s.keyNote() == null ? "" : "\n        " + s.keyNote()),
                "        " + stripSemicolon(s.effectCall()) + ";",
                "        return null;",
                "    });",
                "    CrashPoints.hit(CrashPoints.AFTER_EFFECT_BEFORE_RECORD);",
                "    // 4. record the outcome, fenced on the claim",
                "    taskClaimer.complete(claim.get()); // replaces: " + oneLine(s.recordCall()),
                "} catch (RuntimeException e) {",
                "    taskClaimer.fail(claim.get(), e); // PENDING again, or DEAD at the retry ceiling",
                "}");
    }

    /** IDEM005 (and IDEM003's callers): act only when the conditional update changed one row. */
    public static String rowCountCheck(String callText, String exit, boolean booleanResult) {
        String call = stripSemicolon(code(callText));
        return String.join("\n",
                "if (" + (booleanResult ? "!" + call : call + " != 1") + ") {",
                "    " + exit + " // another run owns or finished this row",
                "}");
    }

    /**
     * IDEM003: the UPDATE conditional on the state it leaves, and the caller acting on the row count.
     *
     * @param fromStatus the expected current status as SQL (a literal or a placeholder), e.g. {@code 'PENDING'}
     */
    public static String conditionalStatusUpdate(String table, String column, String placeholder, String fromStatus,
                                                 String callText, String exit) {
        return String.join("\n",
                "-- make the transition conditional on the state it starts from:",
                "UPDATE " + table + " SET " + column + " = <new> WHERE id = " + placeholder + " AND " + column + " = "
                        + fromStatus,
                "// and act only when this caller made the transition:",
                rowCountCheck(callText, exit, false));
    }

    /**
     * IDEM002: one transaction per item ({@code TransactionTemplate} from spring-tx), so one failing item rolls back
     * alone and every item commits before the next starts.
     */
    public static String perItemTransaction(String loopVar, String bodyCallText) {
        return String.join("\n",
                "// one transaction per item (a TransactionTemplate bean): " + loopVar + "'s writes commit together,",
                "// and a failure rolls back " + loopVar + " only",
                "transactionTemplate.executeWithoutResult(txStatus -> {",
                "    " + stripSemicolon(code(bodyCallText)) + ";",
                "});");
    }

    /**
     * IDEM002, the bean variant: the per-item work moved to a bean of its own whose method runs in a new
     * transaction (a call through the proxy; a self-call would not start one). A whole class.
     */
    public static String requiresNewBean(String packageName, String beanClass, String method, String itemType,
                                         String itemVar, String bodyText) {
        return String.join("\n",
                packageName == null || packageName.isEmpty() ? "" : "package " + packageName + ";\n",
                "import org.springframework.stereotype.Service;",
                "import org.springframework.transaction.annotation.Propagation;",
                "import org.springframework.transaction.annotation.Transactional;",
                "",
                "/** One item per transaction: inject this bean into the job and call " + method + " for each item. */",
                "@Service",
                "public class " + beanClass + " {",
                "",
                "    @Transactional(propagation = Propagation.REQUIRES_NEW)",
                "    public void " + method + "(" + itemType + " " + itemVar + ") {",
                "        " + stripSemicolon(code(bodyText)) + ";",
                "    }",
                "}").strip();
    }

    /**
     * IDEM006: a retry ceiling. The task table gets a fixed ceiling (or keep its {@code max_attempts} column), and a
     * failure goes through {@code TaskClaimer.fail}, which returns the row to PENDING or, at the ceiling, to DEAD.
     */
    public static String boundedRetry(String table, int maxAttempts, String effectCall) {
        return String.join("\n",
                RUNTIME_IMPORTS,
                "// at most " + maxAttempts + " attempts per row; then it is DEAD (dead-letter) instead of retried forever",
                "TaskClaimer taskClaimer = new TaskClaimer(dataSource, TaskTable.builder(\"" + table + "\").maxAttempts("
                        + maxAttempts + ")",
                "        // no retry-time column yet: a failed row is retried at once. Add not_before (docs/runtime.md,"
                        + " 'Upgrading') and drop this line to retry after a backoff",
                "        .noNotBeforeColumn()",
                "        .build());",
                "Optional<Claim> claim = taskClaimer.claim(id, workerId);",
                "if (claim.isPresent()) {",
                "    try {",
                "        " + stripSemicolon(code(effectCall)) + ";",
                "        taskClaimer.complete(claim.get());",
                "    } catch (RuntimeException e) {",
                "        Outcome outcome = taskClaimer.fail(claim.get(), e); // RETRY_PENDING, or DEAD at the ceiling",
                "    }",
                "}");
    }

    /**
     * IDEM008: bring back rows whose worker died mid-item, on a schedule ({@code @Scheduled} from spring-context;
     * any scheduler works).
     */
    public static String recoverExpired(String claimerVar, int leaseMinutes) {
        return String.join("\n",
                RUNTIME_IMPORTS,
                "// RUNNING rows without a heartbeat for " + leaseMinutes + " minutes go back to PENDING (DEAD at the "
                        + "retry ceiling)",
                "@Scheduled(fixedDelay = 60_000)",
                "public void recoverExpiredClaims() {",
                "    RecoveryCounts counts = " + claimerVar + ".recoverExpired(Duration.ofMinutes(" + leaseMinutes
                        + "));",
                "}");
    }

    /** IDEM008 without the runtime library: the same sweep in SQL (database clock; PostgreSQL interval syntax). */
    public static String sqlSweep(String table, String statusColumn, String running, String pending,
                                  String modifiedColumn, int leaseMinutes) {
        return "UPDATE " + table + " SET " + statusColumn + " = " + Recipes.sqlLiteral(pending) + ", "
                + modifiedColumn + " = CURRENT_TIMESTAMP\n WHERE " + statusColumn + " = " + Recipes.sqlLiteral(running)
                + "\n   AND " + modifiedColumn + " < CURRENT_TIMESTAMP - INTERVAL '" + leaseMinutes + " minutes';";
    }

    /** IDEM011: the unique constraint that makes a second insert of the same business key fail. */
    public static String uniqueConstraint(String table, List<String> columns) {
        String name = ("uk_" + table + "_" + String.join("_", columns)).toLowerCase(Locale.ROOT)
                .replaceAll("[^a-z0-9_]", "_");
        if (name.length() > 63) {
            name = name.substring(0, 63);
        }
        return "ALTER TABLE " + table + " ADD CONSTRAINT " + name + " UNIQUE (" + String.join(", ", columns) + ");";
    }

    /**
     * IDEM007: a kill-midway test skeleton ({@code idemcheck-runtime-test}): the job runs in a child JVM, is killed at
     * the crash point between the effect and the record, recovered, restarted, and the test asserts the effect ran
     * once. A whole class, named {@code <Job>KillMidwayTest}, in the job's package.
     */
    public static String killMidwayTest(String jobFqn, String jobMethod, String effectCall, String recordCall) {
        return killMidwayTest(jobFqn, jobMethod, effectCall, recordCall, null);
    }

    /**
     * IDEM007 with a named crash point: the test arms {@code crashPoint} (e.g. {@code "after-charge"}, the one
     * {@link Recipes#insertCrashPoint} puts between the effect and the record); null means
     * {@code CrashPoints.AFTER_EFFECT_BEFORE_RECORD}.
     */
    public static String killMidwayTest(String jobFqn, String jobMethod, String effectCall, String recordCall,
                                        String crashPoint) {
        String point = crashPoint == null ? "CrashPoints.AFTER_EFFECT_BEFORE_RECORD"
                : "\"" + crashPoint.replace("\\", "\\\\").replace("\"", "\\\"") + "\"";
        int dot = jobFqn.lastIndexOf('.');
        String pkg = dot < 0 ? "" : jobFqn.substring(0, dot);
        String job = jobFqn.substring(dot + 1);
        return String.join("\n",
                pkg.isEmpty() ? "" : "package " + pkg + ";\n",
                "import static org.junit.jupiter.api.Assertions.assertEquals;",
                "",
                "import io.idemcheck.runtime.CrashPoints;",
                "import io.idemcheck.runtime.test.KillMidwayRecovery;",
                "import io.idemcheck.runtime.test.KillMidwayRun;",
                "import io.idemcheck.runtime.test.KillMidwayTest;",
                "import io.idemcheck.runtime.test.KillMidwayVariables;",
                "import java.util.Map;",
                "",
                "/**",
                " * Kills " + job + "." + jobMethod + "() between " + oneLine(effectCall) + " and " + oneLine(recordCall)
                        + ",",
                " * restarts it, and checks that the effect happened once. Put",
                " * {@code CrashPoints.hit(" + point + ");} between the two calls.",
                " */",
                "class " + job + "KillMidwayTest {",
                "",
                "    /** Runs in the child JVMs: wire the job as production does and run it once. */",
                "    public static final class Main {",
                "        public static void main(String[] args) throws Exception {",
                "            // args[0] is the JDBC URL; build " + job + " with its real dependencies, then:",
                "            // new " + job + "(...)." + jobMethod + "();",
                "        }",
                "    }",
                "",
                "    @KillMidwayVariables",
                "    Map<String, String> vars() {",
                "        return Map.of(\"jdbcUrl\", \"jdbc:h2:file:./target/kill-midway;AUTO_SERVER=TRUE\");",
                "    }",
                "",
                "    @KillMidwayRecovery",
                "    void recover() {",
                "        // e.g. taskClaimer.recoverExpired(java.time.Duration.ZERO);",
                "    }",
                "",
                "    @KillMidwayTest(job = Main.class, crashPoint = " + point + ", "
                        + "args = {\"${jdbcUrl}\"})",
                "    void effectHappensOnceAcrossAKill(KillMidwayRun run) {",
                "        assertEquals(137, run.crashExitCode(), run.describe());",
                "        assertEquals(0, run.restartExitCode(), run.describe());",
                "        // assert each item's effect happened exactly once, e.g. count the downstream's records",
                "    }",
                "}").strip();
    }

    /**
     * IDEM010 (and other effects that only need a key): the key derived from the item, and the effect run once per
     * key through the runtime's ledger ({@code ledger}, an {@code IdempotencyLedger}); {@code k} is the key to hand to
     * the downstream.
     */
    public static String keyLedger(String namespace, List<String> keyParts, String businessId, String effectCall) {
        return keyLedger(namespace, keyParts, businessId, effectCall, null);
    }

    /**
     * {@link #keyLedger(String, List, String, String)} with {@code keyNote}, the comment line above the effect about
     * the key it sent ({@link ItemKeys#ledgerNote}), in place of the general "pass k" line; null for that line.
     */
    public static String keyLedger(String namespace, List<String> keyParts, String businessId, String effectCall,
                                   String keyNote) {
        String parts = String.join(", ", keyParts);
        return String.join("\n",
                RUNTIME_IMPORTS,
                "// the same item gets the same key on every attempt (never a random UUID or a timestamp)",
                "String key = IdempotencyKeys.of(\"" + namespace + "\", " + parts + ");",
                "// the effect runs at most once per key; a retry gets the first outcome back. Pass k downstream too",
                "// (an Idempotency-Key header, the provider's idempotency key or request id, the record key)",
                "ledger.runOnce(key, IdempotencyKeys.fingerprint(" + parts + "), " + businessId + ", k -> {",
                keyNote != null ? "    " + keyNote
                        : "    // pass k to the downstream as its idempotency key (an extra argument or header of this call)",
                "    " + stripSemicolon(code(effectCall)) + ";",
                "    return null;   // or the downstream's reference: the ledger stores it and replays it on a retry",
                "});");
    }

    /**
     * IDEM004: the in-memory status check replaced by a claim in the database: the runtime's
     * {@code TaskClaimer.claim} (PENDING -> RUNNING, fenced), or a conditional UPDATE whose row count is checked.
     *
     * @param guardText the user's check, quoted in a comment
     * @param idExpr    the row's id in the user's terms ({@code order.getId()})
     * @param actCall   the first call that acts on the checked status
     * @param table     the table the status lives in (or a placeholder)
     * @param exit      {@code continue;} in a loop, {@code return;} otherwise
     */
    public static String claimInsteadOfCheck(String guardText, String idExpr, String actCall, String table,
                                             String exit) {
        return String.join("\n",
                RUNTIME_IMPORTS,
                "// instead of the in-memory check `" + oneLine(guardText) + "`: claim the row in the database",
                "Optional<Claim> claim = taskClaimer.claim(" + idExpr + ", workerId); // PENDING -> RUNNING, or empty",
                "if (!claim.isPresent()) {",
                "    " + exit + " // another instance or an earlier run already took it",
                "}",
                stripSemicolon(code(actCall)) + ";",
                "taskClaimer.complete(claim.get()); // or taskClaimer.fail(claim.get(), e) when it throws",
                "// without the runtime library: a conditional UPDATE whose row count is checked",
                "// UPDATE " + table + " SET status = 'RUNNING' WHERE id = ? AND status = 'PENDING'",
                "// if (<that update>(" + idExpr + ") != 1) { " + exit + " }");
    }

    /**
     * IDEM006 for retry settings (library calls, annotations, configuration): the setting with a finite ceiling and
     * where the exhausted item goes.
     *
     * @param comment  the comment marker of the file ({@code //} for Java, {@code #} for properties and YAML)
     * @param instead  what the user wrote (quoted in a comment)
     * @param bounded  the same setting with a ceiling
     * @param deadEnd  what happens after the last attempt (dead-letter queue, DEAD state)
     */
    public static String boundedRetrySetting(String comment, String instead, String bounded, String deadEnd) {
        return String.join("\n",
                comment + " instead of: " + oneLine(instead),
                bounded,
                comment + " after the last attempt: " + deadEnd);
    }

    /**
     * IDEM006 for a retry setting in application.yml / .properties: the same key with a ceiling, and the dead-letter
     * setting of that broker.
     */
    public static String retryConfig(String path, String key, String value) {
        boolean props = path != null && path.endsWith(".properties");
        String sep = props ? "=" : ": ";
        String k = key.toLowerCase(Locale.ROOT).replace("-", "");
        String bounded;
        String dead;
        if (k.endsWith("defaultrequeuerejected") || k.endsWith("requeuerejected")) {
            String prefix = key.substring(0, key.lastIndexOf('.') + 1);
            bounded = key + sep + "false\n" + (k.startsWith("spring.rabbitmq") ? prefix + "retry.enabled" + sep
                    + "true\n" + prefix + "retry.max-attempts" + sep + "3" : prefix + "auto-bind-dlq" + sep + "true");
            dead = "the rejected message goes to the queue's dead-letter exchange (x-dead-letter-exchange)";
        } else if (k.contains("cloud.stream")) {
            bounded = key + sep + "5\n" + key.replaceAll("(?i)\\.consumer\\..*$", "").replace("spring.cloud.stream.",
                    "spring.cloud.stream.rabbit.") + ".consumer.auto-bind-dlq" + sep + "true";
            dead = "the binder publishes the message to the binding's DLQ (auto-bind-dlq, or enable-dlq for Kafka)";
        } else if (k.contains("kafka")) {
            bounded = key + sep + "4";
            dead = "the record goes to the -dlt topic (@DltHandler to alert)";
        } else if (k.startsWith("resilience4j")) {
            bounded = key + sep + "3";
            dead = "the last failure reaches the @Retry's fallbackMethod, which records the item as FAILED/DEAD";
        } else if (value.contains("maximumRedeliveries")) {
            bounded = key + sep + value.replaceAll("maximumRedeliveries=-?\\d+", "maximumRedeliveries=5");
            dead = "after the last redelivery the broker moves the message to its dead-letter queue (ActiveMQ.DLQ)";
        } else {
            bounded = key + sep + "5";
            dead = "the message is rejected without requeue and kept in a dead-letter queue";
        }
        return boundedRetrySetting("#", key + sep + value, bounded, dead);
    }

    /**
     * {@code s}, the user's code, on one line for a template: its {@code //} comments dropped first (on one line, such
     * a comment would swallow the code after it, and the template would not compile), never inside a string, character
     * or text-block literal; then {@link io.idemcheck.core.util.Texts#oneLine}.
     */
    static String code(String s) {
        if (s == null) {
            return "";
        }
        StringBuilder out = new StringBuilder(s.length());
        char quote = 0; // '"', '\'', or 'T' in a text block
        for (int i = 0; i < s.length(); i++) {
            char ch = s.charAt(i);
            if (quote == 'T') {
                if (s.startsWith("\"\"\"", i)) {
                    out.append("\"\"");
                    i += 2;
                    quote = 0;
                } else if (ch == '\\' && i + 1 < s.length()) {
                    out.append(ch);
                    ch = s.charAt(++i);
                }
            } else if (quote != 0) {
                if (ch == '\\' && i + 1 < s.length()) {
                    out.append(ch);
                    ch = s.charAt(++i);
                } else if (ch == quote) {
                    quote = 0;
                }
            } else if (s.startsWith("\"\"\"", i)) {
                out.append("\"\"");
                i += 2;
                quote = 'T';
            } else if (ch == '"' || ch == '\'') {
                quote = ch;
            } else if (s.startsWith("//", i)) {
                while (i < s.length() && s.charAt(i) != '\n' && s.charAt(i) != '\r') {
                    i++;
                }
                if (i < s.length()) {
                    out.append(s.charAt(i));
                }
                continue;
            }
            out.append(ch);
        }
        return oneLine(out.toString());
    }

    static String stripSemicolon(String s) {
        String t = s.strip();
        return t.endsWith(";") ? t.substring(0, t.length() - 1) : t;
    }
}
