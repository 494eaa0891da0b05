package io.idemcheck.core.explain;

import io.idemcheck.core.Version;
import io.idemcheck.core.config.ProjectConfig;
import io.idemcheck.core.facts.CallSite;
import io.idemcheck.core.facts.FileFacts;
import io.idemcheck.core.facts.Range;
import io.idemcheck.core.finding.Diagnostic;
import io.idemcheck.core.finding.Finding;
import io.idemcheck.core.finding.Location;
import io.idemcheck.core.finding.ScanResult;
import io.idemcheck.core.finding.SuppressedFinding;
import io.idemcheck.core.index.CallTarget;
import io.idemcheck.core.index.MethodRef;
import io.idemcheck.core.index.ProjectIndex;
import io.idemcheck.core.model.Project;
import io.idemcheck.core.rule.Rule;
import io.idemcheck.core.rule.RuleContext;
import io.idemcheck.core.rule.RuleInfo;
import io.idemcheck.core.rule.RuleTrace;
import io.idemcheck.core.summary.Semantics;

import java.nio.file.Path;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;

/**
 * Builds the {@link Explanation} of a file (or of the methods at one line of it) from a finished scan: the project
 * model the rules read, the scan's findings, and each rule's own account of its conditions ({@link Rule#explain}).
 * Stateless apart from its inputs; one instance per scan.
 */
public final class Explainer {

    private final Project project;
    private final ScanResult result;
    private final List<Rule> rules;
    private final ProjectConfig config;
    private final CallRoles roles;

    /**
     * @param project the project model of the scan (as the rules saw it)
     * @param result  the scan's result: its findings (after suppressions) and suppressed findings
     * @param rules   every rule available (also those the configuration turns off, shown as "off"), in id order
     * @param config  the project configuration the scan used
     */
    public Explainer(Project project, ScanResult result, List<Rule> rules, ProjectConfig config) {
        this.project = project;
        this.result = result;
        this.rules = List.copyOf(rules);
        this.config = config == null ? ProjectConfig.NONE : config;
        this.roles = new CallRoles(project.semantics(), project.sourceRoot());
    }

    /**
     * Explains the methods of {@code file} at {@code line} (the innermost methods whose declaration encloses it), or
     * every method of the file when {@code line} is null.
     *
     * @param file       the Java file, absolute and normalised
     * @param line       1-based line, or null
     * @param projectDir the scanned project directory (shown relative to the source root)
     * @throws IllegalArgumentException when the file was not analysed (excluded, not parsed: the message says which)
     *                                  or no method encloses the line (the message lists the file's methods)
     */
    public Explanation explain(Path file, Integer line, Path projectDir) {
        Path root = project.sourceRoot();
        String rel = root.relativize(file).toString().replace('\\', '/');
        if (!rel.endsWith(".java")) {
            return reportedIn(rel, line, projectDir);
        }
        FileFacts facts = project.files().stream().filter(f -> f.relPath().equals(rel)).findFirst().orElse(null);
        List<String> diagnostics = result.diagnostics().stream().filter(d -> rel.equals(d.path()))
                .map(d -> (d.line() > 0 ? "line " + d.line() + ": " : "") + (d.kind() == Diagnostic.Kind.INFO ? ""
                        : d.kind().name().toLowerCase(Locale.ROOT).replace('_', ' ') + ": ") + d.message()).toList();
        if (facts == null) {
            String why = result.diagnostics().stream().filter(d -> rel.equals(d.path()) && d.kind().blocksAnalysis())
                    .map(Diagnostic::message).findFirst()
                    .orElse("it is not among the scanned sources (excluded by idemcheck.yml, or outside the project)");
            throw new IllegalArgumentException("'" + rel + "' was not analysed: " + why);
        }
        List<MethodRef> inFile = methodsOf(facts);
        List<MethodRef> chosen = line == null ? inFile : at(inFile, line);
        if (chosen.isEmpty() && line == null) {
            throw new IllegalArgumentException("'" + rel + "' declares no method");
        }
        if (chosen.isEmpty()) {
            throw new IllegalArgumentException("no method encloses line " + line + " of '" + rel + "'"
                    + (inFile.isEmpty() ? " (the file declares no method)" : " (methods: " + inFile.stream()
                    .map(m -> name(m) + " lines " + m.method().range().line() + "-" + m.method().range().endLine())
                    .collect(Collectors.joining(", ")) + ")"));
        }
        List<Explanation.Method> methods = new ArrayList<>();
        for (MethodRef m : chosen) {
            methods.add(method(m, inFile));
        }
        String proj = projectDir == null || !projectDir.startsWith(root) ? ""
                : root.relativize(projectDir).toString().replace('\\', '/');
        return new Explanation(Explanation.SCHEMA_VERSION, Version.NAME + " " + Version.version(), root.toString(),
                proj, rel, line, methods, diagnostics);
    }

