package io.idemcheck.core.engine;

import io.idemcheck.core.catalog.Catalog;
import io.idemcheck.core.discovery.SourceDiscovery;
import io.idemcheck.core.discovery.SourceFile;
import io.idemcheck.core.facts.FileFacts;
import io.idemcheck.core.finding.Diagnostic;
import io.idemcheck.core.finding.Finding;
import io.idemcheck.core.finding.ScanResult;
import io.idemcheck.core.finding.ScanStats;
import io.idemcheck.core.fix.FixStage;
import io.idemcheck.core.index.ProjectIndex;
import io.idemcheck.core.parse.JavaSourceParser;
import io.idemcheck.core.rule.Rule;
import io.idemcheck.core.rule.RuleContext;
import io.idemcheck.core.sql.SqlClassifier;
import io.idemcheck.core.sql.SqlModel;
import io.idemcheck.core.sql.mybatis.MapperXmlReader;
import io.idemcheck.core.summary.Semantics;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * The engine's entry point: discovery, parallel parsing into facts (each syntax tree is dropped as soon as its facts
 * are extracted, so memory follows the facts, not the sources), the project index, call semantics, the rules, and
 * the finished {@link ScanResult}. Stateless; one instance may run several scans.
 */
public final class Analyzer {

    private final Catalog catalog;

    public Analyzer() {
        this(Catalog.load());
    }

    public Analyzer(Catalog catalog) {
        this.catalog = catalog;
    }

    /**
     * Scans the request's paths.
     *
     * @throws IllegalArgumentException when a path does not exist (a usage error)
     */
    public ScanResult scan(ScanRequest request) {
        long start = System.nanoTime();
        Path root = request.sourceRoot() != null ? request.sourceRoot().toAbsolutePath().normalize()
                : SourceDiscovery.defaultSourceRoot(request.paths().get(0));
        List<SourceFile> all = SourceDiscovery.discover(request.paths(), root);
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
        List<FileFacts> files = parseAll(java, request, diagnostics);
        ProjectIndex index = new ProjectIndex(files, catalog);
        SqlModel sqlModel = SqlModel.fromAnnotations(index, new SqlClassifier(catalog));
        List<Path> xml = all.stream().filter(f -> f.kind() == SourceFile.Kind.XML).map(SourceFile::path).toList();
        sqlModel.addXml(new MapperXmlReader(catalog.statusColumns(), catalog.fencingColumns())
                .parseAll(xml, p -> SourceDiscovery.relativize(root, p)));
        diagnostics.addAll(sqlModel.diagnostics());
        Semantics semantics = new Semantics(index, sqlModel);
        Project project = new Project(root, files, resources, index, semantics);

        List<Finding> findings = new ArrayList<>();
        for (Rule rule : request.rules().rules()) {
            RuleContext ctx = new RuleContext(rule.info(), project, findings::add);
            try {
                rule.check(ctx);
            } catch (RuntimeException | StackOverflowError e) {
                diagnostics.add(new Diagnostic(Diagnostic.Kind.INTERNAL_ERROR, null, 0, 0,
                        "rule " + rule.info().id() + " failed: " + e));
            }
        }
        findings = new ArrayList<>(Suppressions.apply(findings, index));
        findings.sort(Comparator.comparing((Finding f) -> f.primary().path())
                .thenComparingInt(f -> f.primary().startLine())
                .thenComparingInt(f -> f.primary().startColumn())
                .thenComparing(Finding::ruleId)
                .thenComparing(Finding::fingerprint));
        findings = fixStage(root, findings, diagnostics);
        List<Finding> withSnippets = addSnippets(root, findings);
        diagnostics.sort(Comparator.comparing((Diagnostic d) -> d.path() == null ? "" : d.path())
                .thenComparingInt(Diagnostic::line));
        request.progress().finished();
        int tests = (int) java.stream().filter(SourceFile::test).count()
                + (int) files.stream().filter(f -> f.test() && !f.relPath().contains("/src/test/")
                && !f.relPath().startsWith("src/test/")).count();
        long skipped = diagnostics.stream().filter(d -> d.kind().blocksAnalysis() && d.path() != null)
                .map(Diagnostic::path).distinct().count();
        ScanStats stats = new ScanStats(java.size(), tests, files.size(), (int) skipped + kotlin, resources.size(),
                (System.nanoTime() - start) / 1_000_000);
        return new ScanResult(root, request.rules().descriptors(), withSnippets, diagnostics, stats);
    }

    private List<FileFacts> parseAll(List<SourceFile> java, ScanRequest request, List<Diagnostic> diagnostics) {
        int threads = request.threads() == 0 ? Runtime.getRuntime().availableProcessors() : request.threads();
        threads = Math.max(1, Math.min(threads, Math.max(1, java.size())));
        request.progress().started(java.size());
        AtomicInteger done = new AtomicInteger();
        ThreadLocal<JavaSourceParser> parsers = ThreadLocal.withInitial(JavaSourceParser::new);
        ExecutorService pool = Executors.newFixedThreadPool(threads, r -> {
            Thread t = new Thread(r, "idemcheck-parse");
            t.setDaemon(true);
            return t;
        });
        try {
            List<Future<JavaSourceParser.Result>> futures = new ArrayList<>(java.size());
            for (SourceFile f : java) {
                futures.add(pool.submit(() -> {
                    try {
                        return parsers.get().parse(f);
                    } finally {
                        request.progress().fileDone(done.incrementAndGet(), java.size());
                    }
                }));
            }
            List<FileFacts> out = new ArrayList<>(java.size());
            for (int i = 0; i < futures.size(); i++) {
                JavaSourceParser.Result r;
                try {
                    r = futures.get(i).get();
                } catch (ExecutionException e) {
                    diagnostics.add(new Diagnostic(Diagnostic.Kind.INTERNAL_ERROR, java.get(i).relPath(), 0, 0,
                            "could not analyse: " + e.getCause()));
                    continue;
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                    throw new IllegalStateException("scan interrupted", e);
                }
                diagnostics.addAll(r.diagnostics());
                if (r.facts() != null) {
                    out.add(r.facts());
                }
            }
            return out;
        } finally {
            pool.shutdownNow();
        }
    }

    /**
     * Materialises the rules' fix recipes into edits (a Spoon model only for the files that have such findings); a
     * failure there never fails the scan: the findings keep their templates and an INFO diagnostic says why.
     */
    private static List<Finding> fixStage(Path root, List<Finding> findings, List<Diagnostic> diagnostics) {
        try {
            return new FixStage().apply(root, findings);
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

    private static List<Finding> addSnippets(Path root, List<Finding> findings) {
        Map<String, List<String>> lines = new HashMap<>();
        List<Finding> out = new ArrayList<>(findings.size());
        for (Finding f : findings) {
            List<String> ls = lines.computeIfAbsent(f.primary().path(), p -> {
                try {
                    return Files.readAllLines(root.resolve(p), StandardCharsets.UTF_8);
                } catch (IOException | RuntimeException e) {
                    try {
                        return Files.readAllLines(root.resolve(p), StandardCharsets.ISO_8859_1);
                    } catch (IOException | RuntimeException e2) {
                        return List.of();
                    }
                }
            });
            int l = f.primary().startLine();
            out.add(l >= 1 && l <= ls.size() ? f.withSnippet(ls.get(l - 1)) : f);
        }
        return out;
    }
}
