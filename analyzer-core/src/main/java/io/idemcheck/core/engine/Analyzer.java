package io.idemcheck.core.engine;

import io.idemcheck.core.rule.MethodRules;
import io.idemcheck.core.rule.MethodRule;
import io.idemcheck.core.model.Project;
import io.idemcheck.core.cache.AnalysisCache;
import io.idemcheck.core.catalog.Catalog;
import io.idemcheck.core.config.ConfigException;
import io.idemcheck.core.config.ConfigLoader;
import io.idemcheck.core.config.ProjectConfig;
import io.idemcheck.core.discovery.SourceDiscovery;
import io.idemcheck.core.discovery.SourceFile;
import io.idemcheck.core.facts.FileFacts;
import io.idemcheck.core.finding.Diagnostic;
import io.idemcheck.core.finding.Finding;
import io.idemcheck.core.finding.ScanResult;
import io.idemcheck.core.finding.ScanStats;
import io.idemcheck.core.finding.SuppressedFinding;
import io.idemcheck.core.fix.FixStage;
import io.idemcheck.core.index.ProjectIndex;
import io.idemcheck.core.rule.Rule;
import io.idemcheck.core.rule.RuleContext;
import io.idemcheck.core.finding.RuleDescriptor;
import io.idemcheck.core.rule.RuleRegistry;
import io.idemcheck.core.schema.Schema;
import io.idemcheck.core.schema.SchemaReader;
import io.idemcheck.core.springconfig.SpringConfig;
import io.idemcheck.core.source.SourceTexts;
import io.idemcheck.core.sql.SqlClassifier;
import io.idemcheck.core.sql.SqlModel;
import io.idemcheck.core.sql.SqlObjectTemplates;
import io.idemcheck.core.sql.mybatis.MapperXmlReader;
import io.idemcheck.core.summary.Semantics;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.function.Consumer;
import java.util.stream.Collectors;

/**
 * The engine's entry point: discovery, parallel parsing into facts (each syntax tree is dropped as soon as its facts
 * are extracted, so memory follows the facts, not the sources), the project index, call semantics, the rules, and
 * the finished {@link ScanResult}. Stateless; one instance may run several scans.
 */
public final class Analyzer {

    private final Catalog catalog;
    /** Whether {@link #catalog} is the tool's own (part of its code): only then may a stored result be reused. */
    private final boolean catalogIsDefault;

    public Analyzer() {
        this(loadCatalog(), true);
    }

    private static Catalog loadCatalog() {
        PhaseClock.mark("start-up");
        Catalog c = Catalog.load();
        PhaseClock.mark("catalog");
        return c;
    }

    /** An analyzer taught by {@code catalog} instead of the tool's own; it never reuses a stored whole result. */
    public Analyzer(Catalog catalog) {
        this(catalog, false);
    }

    private Analyzer(Catalog catalog, boolean catalogIsDefault) {
        this.catalog = catalog;
        this.catalogIsDefault = catalogIsDefault;
    }

    /**
     * Scans the request's paths.
     *
     * @throws IllegalArgumentException when a path does not exist (a usage error)
     */
    public ScanResult scan(ScanRequest request) {
        return run(request, null);
    }

    /**
     * Scans the request's paths and hands the project model the rules read to {@code model} (once, before the rules
     * run), for callers that look at more than the findings ({@code idemcheck explain}).
     *
     * @throws IllegalArgumentException when a path does not exist (a usage error)
     */
    public ScanResult scan(ScanRequest request, Consumer<Project> model) {
        return run(request, model == null ? p -> { } : model);
    }

    /**
     * The scan; {@code model} null means nobody looks at the project model, so that a result stored in the analysis
     * cache for exactly these inputs may be returned as it is.
     */
    private ScanResult run(ScanRequest request, Consumer<Project> model) {
        try {
            return runScan(request, model);
        } finally {
            io.idemcheck.core.sql.SqlParsing.release(); // a long-lived caller's thread keeps nothing of the scan
        }
    }