    /**
     * A file that is not Java (a mapper XML, a SQL migration): the Java methods involved in the findings reported at
     * {@code line} of it (every line when null): the method a finding belongs to (a mapper interface method for its
     * statement) and the innermost methods enclosing its related locations and flow steps (the calls running the
     * statement, the inserts into the table).
     *
     * @throws IllegalArgumentException when no finding is reported there (the message lists the lines that have one)
     */
    private Explanation reportedIn(String rel, Integer line, Path projectDir) {
        List<Finding> all = new ArrayList<>(result.findings());
        result.suppressed().forEach(s -> all.add(s.finding()));
        List<Finding> atFile = all.stream().filter(f -> f.primary().path().equals(rel)).toList();
        List<Finding> chosen = atFile.stream().filter(f -> line == null || f.primary().startLine() <= line
                && line <= Math.max(f.primary().startLine(), f.primary().endLine())).toList();
        if (chosen.isEmpty()) {
            String lines = atFile.stream().map(f -> f.primary().startLine()).distinct().sorted()
                    .map(String::valueOf).collect(Collectors.joining(", "));
            throw new IllegalArgumentException("'" + rel + "' is not a Java source file and no finding is reported "
                    + (line == null ? "in it" : "at line " + line + " of it") + (lines.isEmpty() ? "" : " (findings "
                    + "at lines " + lines + ")") + "; explain reads .java files: give the Java method that runs it");
        }
        Map<String, List<MethodRef>> byFile = new HashMap<>();
        for (MethodRef m : project.index().methods()) {
            if (!m.method().synthetic() && m.method().range() != null) {
                byFile.computeIfAbsent(m.file().relPath(), k -> new ArrayList<>()).add(m);
            }
        }
        List<MethodRef> involved = new ArrayList<>();
        for (Finding f : chosen) {
            for (MethodRef m : project.index().methods()) {
                if (f.enclosing() != null && f.enclosing().equals(m.id()) && !involved.contains(m)) {
                    involved.add(m);
                }
            }
            List<Location> locs = new ArrayList<>(f.related());
            locs.addAll(f.flow());
            for (Location l : locs) {
                for (MethodRef m : at(byFile.getOrDefault(l.path(), List.of()), l.startLine())) {
                    if (!involved.contains(m)) {
                        involved.add(m);
                    }
                }
            }
        }
        if (involved.isEmpty()) {
            throw new IllegalArgumentException("'" + rel + "' is not a Java source file and the findings at line "
                    + chosen.get(0).primary().startLine() + " of it name no Java method");
        }
        List<Explanation.Method> methods = new ArrayList<>();
        for (MethodRef m : involved) {
            List<MethodRef> inFile = methodsOf(m.file());
            methods.add(method(m, inFile));
        }
        Path root = project.sourceRoot();
        String proj = projectDir == null || !projectDir.startsWith(root) ? ""
                : root.relativize(projectDir).toString().replace('\\', '/');
        return new Explanation(Explanation.SCHEMA_VERSION, Version.NAME + " " + Version.version(), root.toString(),
                proj, rel, line, methods, List.of());
    }

    /** The project methods declared in {@code f} (nested and local types included), in source order. */
    private List<MethodRef> methodsOf(FileFacts f) {
        List<MethodRef> out = new ArrayList<>();
        for (MethodRef m : project.index().methods()) {
            if (m.file() == f && !m.method().synthetic() && m.method().range() != null) {
                out.add(m);
            }
        }
        out.sort(Comparator.comparingInt((MethodRef m) -> m.method().range().line())
                .thenComparingInt(m -> m.method().range().column()));
        return out;
    }

