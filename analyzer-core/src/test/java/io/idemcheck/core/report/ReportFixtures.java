package io.idemcheck.core.report;

import io.idemcheck.core.finding.Diagnostic;
import io.idemcheck.core.finding.Finding;
import io.idemcheck.core.finding.Fingerprints;
import io.idemcheck.core.finding.Fix;
import io.idemcheck.core.finding.Location;
import io.idemcheck.core.finding.ScanResult;
import io.idemcheck.core.finding.ScanStats;
import io.idemcheck.core.finding.Severity;
import io.idemcheck.core.finding.RuleDescriptor;

import java.nio.file.Path;
import java.util.List;

/** Hand-made scan results for report and CLI tests (shared through analyzer-core's test-jar). */
public final class ReportFixtures {

    public static final String PAY_JOB = "src/main/java/com/acme/Pay Job.java";
    public static final String UNICODE = "src/main/java/com/acme/Ünïcödé.java";
    public static final String MAPPER_XML = "src/main/resources/mapper/TaskMapper.xml";

    public static final RuleDescriptor IDEM001 = new RuleDescriptor("IDEM001", "SideEffectBeforeStatusRecord",
            "External side effect happens before the task's status is recorded", Severity.WARNING,
            List.of("idempotency", "batch"), "high",
            "# SideEffectBeforeStatusRecord\n\nA job that performs an **external side effect** (a payment, an e-mail) "
                    + "and only afterwards records `DONE` repeats the side effect when it is restarted.\n\n"
                    + "## Fix\n\nRecord a claim first; see [the runtime](https://example.org/runtime).\n\n"
                    + "```java\nclaim(task);\ncharge(card);\n```\n");
    public static final RuleDescriptor IDEM002 = new RuleDescriptor("IDEM002", "InsertWithoutNaturalKey",
            "INSERT without a natural key duplicates rows on restart", Severity.ERROR, List.of("sql"), "medium", "");
    public static final RuleDescriptor IDEM003 = new RuleDescriptor("IDEM003", "NonDeterministicSelection",
            "Selection of work depends on the clock", Severity.NOTE, List.of(), "low",
            "# NonDeterministicSelection\n\nThe set of rows depends on `now()`.\n");

    private ReportFixtures() {
    }

    /** The rules in id order. */
    public static List<RuleDescriptor> rules() {
        return List.of(IDEM001, IDEM002, IDEM003);
    }

    /** IDEM001 (warning) in a path with a space, with two related locations, a three-step flow and a template fix. */
    public static Finding sideEffect() {
        Location charge = new Location(PAY_JOB, 42, 9, 42, 30, null);
        return new Finding("IDEM001", "SideEffectBeforeStatusRecord", Severity.WARNING,
                "payments.charge(card) runs before the task is marked DONE; a crash in between charges again on restart",
                charge,
                List.of(new Location(PAY_JOB, 47, 9, 47, 40, "status DONE written here"),
                        new Location(MAPPER_XML, 12, 5, 14, 11, "UPDATE task SET status = 'DONE'")),
                List.of(charge.withLabel("charge() performs the payment"),
                        new Location(PAY_JOB, 44, 9, 44, 20, "a crash here leaves the task PENDING"),
                        new Location(PAY_JOB, 47, 9, 47, 40, "status DONE written")),
                "com.acme.PayJob#run(List)",
                Fingerprints.of("IDEM001", PAY_JOB, "com.acme.PayJob#run(List)", "payments.charge(card)", 0),
                Fix.of("Claim the task (status IN_PROGRESS) before charging, and pass an idempotency key",
                        "tasks.claim(task.id());\npayments.charge(card, task.idempotencyKey());"),
                "        payments.charge(card);");
    }

    /** IDEM002 (error) in a unicode path, with a fix that has two mechanical edits and no snippet. */
    public static Finding insert() {
        Location ins = new Location(UNICODE, 7, 5, 7, 48, null);
        return new Finding("IDEM002", "InsertWithoutNaturalKey", Severity.ERROR,
                "INSERT INTO ledger has no natural key; a restart inserts the row twice", ins, List.of(), List.of(),
                "com.acme.Ünïcödé#save()",
                Fingerprints.of("IDEM002", UNICODE, "com.acme.Ünïcödé#save()", "INSERT INTO ledger", 0),
                new Fix("Use an upsert keyed by the task id", null,
                        List.of(new Fix.Edit(new Location(UNICODE, 7, 20, 7, 26, null), "INSERT INTO ledger ON CONFLICT"),
                                new Fix.Edit(new Location(UNICODE, 9, 1, 9, 1, null), "// keyed\n"))),
                null);
    }

    /** IDEM003 (note) with no related locations, no flow, no fix, no snippet, no fingerprint. */
    public static Finding clock() {
        return new Finding("IDEM003", "NonDeterministicSelection", Severity.NOTE,
                "work is selected with now(); a restart picks a different set", new Location(PAY_JOB, 20, 13, 20, 24, null),
                List.of(), List.of(), "", null, null, "\tList<Task> t = select(now());");
    }

    public static ScanStats stats() {
        return new ScanStats(12, 3, 11, 1, 2, 400);
    }

    /** Diagnostics: a parse error (blocks analysis), a Kotlin file not analysed, a run-level note. */
    public static List<Diagnostic> diagnostics() {
        return List.of(new Diagnostic(Diagnostic.Kind.PARSE_ERROR, "src/main/java/com/acme/Broken.java", 3, 14,
                        "';' expected"),
                new Diagnostic(Diagnostic.Kind.NOT_ANALYSED, "src/main/kotlin/A.kt", 0, 0, "Kotlin is not analysed"),
                new Diagnostic(Diagnostic.Kind.INFO, null, 0, 0, "call-graph depth limit 12 reached"));
    }

    /** All three findings (deliberately not in report order), the diagnostics and the stats. */
    public static ScanResult full(Path sourceRoot) {
        return new ScanResult(sourceRoot, rules(), List.of(sideEffect(), insert(), clock()), diagnostics(), stats());
    }

    /** A result with these findings and diagnostics. */
    public static ScanResult of(Path sourceRoot, List<Finding> findings, List<Diagnostic> diagnostics) {
        return new ScanResult(sourceRoot, rules(), findings, diagnostics, stats());
    }

    /** No findings, no diagnostics. */
    public static ScanResult clean(Path sourceRoot) {
        return new ScanResult(sourceRoot, rules(), List.of(), List.of(), new ScanStats(5, 1, 5, 0, 0, 120));
    }

    /** One parse error and no findings. */
    public static Diagnostic parseError() {
        return diagnostics().get(0);
    }
}