    private ScanResult runScan(ScanRequest request, Consumer<Project> model) {
        long start = System.nanoTime();
        Path root = request.sourceRoot() != null ? request.sourceRoot().toAbsolutePath().normalize()
                : SourceDiscovery.defaultSourceRoot(request.paths().get(0));
        ProjectConfig config = request.config();
        List<Rule> rules = enabledRules(request, config, root);
        Catalog catalog = this.catalog.withProject(config);
        SourceDiscovery.Found found = SourceDiscovery.discoverWithYaml(request.paths(), root);
        // the cache file itself is no input, whatever its name (a cache named *.xml in the tree changed every scan)
        Path cacheFile = request.cache() == null ? null : request.cache().toAbsolutePath().normalize();
        List<SourceFile> all = found.files().stream()
                .filter(f -> config.accepts(f.path(), f.relPath()))
                .filter(f -> cacheFile == null || !cacheFile.equals(f.path().toAbsolutePath().normalize())).toList();
        List<SourceFile> java = all.stream().filter(f -> f.kind() == SourceFile.Kind.JAVA).toList();
        List<Diagnostic> diagnostics = new ArrayList<>();
        List<Path> resources = new ArrayList<>();
        int kotlin = 0;
        for (SourceFile f : all) {
            if (f.kind() == SourceFile.Kind.KOTLIN) {
                kotlin++;
                diagnostics.add(new Diagnostic(Diagnostic.Kind.NOT_ANALYSED, f.relPath(), 0, 0,
                        "Kotlin source is not analysed"));
            } else if (f.kind() == SourceFile.Kind.XML || f.kind() == SourceFile.Kind.SQL) {
                resources.add(f.path());
            }
        }
        if (java.isEmpty()) {
            diagnostics.add(new Diagnostic(Diagnostic.Kind.INFO, null, 0, 0, "no Java source files found under "
                    + request.paths().stream().map(Path::toString).collect(Collectors.joining(", "))
                    + "; nothing was analysed (is this the project's root?)"));
        }
        List<Path> changelogs = found.yaml().stream() // candidates for Liquibase changelogs, found by the same walk
                .filter(y -> cacheFile == null || !cacheFile.equals(y.toAbsolutePath().normalize())).toList();
        AnalysisCache cache = request.cache() == null ? null : AnalysisCache.load(request.cache());
        List<Diagnostic> cacheNotes = new ArrayList<>();
        String resultKey = null;
        if (cache != null) {
            resultKey = model == null && catalogIsDefault ? resultKey(request, config, root, rules, all, changelogs)
                    : null;
            AnalysisCache.StoredResult hit = cache.result(resultKey);
            if (hit != null) {
                cache.close();
                return reused(root, hit, start, request);
            }
            cache.readEntries();
            if (cache.note() != null) {
                cacheNotes.add(AnalysisCache.noteDiagnostic(cache.note()));
            }
        }
        // a caller that looks at the whole model (explain) sees every test file; a scan holds back those it may not need
        boolean holdTests = model == null;
        if (model == null) {
            model = p -> { };
        }
        SourceTexts texts = new SourceTexts(Suppressions.WORD);
        PhaseClock.mark("discovery");
        Parsing parsing = new Parsing(java, request, cache, texts, holdTests);
        List<FileFacts> files = parsing.parseFirst(diagnostics);
        PhaseClock.mark("parse");
        ProjectIndex index = new ProjectIndex(files, catalog);
        PhaseClock.mark("index");
        List<Path> templateFiles = all.stream().filter(f -> f.kind() == SourceFile.Kind.SQL_TEMPLATE
                || f.kind() == SourceFile.Kind.SQL).map(SourceFile::path).toList();
        SqlModel sqlModel = SqlModel.fromAnnotations(index, new SqlClassifier(catalog),
                new SqlObjectTemplates(templateFiles, p -> SourceDiscovery.relativize(root, p)));
        List<Path> xml = all.stream().filter(f -> f.kind() == SourceFile.Kind.XML).map(SourceFile::path).toList();
        sqlModel.addXml(new MapperXmlReader(catalog)
                .parseAll(xml, p -> SourceDiscovery.relativize(root, p)));
        diagnostics.addAll(sqlModel.diagnostics());
        Schema schema = SchemaReader.read(root, changelogs, resources, index);
        diagnostics.addAll(schema.diagnostics());
        Semantics semantics = new Semantics(index, sqlModel, schema);
        PhaseClock.mark("sql+schema");
        List<Path> configPaths = all.stream().filter(f -> f.kind() == SourceFile.Kind.CONFIG && !f.test())
                .map(SourceFile::path).toList();
        SpringConfig springConfig = SpringConfig.read(configPaths, p -> SourceDiscovery.relativize(root, p));
        diagnostics.addAll(springConfig.diagnostics());
        Project project = new Project(root, files, resources, index, semantics, schema, springConfig,
                parsing.held() == 0 ? null : parsing);
        model.accept(project);
        PhaseClock.mark("spring-config");

        List<Finding> findings = runRules(rules, project, config, diagnostics, threads(request));
        diagnostics.addAll(parsing.lateDiagnostics());
        diagnostics.addAll(ConfigPatternCheck.unmatched(config, index, root));
        List<RuleDescriptor> descriptors = new ArrayList<>();
        for (Rule rule : rules) {
            descriptors.add(configured(RuleRegistry.describe(rule), config));
        }
        Set<String> unchecked = new HashSet<>();
        diagnostics.stream().filter(d -> d.kind().blocksAnalysis() && d.path() != null)
                .forEach(d -> unchecked.add(d.path()));
        Suppressions.Outcome outcome = Suppressions.apply(findings, index, root, all, texts, config, descriptors,
                request.rules().descriptors(), unchecked);
        List<Finding> kept = new ArrayList<>(outcome.kept());
        if (config.enabled(Suppressions.ID, Suppressions.NAME) && !outcome.notes().isEmpty()) {
            outcome.notes().forEach(n -> kept.add(configured(n, config)));
            descriptors.add(configured(Suppressions.DESCRIPTOR, config));
            descriptors.sort(Comparator.comparing(RuleDescriptor::id));
        }
        kept.sort(ORDER);
        PhaseClock.mark("suppressions");
        List<Finding> fixed = fixStage(root, kept, diagnostics, texts);
        PhaseClock.mark("fixes");
        List<SuppressedFinding> suppressed = new ArrayList<>(outcome.suppressed());
        suppressed.sort(Comparator.comparing(SuppressedFinding::finding, ORDER));
        List<Finding> withSnippets = addSnippets(root, fixed, texts);
        List<SuppressedFinding> suppressedWithSnippets = new ArrayList<>();
        List<Finding> sf = addSnippets(root, suppressed.stream().map(SuppressedFinding::finding).toList(), texts);
        for (int i = 0; i < suppressed.size(); i++) {
            SuppressedFinding x = suppressed.get(i);
            suppressedWithSnippets.add(new SuppressedFinding(sf.get(i), x.kind(), x.justification(), x.where()));
        }
        collapseSqlDiagnostics(diagnostics);
        diagnostics.sort(Comparator.comparing((Diagnostic d) -> d.path() == null ? "" : d.path())
                .thenComparingInt(Diagnostic::line));
        PhaseClock.mark("snippets");
        request.progress().finished();
        int tests = (int) java.stream().filter(SourceFile::test).count()
                + (int) files.stream().filter(f -> f.test() && !f.relPath().contains("/src/test/")
                && !f.relPath().startsWith("src/test/")).count();
        long skipped = diagnostics.stream().filter(d -> d.kind().blocksAnalysis() && d.path() != null)
                .map(Diagnostic::path).distinct().count();
        ScanStats stats = new ScanStats(java.size(), tests, files.size() + parsing.lateFiles() - parsing.fromCache(),
                (int) skipped + kotlin, resources.size(), (System.nanoTime() - start) / 1_000_000, index.work(),
                parsing.fromCache(), false, parsing.unparsed());
        if (cache != null) {
            if (cache.unrelatedNote() != null) {
                cacheNotes.add(AnalysisCache.noteDiagnostic(cache.unrelatedNote()));
            }
            boolean failed = diagnostics.stream().anyMatch(d -> d.kind() == Diagnostic.Kind.INTERNAL_ERROR);
            if (resultKey != null && !failed) { // an internal error may be ours and fixed in the next build
                cache.storeResult(resultKey, new AnalysisCache.StoredResult(descriptors, withSnippets, diagnostics,
                        suppressedWithSnippets, stats));
            }
            try {
                cache.save();
            } catch (IOException e) {
                cacheNotes.add(AnalysisCache.noteDiagnostic(AnalysisCache.NOTE_PREFIX + cache.file()
                        + " not written: " + AnalysisCache.reason(e)));
            } catch (RuntimeException e) {
                cacheNotes.add(AnalysisCache.noteDiagnostic(AnalysisCache.NOTE_PREFIX + cache.file()
                        + " not written: " + e));
            }
            if (!cacheNotes.isEmpty()) {
                diagnostics.addAll(cacheNotes);
                diagnostics.sort(Comparator.comparing((Diagnostic d) -> d.path() == null ? "" : d.path())
                        .thenComparingInt(Diagnostic::line));
            }
        }
        return new ScanResult(root, descriptors, withSnippets, diagnostics, stats, suppressedWithSnippets);
    }