    /** The innermost methods whose declaration encloses {@code line}. */
    private static List<MethodRef> at(List<MethodRef> methods, int line) {
        List<MethodRef> enclosing = methods.stream().filter(m -> encloses(m.method().range(), line)).toList();
        return enclosing.stream().filter(m -> enclosing.stream().noneMatch(o -> o != m
                && inside(o.method().range(), m.method().range()))).toList();
    }

    private static boolean encloses(Range r, int line) {
        return r.line() <= line && line <= Math.max(r.line(), r.endLine());
    }

    /** True when {@code inner} lies within {@code outer} and is smaller. */
    private static boolean inside(Range inner, Range outer) {
        return outer.contains(inner) && !inner.equals(outer);
    }

    private Explanation.Method method(MethodRef m, List<MethodRef> inFile) {
        Range r = m.method().range();
        return new Explanation.Method(m.id(), name(m), m.file().relPath(), r.line(), Math.max(r.line(), r.endLine()),
                m.file().test(), runs(m), roles.summary(m), roles.calls(m), verdicts(m, inFile));
    }

    /**
     * "Job.run()", "Outer.Inner.run()" for a nested type, "Job$1.run()" for a method of an anonymous class,
     * "Job.Job()" for a constructor.
     */
    static String name(MethodRef m) {
        String pkg = m.file().packageName();
        String type = m.type().fqn();
        if (!pkg.isEmpty() && type.startsWith(pkg + ".")) {
            type = type.substring(pkg.length() + 1);
        }
        type = type.replaceAll("\\.(\\d+)(?=\\.|$)", "\\$$1");
        String n = m.method().name().equals("<init>") ? m.type().simpleName() : m.method().name();
        return type + "." + n + "()";
    }

    // ---- entry points -----------------------------------------------------------------------------------------------

    private Explanation.Runs runs(MethodRef m) {
        Semantics sem = project.semantics();
        String entry = m.file().test() ? null : sem.entryPoint(m);
        boolean reachable = !m.file().test() && sem.reachableFromEntryPoints().contains(m.method());
        List<Explanation.Hop> chain = entry == null && reachable ? chainTo(m) : List.of();
        return new Explanation.Runs(entry, reachable || entry != null, chain);
    }

    /**
     * One shortest call chain from a job entry point (main code, in index order) down to {@code target}: the entry
     * point's declaration, then each call that leads on. Breadth-first over the call graph, as the engine's
     * reachability ({@link ProjectIndex#reachable}) walks it.
     */
    private List<Explanation.Hop> chainTo(MethodRef target) {
        Semantics sem = project.semantics();
        ProjectIndex index = project.index();
        Map<MethodRef, MethodRef> parent = new HashMap<>();
        Map<MethodRef, CallSite> via = new HashMap<>();
        Set<MethodRef> seen = new HashSet<>();
        ArrayDeque<MethodRef> queue = new ArrayDeque<>();
        for (MethodRef m : index.methods()) {
            if (!m.file().test() && sem.entryPoint(m) != null && seen.add(m)) {
                queue.add(m);
            }
        }
        while (!queue.isEmpty()) {
            MethodRef cur = queue.pop();
            if (cur.equals(target)) {
                break;
            }
            if (!cur.method().hasBody()) {
                continue;
            }
            for (CallTarget t : index.calls(cur)) {
                for (MethodRef next : t.targets()) {
                    if (!next.file().test() && seen.add(next)) {
                        parent.put(next, cur);
                        via.put(next, t.call());
                        queue.add(next);
                    }
                }
            }
        }
        if (!seen.contains(target)) {
            return List.of();
        }
        List<Explanation.Hop> out = new ArrayList<>();
        MethodRef cur = target;
        while (parent.containsKey(cur)) {
            MethodRef caller = parent.get(cur);
            CallSite c = via.get(cur);
            out.add(0, new Explanation.Hop(caller.file().relPath(), c.range().line(), c.range().column(),
                    name(caller) + ": " + Semantics.display(c) + " calls " + name(cur)));
            cur = caller;
        }
        Range n = cur.method().nameRange();
        out.add(0, new Explanation.Hop(cur.file().relPath(), n.line(), n.column(), name(cur)
                + " is a job entry point (" + sem.entryPoint(cur) + ")"));
        return out;
    }

