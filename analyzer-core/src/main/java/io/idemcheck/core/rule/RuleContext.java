package io.idemcheck.core.rule;

import io.idemcheck.core.model.Project;
import io.idemcheck.core.finding.Finding;
import io.idemcheck.core.finding.Fingerprints;
import io.idemcheck.core.finding.Fix;
import io.idemcheck.core.finding.Location;
import io.idemcheck.core.finding.Severity;

import io.idemcheck.core.finding.Diagnostic;
import io.idemcheck.core.index.MethodRef;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Consumer;

/**
 * What a rule sees: the project model (through {@link #project()}) and a way to report findings. One context per
 * rule per scan.
 *
 * <p><b>Containment.</b> A rule checks each method inside {@link #forEachMethod} or {@link #onMethod}: an exception
 * thrown while checking one method loses that method only. It becomes one {@link Diagnostic.Kind#INTERNAL_ERROR}
 * diagnostic naming the rule, the method (file:line) and the exception, and the rule goes on with its next method;
 * the findings it reported on other methods stand. What a rule does outside these calls is contained by the engine
 * for the whole rule ({@link #failed}).
 */
public final class RuleContext {

    private final RuleInfo info;
    private final Project project;
    private final Consumer<Finding> sink;
    private final Consumer<io.idemcheck.core.finding.Diagnostic> notices;
    private final Map<String, Integer> occurrences = new HashMap<>();
    private final Set<String> failures = ConcurrentHashMap.newKeySet();
    private Object state;

    /**
     * @param info    metadata of the rule this context serves
     * @param project the project model handed to rules
     * @param sink    receives each finding
     */
    public RuleContext(RuleInfo info, Project project, Consumer<Finding> sink) {
        this(info, project, sink, d -> { });
    }

    /**
     * @param notices receives the rule's "could not be checked" notices (see {@link #couldNotCheck})
     */
    public RuleContext(RuleInfo info, Project project, Consumer<Finding> sink,
                       Consumer<io.idemcheck.core.finding.Diagnostic> notices) {
        this.info = info;
        this.project = project;
        this.sink = sink;
        this.notices = notices;
    }

    /**
     * Says once that this rule could not be checked on this scan (for example: no test sources, no SQL at all),
     * instead of guessing a finding per place. It becomes an INFO diagnostic (a SARIF tool execution notification),
     * not a finding: it says something about the scan, not about the code.
     *
     * @param at      where the question arose (the first job concerned), or null
     * @param message what could not be checked and what to scan to check it; the rule id is prefixed
     */
    public void couldNotCheck(Location at, String message) {
        notices.accept(new io.idemcheck.core.finding.Diagnostic(io.idemcheck.core.finding.Diagnostic.Kind.INFO,
                at == null ? null : at.path(), at == null ? 0 : at.startLine(), at == null ? 0 : at.startColumn(),
                info.id() + " " + info.name() + " could not be checked: " + message));
    }

    /**
     * The containment seam: runs {@code work}, this rule's check of method {@code m}. A {@link RuntimeException},
     * {@link StackOverflowError} or {@link AssertionError} thrown by it is caught and reported once (see
     * {@link #failed}); other methods and other rules are not affected. Safe to call from several threads.
     *
     * @return true when {@code work} completed, false when it failed (its partial findings stay reported)
     */
    public boolean onMethod(MethodRef m, Runnable work) {
        try {
            work.run();
            return true;
        } catch (RuntimeException | StackOverflowError | AssertionError e) {
            failed(m, e);
            return false;
        }
    }

    /** Runs {@code check} on each of {@code methods} in order, each one contained by {@link #onMethod}. */
    public void forEachMethod(Iterable<MethodRef> methods, Consumer<MethodRef> check) {
        for (MethodRef m : methods) {
            onMethod(m, () -> check.accept(m));
        }
    }

    /**
     * Reports that this rule failed with {@code e} on method {@code m} (null: outside any one method, the engine's
     * catch around the whole rule): one INTERNAL_ERROR diagnostic at the method's declaration, naming the rule, the
     * method and the exception with the frame that threw it. The same rule, method, exception class and frame are
     * reported once.
     */
    public void failed(MethodRef m, Throwable e) {
        StackTraceElement[] trace = e.getStackTrace();
        String frame = trace.length == 0 ? "" : " at " + trace[0];
        String method = m == null ? null : m.id();
        if (!failures.add(method + "|" + e.getClass().getName() + "|" + frame + "|" + (m == null ? e.getMessage() : ""))) {
            return;
        }
        String path = m == null ? null : m.file().relPath();
        int line = m == null || m.method().range() == null ? 0 : m.method().range().line();
        String where = m == null ? "" : " on " + method + " (" + path + ":" + line + ")";
        String what = e instanceof StackOverflowError ? e.getClass().getName()
                : String.valueOf(e).lines().findFirst().orElse(e.getClass().getName());
        notices.accept(new Diagnostic(Diagnostic.Kind.INTERNAL_ERROR, path, line, 0,
                "rule " + info.id() + " " + info.name() + " failed" + where + ": " + what + frame
                        + (m == null ? "; the rule's remaining work was lost" : "; this method was not checked by it"),
                info.id(), method));
    }