    /**
     * The result a previous scan stored for exactly these inputs, with this scan's time, nothing parsed, no work, every
     * Java file that scan analysed counted as taken from the cache, and {@link ScanStats#reused()}.
     */
    private static ScanResult reused(Path root, AnalysisCache.StoredResult hit, long start, ScanRequest request) {
        ScanStats s = hit.stats();
        request.progress().started(0);
        request.progress().finished();
        ScanStats stats = new ScanStats(s.javaFiles(), s.testFiles(), 0, s.skippedFiles(), s.resourceFiles(),
                (System.nanoTime() - start) / 1_000_000, 0, s.parsedFiles() + s.cachedFiles(), true,
                s.unparsedTestFiles());
        return new ScanResult(root, hit.rules(), hit.findings(), hit.diagnostics(), stats, hit.suppressed());
    }

    /**
     * What a scan's result depends on, hashed: the tool's and each rule's code ({@link AnalysisCache#codeKey}), the
     * rules enabled, the configuration, the source root, and the path, kind and content hash of every file the scan
     * reads (sources, mapper XML, SQL, Spring configuration, changelogs). Null when a file cannot be read (its
     * diagnostic must come from a real scan).
     */
    private static String resultKey(ScanRequest request, ProjectConfig config, Path root, List<Rule> rules,
                                    List<SourceFile> all, List<Path> changelogs) {
        StringBuilder sb = new StringBuilder(64 * (all.size() + changelogs.size()) + 256);
        sb.append(AnalysisCache.toolKey()).append('\n');
        for (Rule r : rules) {
            sb.append(r.info().id()).append(' ').append(r.getClass().getName()).append(' ')
                    .append(AnalysisCache.codeKey(r.getClass())).append('\n');
        }
        sb.append(config).append('\n').append(root).append('\n');
        for (Path p : request.paths()) {
            sb.append(p.toAbsolutePath().normalize()).append('\n');
        }
        java.util.TreeMap<String, String> files = new java.util.TreeMap<>();
        for (SourceFile f : all) {
            files.put(f.kind() + " " + f.path(), f.relPath());
        }
        for (Path p : changelogs) {
            files.put("CHANGELOG " + p, p.toString());
        }
        try {
            for (Map.Entry<String, String> e : files.entrySet()) {
                Path p = Path.of(e.getKey().substring(e.getKey().indexOf(' ') + 1));
                sb.append(e.getKey()).append(' ').append(AnalysisCache.sha256(Files.readAllBytes(p))).append('\n');
            }
        } catch (IOException | RuntimeException e) {
            return null;
        }
        return AnalysisCache.sha256(sb.toString().getBytes(java.nio.charset.StandardCharsets.UTF_8));
    }