    // ---- rules ------------------------------------------------------------------------------------------------------

    private List<Explanation.RuleVerdict> verdicts(MethodRef m, List<MethodRef> inFile) {
        List<Explanation.RuleVerdict> out = new ArrayList<>();
        for (Rule rule : rules) {
            out.add(verdict(rule, m, inFile));
        }
        return out;
    }

    private Explanation.RuleVerdict verdict(Rule rule, MethodRef m, List<MethodRef> inFile) {
        RuleInfo info = rule.info();
        List<Explanation.FindingRef> here = new ArrayList<>();
        List<Explanation.FindingRef> elsewhere = new ArrayList<>();
        for (Finding f : result.findings()) {
            if (!f.ruleId().equals(info.id())) {
                continue;
            }
            if (owns(m, f, inFile)) {
                here.add(ref(f, null));
            } else if (involves(m, f)) {
                elsewhere.add(ref(f, null));
            }
        }
        List<Explanation.FindingRef> suppressed = new ArrayList<>();
        for (SuppressedFinding s : result.suppressed()) {
            if (s.finding().ruleId().equals(info.id()) && owns(m, s.finding(), inFile)) {
                suppressed.add(ref(s.finding(), s.kind().label() + (s.justification() == null ? ""
                        : ": " + s.justification()) + (s.where() == null ? "" : " (" + s.where() + ")")));
            }
        }
        boolean off = !config.enabled(info.id(), info.name());
        String status = off ? "off" : !here.isEmpty() ? "fired" : !suppressed.isEmpty() ? "suppressed" : "not-fired";
        RuleTrace trace = RuleTrace.recording();
        if (!off) {
            RuleContext ctx = new RuleContext(info, project, f -> { }, d -> { });
            try {
                rule.explain(ctx, m, trace);
            } catch (RuntimeException | StackOverflowError | AssertionError e) {
                trace.note(0, "the rule", "failed while explaining this method: " + e.getClass().getSimpleName()
                        + (e.getMessage() == null ? "" : ": " + e.getMessage().lines().findFirst().orElse("")));
            }
        }
        List<Explanation.Step> steps = trace.steps().stream().map(s -> new Explanation.Step(
                s.kind().name().toLowerCase(Locale.ROOT), s.line(), s.subject(), s.text())).toList();
        List<String> missing = trace.steps().stream().filter(s -> s.kind() == RuleTrace.Kind.MISSING)
                .map(s -> s.subject() + (s.line() > 0 ? " (line " + s.line() + ")" : "") + ": " + s.text()).toList();
        return new Explanation.RuleVerdict(info.id(), info.name(), status, here, suppressed, elsewhere,
                !trace.isEmpty(), steps, missing);
    }

    /**
     * True when finding {@code f} belongs to {@code m}: its enclosing element is {@code m}, or its primary location
     * is in {@code m}'s file and {@code m} is the innermost method of the file enclosing it.
     */
    private static boolean owns(MethodRef m, Finding f, List<MethodRef> inFile) {
        if (f.enclosing() != null && f.enclosing().equals(m.id())) {
            return true;
        }
        Location p = f.primary();
        if (!p.path().equals(m.file().relPath()) || !encloses(m.method().range(), p.startLine())) {
            return false;
        }
        return at(inFile, p.startLine()).contains(m);
    }

    /** True when a related location or a flow step of {@code f} lies in {@code m}. */
    private static boolean involves(MethodRef m, Finding f) {
        List<Location> all = new ArrayList<>(f.related());
        all.addAll(f.flow());
        for (Location l : all) {
            if (l.path().equals(m.file().relPath()) && encloses(m.method().range(), l.startLine())) {
                return true;
            }
        }
        return false;
    }

    private static Explanation.FindingRef ref(Finding f, String justification) {
        Location p = f.primary();
        return new Explanation.FindingRef(p.path(), p.startLine(), p.startColumn(), f.severity().label(),
                f.message(), justification);
    }
}