    /**
     * The rule's own state for this scan (what a {@link MethodRule} shares between its methods: project-wide
     * thresholds it computes once, what it already reported): made by {@code init} on the first call, the same object
     * on every later call with this context. Thread-safe; a rule keeps one state object per context.
     */
    @SuppressWarnings("unchecked")
    public synchronized <T> T state(java.util.function.Supplier<T> init) {
        if (state == null) {
            state = init.get();
        }
        return (T) state;
    }

    /** The project model: files, index, call semantics. */
    public Project project() {
        return project;
    }

    public RuleInfo info() {
        return info;
    }

    /** Starts a finding of this rule at {@code primary}. */
    public FindingBuilder finding(Location primary) {
        return new FindingBuilder(primary, this::emit);
    }

    /**
     * Starts a finding whose {@link FindingBuilder#report()} hands the builder to {@code target} instead of reporting
     * it: the method-rule driver collects a method's findings this way and {@link #emit emits} them in method order,
     * so fingerprints and order do not depend on which thread checked which method.
     */
    FindingBuilder deferredFinding(Location primary, Consumer<FindingBuilder> target) {
        return new FindingBuilder(primary, target);
    }

    /** The {@link FindingBuilder#once} keys of the findings reported so far. */
    private final Set<String> claimed = new HashSet<>();

    /**
     * Reports a finding built earlier: its fingerprint gets an occurrence index when the same construct repeats. A
     * finding whose {@link FindingBuilder#once} key an earlier finding of this context claimed is dropped.
     */
    void emit(FindingBuilder b) {
        if (b.once != null && !claimed.add(b.once)) {
            return;
        }
        String key = b.primary.path() + "|" + b.enclosing + "|" + b.construct.replaceAll("\\s+", " ");
        int occ = occurrences.merge(key, 1, Integer::sum) - 1;
        String fp = Fingerprints.of(info.id(), b.primary.path(), b.enclosing, b.construct, occ);
        sink.accept(new Finding(info.id(), info.name(), b.severity, b.message, b.primary, b.related, b.flow,
                b.enclosing, fp, b.fix, null));
    }

    /** Builder for one finding; {@link #report()} hands it to the engine. */
    public final class FindingBuilder {
        private final Location primary;
        private Severity severity = info.severity();
        private String message = "";
        private final List<Location> related = new ArrayList<>();
        private final List<Location> flow = new ArrayList<>();
        private String enclosing = "";
        private String construct = "";
        private Fix fix;
        private String once;
        private final Consumer<FindingBuilder> target;

        private FindingBuilder(Location primary, Consumer<FindingBuilder> target) {
            this.primary = primary;
            this.target = target;
        }

        public FindingBuilder severity(Severity s) {
            this.severity = s;
            return this;
        }

        public FindingBuilder message(String m) {
            this.message = m;
            return this;
        }

        public FindingBuilder related(Location l) {
            related.add(l);
            return this;
        }

        public FindingBuilder flow(Location l) {
            flow.add(l);
            return this;
        }

        /** Enclosing element for the fingerprint: "com.acme.Job#run(List)", a statement id, or a table. */
        public FindingBuilder enclosing(String e) {
            this.enclosing = e;
            return this;
        }

        /** Source text of the flagged construct, for the fingerprint (whitespace is normalised). */
        public FindingBuilder construct(String c) {
            this.construct = c;
            return this;
        }

        public FindingBuilder fix(Fix f) {
            this.fix = f;
            return this;
        }

        /**
         * Reports the finding only when no finding reported before it (in method order, for a {@link MethodRule})
         * had the same {@code key}: a place that several methods or detectors reach is reported once, by the first,
         * without the methods having to be checked one after another.
         */
        public FindingBuilder once(String key) {
            this.once = key;
            return this;
        }

        /** Reports the finding. The fingerprint gets an occurrence index when the same construct repeats. */
        public void report() {
            target.accept(this);
        }
    }
}