    /** The threads a scan may use: the request's, or one per processor. */
    private static int threads(ScanRequest request) {
        return request.threads() == 0 ? Runtime.getRuntime().availableProcessors() : request.threads();
    }

    /**
     * Runs the rules, several at a time on {@code threads} threads. Each rule reports into its own lists, joined in
     * rule order, so findings and diagnostics do not depend on which rule finished first. What the rules share is
     * memoised call facts and summaries; those are computed first, once ({@link WarmUp}: the call targets on several
     * threads, then the summaries in index order), so that what a rule sees (a summary cut at a call cycle) does not
     * depend on which rule asked first either.
     */
    private static List<Finding> runRules(List<Rule> rules, Project project, ProjectConfig config,
                                          List<Diagnostic> diagnostics, int threads) {
        WarmUp.run(project, threads);
        PhaseClock.mark("summaries");
        int n = Math.max(1, Math.min(threads, rules.size()));
        List<List<Finding>> found = new ArrayList<>();
        List<List<Diagnostic>> noticed = new ArrayList<>();
        List<Runnable> tasks = new ArrayList<>();
        for (Rule rule : rules) {
            List<Finding> mine = new ArrayList<>();
            List<Diagnostic> notes = new ArrayList<>();
            found.add(mine);
            noticed.add(notes);
            tasks.add(() -> PhaseClock.timed("rule " + rule.info().id(), () -> runRule(rule, new RuleContext(
                    rule.info(), project, f -> mine.add(configured(f, config)), notes::add), threads)));
        }
        if (n == 1) {
            tasks.forEach(Runnable::run);
        } else {
            ExecutorService pool = Executors.newFixedThreadPool(n, r -> {
                Thread t = new Thread(r, "idemcheck-rules");
                t.setDaemon(true);
                return t;
            });
            try {
                List<Future<?>> futures = new ArrayList<>();
                for (Runnable t : tasks) {
                    futures.add(pool.submit(t));
                }
                for (int i = 0; i < futures.size(); i++) {
                    try {
                        futures.get(i).get();
                    } catch (ExecutionException e) { // runRule contains what a rule throws; this is an Error
                        noticed.get(i).add(new Diagnostic(Diagnostic.Kind.INTERNAL_ERROR, null, 0, 0,
                                "rule " + rules.get(i).info().id() + " failed: " + e.getCause(),
                                rules.get(i).info().id(), null));
                    } catch (InterruptedException e) {
                        Thread.currentThread().interrupt();
                        throw new IllegalStateException("scan interrupted", e);
                    }
                }
            } finally {
                pool.shutdownNow();
            }
        }
        PhaseClock.mark("rules");
        List<Finding> findings = new ArrayList<>();
        for (int i = 0; i < rules.size(); i++) {
            findings.addAll(found.get(i));
            diagnostics.addAll(noticed.get(i));
        }
        return findings;
    }

