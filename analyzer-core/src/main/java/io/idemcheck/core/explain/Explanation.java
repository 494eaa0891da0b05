package io.idemcheck.core.explain;

import io.idemcheck.core.summary.Evidence;

import java.util.List;

/**
 * What {@code idemcheck explain FILE[:LINE]} reports: for each method at the location, what every call in it is taken
 * to be and why, the method's summary, whether it runs unattended, and each rule's verdict on it. Serialised as is by
 * {@link ExplainJsonWriter} (the JSON shape is documented in docs/explain.md) and printed by
 * {@link ExplainTextWriter}. Lines and columns are 1-based; paths are relative to {@code sourceRoot}, '/' separated.
 *
 * @param schemaVersion the version of this shape (1)
 * @param tool          "idemcheck &lt;version&gt;"
 * @param sourceRoot    absolute directory the paths are relative to
 * @param project       the scanned project directory, relative to {@code sourceRoot} ("" for the root itself)
 * @param file          the explained file
 * @param line          the requested line, or null when the whole file is explained
 * @param methods       the methods at the line (the innermost ones enclosing it), or every method of the file, in
 *                      source order
 * @param diagnostics   the scan's diagnostics about this file (parse problems, unreadable SQL), as "line: message"
 */
public record Explanation(int schemaVersion, String tool, String sourceRoot, String project, String file,
                          Integer line, List<Method> methods, List<String> diagnostics) {

    /** The version of the JSON shape; raised when a field changes meaning or goes away. */
    public static final int SCHEMA_VERSION = 1;

    public Explanation {
        methods = List.copyOf(methods);
        diagnostics = List.copyOf(diagnostics);
    }

    /**
     * One method.
     *
     * @param id         "com.acme.Job#run(List)", as in the findings' fingerprints
     * @param name       "NoonSettlementJob.run()"
     * @param path       its file
     * @param startLine  first line of the declaration (annotations included)
     * @param endLine    last line
     * @param test       test code (rules skip it, except where they look for tests)
     * @param runs       whether it is a job entry point or reachable from one
     * @param summary    what calling it does
     * @param calls      every call in its body, in evaluation order (arguments before the call they are passed to)
     * @param rules      each rule's verdict on it, in rule id order
     */
    public record Method(String id, String name, String path, int startLine, int endLine, boolean test, Runs runs,
                         Summary summary, List<Call> calls, List<RuleVerdict> rules) {
        public Method {
            calls = List.copyOf(calls);
            rules = List.copyOf(rules);
        }
    }

    /**
     * Whether a method runs unattended.
     *
     * @param entryPoint why it is a job entry point ("@Scheduled", "Quartz Job.execute", "main()"), or null
     * @param reachable  it is an entry point or main code reachable from one through the call graph
     * @param chain      for a reachable method that is no entry point: one shortest call chain from an entry point
     *                   down to it, entry point first, each step at the call that leads on; empty otherwise
     */
    public record Runs(String entryPoint, boolean reachable, List<Hop> chain) {
        public Runs {
            chain = List.copyOf(chain);
        }
    }

    /**
     * A place in a chain: a call site, or a method on the way.
     *
     * @param path   file
     * @param line   line
     * @param column column, or 0 when unknown
     * @param label  what happens there ("doBusiness() calls SettlementService.settle()")
     */
    public record Hop(String path, int line, int column, String label) {
    }

    /**
     * What calling the method does (its {@link io.idemcheck.core.summary.MethodSummary} and more).
     *
     * @param writesDatabase   it writes the database, itself or through the methods it calls
     * @param transaction      the transaction declaration that applies ("@Transactional on the method"), or null
     * @param record           how it records an item's state (itself or through callees), or null
     * @param recordEvidence   what made that a record, or null
     * @param returnsClaim     it returns the result of a conditional claim
     * @param opaque           it calls code the engine cannot see into, so "no effect" is not proof
     * @param unrecordedEffects effects still unrecorded when it returns (passed up to its callers), at most 8
     * @param reaches          every effect its calls perform or reach, transitively, each with its chain down to
     *                         the call that performs it and where a callee records it on the way ({@link
     *                         Effect#recorded()})
     */
    public record Summary(boolean writesDatabase, String transaction, String record, Evidence recordEvidence,
                          boolean returnsClaim, boolean opaque, List<Effect> unrecordedEffects,
                          List<Effect> reaches) {
        public Summary {
            unrecordedEffects = List.copyOf(unrecordedEffects);
            reaches = List.copyOf(reaches);
        }
    }

    /**
     * A side effect and how it is reached.
     *
     * @param kind     "payment", "http", "message", "mail", "order", "db-insert"
     * @param verb     what repeating it does ("charges the customer again")
     * @param leaf     the call that performs it ("RestTemplate.postForObject")
     * @param basis    what recognised it: "config", "catalog", "annotation", "sql", "name"
     * @param evidence the entry that recognised the leaf, or null
     * @param keyParam the parameter of the method whose value keys the effect, or -1
     * @param chain    the call sites from the method down to the leaf, each labelled
     * @param recorded in {@link Summary#reaches()}: where a callee on the chain records (or protects) the effect
     *                 before it returns to the method ("recorded in RewardJob.grantAll() by mapper.insert() at
     *                 Job.java:22"); null when it reaches the method unrecorded, and everywhere else
     */
    public record Effect(String kind, String verb, String leaf, String basis, Evidence evidence, int keyParam,
                         List<Hop> chain, String recorded) {
        public Effect {
            chain = List.copyOf(chain);
        }
    }

    /**
     * One call and what it is taken to be.
     *
     * @param line     line
     * @param column   column
     * @param call     short name ("taskMapper.updateStatus()")
     * @param text     source text (at most 300 characters)
     * @param receiver the receiver's resolved type (fully qualified when known) and where it comes from:
     *                 "PROJECT", "LIBRARY", "EXTERNAL" or "UNKNOWN"
     * @param targets  project methods it may run (ids), several for an interface with several implementations
     * @param roles    what it does for the rules: effect, record, claim, key, lock, read, write; empty for none
     * @param sql      the SQL statements it runs, as far as visible
     * @param context  where it runs, as the rules see it: in a loop, a catch block, a lambda handed to another
     *                 thread, while a lock is held, guarded by a claim
     */
    public record Call(int line, int column, String call, String text, Receiver receiver, List<String> targets,
                       List<Role> roles, List<Sql> sql, List<String> context) {
        public Call {
            targets = List.copyOf(targets);
            roles = List.copyOf(roles);
            sql = List.copyOf(sql);
            context = List.copyOf(context);
        }
    }

    /**
     * A call's receiver type.
     *
     * @param type fully qualified name when resolved, else as written, "?" when unknown
     * @param kind "PROJECT", "LIBRARY" (a catalog library package), "EXTERNAL" (imported, not scanned, not known)
     *             or "UNKNOWN"
     */
    public record Receiver(String type, String kind) {
    }

    /**
     * One role of a call.
     *
     * @param role     "effect", "record", "claim", "key" (carries an idempotency key derived from the item), "lock"
     *                 (takes a distributed lock), "read" (runs a SELECT), "write" (writes the database, neither
     *                 effect nor record)
     * @param detail   what it does, in words
     * @param evidence what decided it (catalog entry, idemcheck.yml line, SQL statement, name pattern), or null when
     *                 the engine does not record it for this role
     * @param effect   for "effect": the effect with its chain; else null
     */
    public record Role(String role, String detail, Evidence evidence, Effect effect) {
    }

    /**
     * A SQL statement a call runs.
     *
     * @param id     the mapper statement id or "Type#method"
     * @param source where the text comes from ("MAPPER_XML", "MYBATIS_ANNOTATION", "JDBC_STRING", ...)
     * @param path   the file that holds the text
     * @param line   its line
     * @param kind   "SELECT", "INSERT", "UPSERT", "UPDATE", "DELETE", "OTHER" or "UNKNOWN" (not parsed)
     * @param table  the target table, or null
     * @param text   the SQL text of its first shape (placeholders replaced), at most 300 characters
     */
    public record Sql(String id, String source, String path, int line, String kind, String table, String text) {
    }

    /**
     * A rule's verdict on the method.
     *
     * @param id         "IDEM001"
     * @param name       "SideEffectBeforeStatusRecord"
     * @param status     "fired" (a finding in the method), "suppressed" (only suppressed or baselined findings
     *                   there), "not-fired", or "off" (turned off in idemcheck.yml)
     * @param findings   the findings of the rule located in the method (or whose enclosing element it is)
     * @param suppressed the suppressed findings there, with their justification
     * @param elsewhere  findings of the rule located elsewhere that involve the method (a related location or a
     *                   step of their flow is in it)
     * @param explained  the rule explains its conditions ({@link io.idemcheck.core.rule.Rule#explain}); when false,
     *                   {@code steps} is empty and the verdict rests on the findings alone
     * @param steps      what the rule looked at and decided, in order
     * @param missing    the conditions that were missing, one per subject the rule did not fire on
     *                   ("doBusiness() (line 33): a record of the same item after it: ...")
     */
    public record RuleVerdict(String id, String name, String status, List<FindingRef> findings,
                              List<FindingRef> suppressed, List<FindingRef> elsewhere, boolean explained,
                              List<Step> steps, List<String> missing) {
        public RuleVerdict {
            findings = List.copyOf(findings);
            suppressed = List.copyOf(suppressed);
            elsewhere = List.copyOf(elsewhere);
            steps = List.copyOf(steps);
            missing = List.copyOf(missing);
        }
    }

    /**
     * A finding, in short.
     *
     * @param path          its primary location's file
     * @param line          line
     * @param column        column
     * @param severity      "error", "warning" or "note"
     * @param message       the full message
     * @param justification for a suppressed finding, what accepted it ("comment: downstream dedupes"); else null
     */
    public record FindingRef(String path, int line, int column, String severity, String message,
                             String justification) {
    }

    /**
     * One step of a rule's trace.
     *
     * @param kind    "held" (a condition that holds), "missing" (the condition that does not), "fired", "note"
     * @param line    the subject's line, 0 for the method as a whole
     * @param subject what it is about ("doBusiness()", "the job NoonSettlementJob.run()", "the method")
     * @param text    the condition or the context, in words
     */
    public record Step(String kind, int line, String subject, String text) {
    }
}