    /**
     * Runs one rule. A {@link MethodRule} is driven method by method by the engine ({@link MethodRules#drive}, on up
     * to {@code threads} threads, findings in method order); another rule's {@link Rule#check} contains its per-method
     * work itself ({@link RuleContext#onMethod}). Anything else a rule throws is contained here, for this rule only:
     * one INTERNAL_ERROR diagnostic naming the rule, and the scan goes on with the next rule.
     */
    static void runRule(Rule rule, RuleContext ctx, int threads) {
        try {
            if (rule instanceof MethodRule mr) {
                MethodRules.drive(mr, ctx, threads); // method by method, the engine's loop
            } else {
                rule.check(ctx);
            }
        } catch (RuntimeException | StackOverflowError | AssertionError e) {
            ctx.failed(null, e);
        }
    }

    private static final Comparator<Finding> ORDER = Comparator.comparing((Finding f) -> f.primary().path())
            .thenComparingInt(f -> f.primary().startLine())
            .thenComparingInt(f -> f.primary().startColumn())
            .thenComparing(Finding::ruleId)
            .thenComparing(Finding::fingerprint);

    /**
     * The rules to run: those of the request that the configuration does not turn off.
     *
     * @throws ConfigException when the configuration names a rule that does not exist
     */
    private static List<Rule> enabledRules(ScanRequest request, ProjectConfig config, Path root) {
        for (Map.Entry<String, ProjectConfig.RuleSetting> e : new TreeMap<>(config.rules()).entrySet()) {
            String k = e.getKey();
            boolean known = k.equals(Suppressions.ID) || k.equals(Suppressions.NAME)
                    || request.rules().rules().stream().anyMatch(r -> r.info().id().equals(k) || r.info().name().equals(k));
            if (!known) {
                throw new ConfigException(config.file() == null ? "idemcheck.yml"
                        : ConfigLoader.displayName(config.file()), e.getValue().line(),
                        "rules: unknown rule '" + k + "' (expected one of: " + request.rules().rules().stream()
                        .map(r -> r.info().id() + " " + r.info().name()).collect(Collectors.joining(", "))
                        + ", " + Suppressions.ID + " " + Suppressions.NAME + ")");
            }
        }
        return request.rules().rules().stream().filter(r -> config.enabled(r.info().id(), r.info().name())).toList();
    }

    /** A finding with the severity the configuration gives its rule. */
    private static Finding configured(Finding f, ProjectConfig config) {
        ProjectConfig.RuleSetting s = config.rule(f.ruleId(), f.ruleName());
        if (s == null || s.severity() == null || s.severity() == f.severity()) {
            return f;
        }
        return new Finding(f.ruleId(), f.ruleName(), s.severity(), f.message(), f.primary(), f.related(), f.flow(),
                f.enclosing(), f.fingerprint(), f.fix(), f.snippet());
    }

    /** A rule's descriptor with the severity the configuration gives it. */
    private static RuleDescriptor configured(RuleDescriptor d, ProjectConfig config) {
        ProjectConfig.RuleSetting s = config.rule(d.id(), d.name());
        if (s == null || s.severity() == null) {
            return d;
        }
        return new RuleDescriptor(d.id(), d.name(), d.summary(), s.severity(), d.tags(), d.precision(),
                d.docMarkdown());
    }

    /**
     * Materialises the rules' fix recipes into edits (a Spoon model only for the files that have such findings); a
     * failure there never fails the scan: the findings keep their templates and an INFO diagnostic says why.
     */
    private static List<Finding> fixStage(Path root, List<Finding> findings, List<Diagnostic> diagnostics,
                                          SourceTexts texts) {
        try {
            return new FixStage().apply(root, findings, p -> {
                try {
                    return texts.get(p).raw();
                } catch (IOException | RuntimeException e) {
                    return null;
                }
            });
        } catch (RuntimeException | LinkageError e) {
            diagnostics.add(new Diagnostic(Diagnostic.Kind.INFO, null, 0, 0, "fixes not computed: " + e));
            List<Finding> out = new ArrayList<>(findings.size());
            for (Finding f : findings) {
                out.add(f.fix() == null || f.fix().recipes().isEmpty() ? f : new Finding(f.ruleId(), f.ruleName(),
                        f.severity(), f.message(), f.primary(), f.related(), f.flow(), f.enclosing(),
                        f.fingerprint(), f.fix().withEdits(f.fix().edits()), f.snippet()));
            }
            return out;
        }
    }

    /** The findings with the source line of their primary location as snippet (the file's shared text). */
    private static List<Finding> addSnippets(Path root, List<Finding> findings, SourceTexts texts) {
        List<Finding> out = new ArrayList<>(findings.size());
        for (Finding f : findings) {
            String line;
            try {
                line = texts.get(root.resolve(f.primary().path())).line(f.primary().startLine());
            } catch (IOException | RuntimeException e) {
                line = null;
            }
            out.add(line != null ? f.withSnippet(line) : f);
        }
        return out;
    }

    /**
     * A dialect the SQL parser does not know (openGauss, Oracle PL/SQL) can make dozens of statements of one file
     * unreadable: more than three in one file become one diagnostic that counts them and shows the first.
     */
    static void collapseSqlDiagnostics(List<Diagnostic> diagnostics) {
        Map<String, List<Diagnostic>> byFile = new java.util.LinkedHashMap<>();
        for (Diagnostic d : diagnostics) {
            if (d.kind() == Diagnostic.Kind.SQL_UNPARSED && d.path() != null) {
                byFile.computeIfAbsent(d.path(), k -> new ArrayList<>()).add(d);
            }
        }
        for (List<Diagnostic> ds : byFile.values()) {
            if (ds.size() > 3) {
                diagnostics.removeAll(ds);
                Diagnostic first = ds.get(0);
                diagnostics.add(new Diagnostic(Diagnostic.Kind.SQL_UNPARSED, first.path(), first.line(),
                        first.column(), ds.size() + " SQL statements in this file not understood (kept as unknown "
                        + "SQL); the first, at line " + first.line() + ": " + first.message()));
            }
        }
    }
}
