package io.idemcheck.maven;

import io.idemcheck.core.cache.CacheFileCheck;
import io.idemcheck.core.config.ProjectConfig;
import io.idemcheck.core.discovery.SourceDiscovery;
import io.idemcheck.core.discovery.SourceFile;
import io.idemcheck.core.engine.ProgressListener;
import io.idemcheck.core.engine.ScanRequest;
import io.idemcheck.core.finding.Diagnostic;
import io.idemcheck.core.finding.Finding;
import io.idemcheck.core.finding.Location;
import io.idemcheck.core.finding.ScanResult;
import io.idemcheck.core.finding.Severity;
import io.idemcheck.core.report.ReportFormat;
import io.idemcheck.core.report.TextReportWriter;
import io.idemcheck.core.catalog.CatalogException;
import io.idemcheck.core.rule.RuleRegistry;
import io.idemcheck.core.session.ScanSession;
import io.idemcheck.core.util.Texts;
import org.apache.maven.execution.MavenSession;
import org.apache.maven.model.Resource;
import org.apache.maven.plugin.AbstractMojo;
import org.apache.maven.plugin.MojoExecutionException;
import org.apache.maven.plugin.MojoFailureException;
import org.apache.maven.plugin.logging.Log;
import org.apache.maven.plugins.annotations.Parameter;
import org.apache.maven.project.MavenProject;

import java.io.File;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeMap;

import static io.idemcheck.core.util.Texts.oneLine;
import static io.idemcheck.core.util.Texts.plural;

/**
 * What {@code check} and {@code check-aggregate} share: the parameters, collecting the source roots of one or more
 * projects from the build model, and mapping both onto the {@link ScanSession} the CLI runs too (configuration,
 * engine, baseline, reports, threshold and internal-error decision); then logging the findings and turning the
 * session's outcome into a build failure.
 */
public abstract class AbstractIdemcheckMojo extends AbstractMojo {

    @Parameter(defaultValue = "${session}", readonly = true, required = true)
    protected MavenSession session;

    @Parameter(defaultValue = "${project}", readonly = true, required = true)
    protected MavenProject project;

    /** Skip the analysis. */
    @Parameter(property = "idemcheck.skip", defaultValue = "false")
    protected boolean skip;

    /** Fail the build when more than {@code maxAllowedViolations} findings reach {@code failOnSeverity}. */
    @Parameter(property = "idemcheck.failOnViolation", defaultValue = "true")
    protected boolean failOnViolation;

    /** Lowest severity that counts as a violation: {@code error}, {@code warning} or {@code note}. */
    @Parameter(property = "idemcheck.failOnSeverity", defaultValue = "warning")
    protected String failOnSeverity;

    /**
     * Fail the build when some files could not be analysed (a parse or read error) or an internal error was contained
     * (a rule failed on some methods), as the CLI's exit code 5 does; the message is the CLI's stderr line
     * ("idemcheck: 3 internal errors in 2 methods (IDEM004, IDEM008); details in ...").
     */
    @Parameter(property = "idemcheck.failOnError", defaultValue = "true")
    protected boolean failOnError;

    /** Number of violations tolerated before the build fails. */
    @Parameter(property = "idemcheck.maxAllowedViolations", defaultValue = "0")
    protected int maxAllowedViolations;

    /** Report formats to write: any of {@code text}, {@code json}, {@code sarif} (comma-separated or a list). */
    @Parameter(property = "idemcheck.formats", defaultValue = "sarif,text")
    protected List<String> formats;

    /** Where the reports go: {@code idemcheck.sarif}, {@code idemcheck.json}, {@code idemcheck.txt}. */
    @Parameter(property = "idemcheck.outputDirectory", defaultValue = "${project.build.directory}/idemcheck")
    protected File outputDirectory;

    /**
     * Globs of files to analyse (default: all). Matched against the path relative to the Maven source or resource
     * directory ({@code com/acme/Job.java}) and against the report path ({@code module/src/main/java/com/acme/Job.java});
     * either match counts. {@code **} spans folders.
     */
    @Parameter(property = "idemcheck.includes")
    protected List<String> includes;

    /** Globs of files to leave out, matched like {@code includes}; excludes win. */
    @Parameter(property = "idemcheck.excludes")
    protected List<String> excludes;

    /**
     * The project configuration ({@code idemcheck.yml}, see docs/configuration.md). Default: {@code idemcheck.yml}
     * found from the module's directory upwards, up to the top of the git work tree; none when there is no such file.
     */
    @Parameter(property = "idemcheck.configFile")
    protected File configFile;

    /**
     * A baseline written with the CLI ({@code idemcheck scan --update-baseline}): the findings it records are listed
     * as suppressed by the baseline and do not fail the build; only new ones do. It must exist when set.
     */
    @Parameter(property = "idemcheck.baselineFile")
    protected File baselineFile;

    /**
     * Report findings located in test sources. Test source roots are always read (rules look at tests, e.g. for a
     * kill-midway test); with {@code false} only the findings in test files are left out of the log, the reports and
     * the count.
     */
    @Parameter(property = "idemcheck.includeTests", defaultValue = "true")
    protected boolean includeTests;

    /** Also analyse source roots under {@code ${project.build.directory}} (generated sources). */
    @Parameter(property = "idemcheck.includeGeneratedSources", defaultValue = "false")
    protected boolean includeGeneratedSources;

    /**
     * Directory that report paths are relative to, like the CLI's {@code --source-root}. Default: the top of the git
     * work tree holding the reactor root, else the reactor root.
     */
    @Parameter(property = "idemcheck.sourceRoot")
    protected File sourceRoot;

    /** Parser and rule threads, 0 to 32767; 0 means one per available core. */
    @Parameter(property = "idemcheck.threads", defaultValue = "0")
    protected int threads;

    /**
     * Analysis cache file: each Java file's facts keyed by content hash and tool version, so that a build re-parses
     * only the files changed since the last one, and the whole result, reused as it is when no scanned file, no
     * configuration and no tool or rules jar changed (findings are the same with or without it). A directory, or a
     * file that is also a report, the baseline or the configuration, fails the build as a bad parameter.
     */
    @Parameter(property = "idemcheck.cacheFile", defaultValue = "${project.build.directory}/idemcheck/cache")
    protected File cacheFile;

    /** Use the analysis cache ({@code -Didemcheck.cache=false} turns it off). */
    @Parameter(property = "idemcheck.cache", defaultValue = "true")
    protected boolean cache;

    /** Absolute base URL of the rule docs; SARIF rules then get {@code helpUri = URL/<RuleName>.md}. */
    @Parameter(property = "idemcheck.docsBaseUrl")
    protected String docsBaseUrl;

    /** Source encoding. idemcheck reads UTF-8 (ISO-8859-1 for files that are not valid UTF-8); others get a warning. */
    @Parameter(property = "idemcheck.encoding", defaultValue = "${project.build.sourceEncoding}")
    protected String encoding;

    /** One directory to read and whether it holds test code. */
    protected record SourceDir(Path dir, boolean test) {
    }

    /** Settings parsed and checked before anything runs. */
    private record Settings(Severity threshold, List<ReportFormat> formats, Globs includes, Globs excludes,
                            Path cache) {
    }

    /** Name of the goal for messages. */
    protected abstract String goal();

    /** Adds the directories to analyse; called only when the goal is not skipped. */
    protected abstract void collectSourceDirs(Map<Path, SourceDir> out);

    /** True (after logging why) when this execution has nothing to do. */
    protected boolean skipExecution() {
        return false;
    }

    @Override
    public void execute() throws MojoExecutionException, MojoFailureException {
        Log log = getLog();
        if (skip) {
            log.info("idemcheck: skipped (idemcheck.skip=true)");
            return;
        }
        Settings settings = settings();
        if (skipExecution()) {
            return;
        }
        if (encoding != null && !encoding.isBlank() && !isUtf8(encoding)) {
            log.warn("idemcheck: sources are read as UTF-8 (ISO-8859-1 for files that are not valid UTF-8); "
                    + "the source encoding " + encoding + " is not used");
        }

        Path root = reportRoot();
        Map<Path, SourceDir> dirs = new LinkedHashMap<>();
        collectSourceDirs(dirs);
        Set<String> testFiles = new LinkedHashSet<>();
        List<Path> files = selectFiles(dirs.values(), root, settings, testFiles);
        if (files.isEmpty()) {
            log.info("idemcheck: no Java, mapper XML or SQL files to analyse");
            return;
        }
        if (log.isDebugEnabled()) {
            log.debug("idemcheck: report root " + root + ", " + files.size() + " files from " + dirs.keySet());
        }

        ScanSession.Outcome outcome;
        ClassLoader previous = Thread.currentThread().getContextClassLoader();
        try {
            Thread.currentThread().setContextClassLoader(AbstractIdemcheckMojo.class.getClassLoader());
            RuleRegistry rules = RuleRegistry.load(AbstractIdemcheckMojo.class.getClassLoader());
            ProjectConfig config = ScanSession.loadConfig(configFile == null ? null : configFile.toPath(),
                    project.getBasedir().toPath());
            ScanRequest request = new ScanRequest(files, root, threads, rules, ProgressListener.NONE, config,
                    settings.cache());
            Path dir = outputDirectory.toPath().toAbsolutePath().normalize();
            List<ScanSession.Report> reports = settings.formats().stream()
                    .map(f -> new ScanSession.Report(f, dir.resolve("idemcheck." + f.extension()))).toList();
            List<Path> inputs = new java.util.ArrayList<>();
            if (settings.cache() != null) {
                inputs.add(settings.cache());
            }
            if (baselineFile != null) {
                inputs.add(baselineFile.toPath());
            }
            if (configFile != null) {
                inputs.add(configFile.toPath());
            }
            for (Path stale : removeStaleReports(dir, settings.formats(), inputs)) {
                log.info("idemcheck: removed " + display(stale) + " (its format is no longer in formats)");
            }
            outcome = new ScanSession().run(new ScanSession.Settings(request,
                    baselineFile == null ? null
                            : new ScanSession.Baselining(baselineFile.toPath(), false, baselineFile.getName()),
                    includeTests ? null : f -> !testFiles.contains(f.primary().path()),
                    new ScanSession.Decision(settings.threshold(), maxAllowedViolations, failOnError),
                    new ScanSession.Output(reports, docsBaseUrl, false, null,
                            project.getBasedir().toPath().toAbsolutePath().normalize())), new ScanSession.Listener() {
                                @Override
                                public void result(ScanResult result) {
                                    logResult(result);
                                }
                            });
        } catch (ScanSession.Failure f) {
            throw failure(f);
        } catch (IllegalArgumentException e) {
            String m = firstLine(e.getMessage());
            throw new MojoExecutionException("idemcheck: " + (m.equals("failed")
                    ? e.getClass().getSimpleName() + " while scanning" : m), e);
        } catch (RuntimeException | Error e) {
            CatalogException bad = CatalogException.in(e);
            if (bad == null) {
                throw e;
            }
            throw new MojoExecutionException("idemcheck: " + firstLine(bad.getMessage()), e);
        } finally {
            Thread.currentThread().setContextClassLoader(previous);
        }

        if (!outcome.written().isEmpty()) {
            log.info("idemcheck: reports in " + display(outputDirectory.toPath()) + ": "
                    + String.join(", ", outcome.written().stream().map(p -> p.getFileName().toString()).toList()));
        }
        decide(outcome);
    }

    /**
     * Deletes the reports of an earlier build in {@code dir} whose format is not requested now ({@code idemcheck.sarif}
     * after {@code formats} dropped sarif), so that CI never uploads a report of an older scan; a file that is one of
     * {@code inputs} (the cache, baseline or configuration file) is left alone whatever its name.
     *
     * @return the files deleted, in format order
     * @throws MojoExecutionException when a stale report exists but cannot be deleted
     */
    static List<Path> removeStaleReports(Path dir, List<ReportFormat> requested, List<Path> inputs)
            throws MojoExecutionException {
        List<Path> removed = new java.util.ArrayList<>();
        for (ReportFormat f : ReportFormat.values()) {
            Path p = dir.resolve("idemcheck." + f.extension());
            if (requested.contains(f) || !Files.isRegularFile(p)
                    || inputs.stream().anyMatch(in -> CacheFileCheck.sameFile(p.toAbsolutePath().normalize(), in))) {
                continue; // (a cache, baseline or configuration file of that name is an input, never a report)
            }
            try {
                Files.delete(p);
                removed.add(p);
            } catch (java.io.IOException e) {
                throw new MojoExecutionException("idemcheck: cannot delete the stale report " + p + " (its format is "
                        + "no longer in formats): " + io.idemcheck.core.cache.AnalysisCache.reason(e), e);
            }
        }
        return removed;
    }

    /** A session failure in the words of this plugin's parameters. */
    private MojoExecutionException failure(ScanSession.Failure f) {
        Throwable c = f.getCause();
        return switch (f.kind()) {
            case BASELINE_IS_DIRECTORY, BASELINE_MISSING -> new MojoExecutionException("idemcheck: baselineFile "
                    + baselineFile + " does not exist (write it with the CLI: idemcheck scan --update-baseline)");
            case BASELINE_UNREADABLE -> c instanceof IOException
                    ? new MojoExecutionException("idemcheck: cannot read baselineFile " + baselineFile + ": "
                    + firstLine(String.valueOf(c.getMessage())), c)
                    : new MojoExecutionException("idemcheck: " + firstLine(c.getMessage()), c);
            case REPORT_DIRECTORY -> new MojoExecutionException("idemcheck: cannot create the output directory "
                    + f.file() + " (" + c.getMessage() + ")", c);
            case REPORT_UNWRITABLE -> new MojoExecutionException("idemcheck: cannot write " + f.file() + " ("
                    + c.getMessage() + ")", c);
            case REJECTED, BASELINE_UNWRITABLE -> new MojoExecutionException("idemcheck: "
                    + firstLine(c.getMessage()), c);
        };
    }

    private void decide(ScanSession.Outcome o) throws MojoFailureException {
        Log log = getLog();
        String reportRef = o.reportRef();
        o.internalErrorLine().ifPresent(log::error);
        long count = o.atThreshold();
        String sev = o.thresholdLabel();
        if (o.overThreshold()) {
            String msg = "idemcheck: " + plural(count, "finding") + " at or above severity " + sev
                    + ", more than the " + maxAllowedViolations + " allowed (maxAllowedViolations); see " + reportRef;
            if (failOnViolation) {
                throw new MojoFailureException(msg);
            }
            log.warn(msg + " (failOnViolation=false: the build goes on)");
        } else if (count > 0) {
            log.warn("idemcheck: " + plural(count, "finding") + " at or above severity " + sev + ", within the "
                    + maxAllowedViolations + " allowed (maxAllowedViolations)");
        }
        String msg = o.analysisErrorMessage().orElse(null);
        if (msg != null) {
            if (failOnError) {
                throw new MojoFailureException(msg + " (set idemcheck.failOnError=false to let the build pass)");
            }
            log.warn(msg + " (failOnError=false: the build goes on)");
        }
    }

    /** The CLI's stderr line about internal errors ("idemcheck: 3 internal errors in 2 methods (...); details in ..."). */
    static Optional<String> internalErrorLine(ScanResult result, String reportRef) {
        return ScanSession.internalErrorLine(result, reportRef);
    }

    /**
     * Why the build fails under failOnError (the CLI's exit code 5): the internal-error line when the tool failed
     * somewhere, else the count of files not analysed; empty when every input was analysed.
     */
    static Optional<String> analysisErrorMessage(ScanResult result, String reportRef) {
        return ScanSession.analysisErrorMessage(result, reportRef);
    }

    private Settings settings() throws MojoExecutionException {
        Severity threshold;
        try {
            threshold = ScanSession.parseThreshold(failOnSeverity);
        } catch (IllegalArgumentException e) {
            throw new MojoExecutionException("idemcheck: failOnSeverity: unknown value '" + failOnSeverity
                    + "' (expected error, warning or note)");
        }
        if (maxAllowedViolations < 0) {
            throw new MojoExecutionException("idemcheck: maxAllowedViolations: must be 0 or more, was "
                    + maxAllowedViolations);
        }
        if (threads < 0 || threads > ScanRequest.MAX_THREADS) {
            throw new MojoExecutionException("idemcheck: threads: must be 0 to " + ScanRequest.MAX_THREADS
                    + " (0: one per core), was " + threads);
        }
        Set<ReportFormat> fmts = new LinkedHashSet<>();
        for (String f : Globs.split(formats)) {
            if (f.equalsIgnoreCase("none")) {
                continue;
            }
            try {
                fmts.add(ReportFormat.parse(f));
            } catch (IllegalArgumentException e) {
                throw new MojoExecutionException("idemcheck: formats: unknown value '" + f
                        + "' (expected text, json or sarif)");
            }
        }
        if (fmts.contains(ReportFormat.SARIF) && docsBaseUrl != null) {
            try {
                ReportFormat.SARIF.writer(docsBaseUrl);
            } catch (IllegalArgumentException e) {
                throw new MojoExecutionException("idemcheck: docsBaseUrl: " + firstLine(e.getMessage()));
            }
        }
        if (sourceRoot != null && !sourceRoot.isDirectory()) {
            throw new MojoExecutionException("idemcheck: sourceRoot: '" + sourceRoot + "' is not a directory");
        }
        // SARIF first: it is the report a failure message points to
        List<ReportFormat> ordered = new ArrayList<>();
        for (ReportFormat f : List.of(ReportFormat.SARIF, ReportFormat.JSON, ReportFormat.TEXT)) {
            if (fmts.contains(f)) {
                ordered.add(f);
            }
        }
        return new Settings(threshold, ordered, Globs.of(includes), Globs.of(excludes), cachePath(ordered));
    }

    /**
     * The analysis cache file, null when {@code cache=false}: like the CLI's {@code --cache}, an empty or blank path, a
     * directory, or a file that is also a report this goal writes, the baseline or the configuration, is a usage error
     * (the cache would be ignored, or the report would overwrite it on every build).
     */
    Path cachePath(List<ReportFormat> reports) throws MojoExecutionException {
        if (!cache || cacheFile == null) {
            return null;
        }
        String shown = cacheFile.getPath();
        Path file = shown.isBlank() ? null : cacheFile.toPath().toAbsolutePath().normalize();
        Path dir = outputDirectory.toPath().toAbsolutePath().normalize();
        List<CacheFileCheck.Use> others = new ArrayList<>();
        for (ReportFormat f : reports) {
            others.add(new CacheFileCheck.Use("the " + f.name().toLowerCase(Locale.ROOT) + " report",
                    dir.resolve("idemcheck." + f.extension())));
        }
        others.add(new CacheFileCheck.Use("the baselineFile", baselineFile == null ? null : baselineFile.toPath()));
        others.add(new CacheFileCheck.Use("the configFile", configFile == null ? null : configFile.toPath()));
        Optional<CacheFileCheck.Problem> problem = CacheFileCheck.problem(shown, file, others);
        if (problem.isPresent()) {
            CacheFileCheck.Problem p = problem.get();
            throw new MojoExecutionException("idemcheck: cacheFile: " + p.text()
                    + (p.kind() == CacheFileCheck.Kind.SHARED ? "" : " (or -Didemcheck.cache=false)"));
        }
        return file;
    }

    /**
     * The directory report paths are relative to: {@code sourceRoot} when set, else the top of the git work tree
     * holding the reactor root, else the reactor root. Every module and the aggregate use the same one, so paths mean
     * the same in every report and in the CLI's.
     */
    protected Path reportRoot() {
        if (sourceRoot != null) {
            return sourceRoot.toPath().toAbsolutePath().normalize();
        }
        Path reactorRoot = reactorRoot();
        for (Path d = reactorRoot; d != null; d = d.getParent()) {
            if (Files.exists(d.resolve(".git"))) {
                return SourceDiscovery.defaultSourceRoot(reactorRoot);
            }
        }
        return reactorRoot;
    }

    private Path reactorRoot() {
        MavenProject top = session == null ? null : session.getTopLevelProject();
        if (top != null && top.getBasedir() != null) {
            return top.getBasedir().toPath().toAbsolutePath().normalize();
        }
        if (session != null && session.getExecutionRootDirectory() != null) {
            return Path.of(session.getExecutionRootDirectory()).toAbsolutePath().normalize();
        }
        return project.getBasedir().toPath().toAbsolutePath().normalize();
    }

    /** Adds the existing source, test source and resource directories of {@code p}. */
    protected void addProjectDirs(MavenProject p, Map<Path, SourceDir> out) {
        Path build = p.getBuild() == null || p.getBuild().getDirectory() == null ? null
                : Path.of(p.getBuild().getDirectory()).toAbsolutePath().normalize();
        for (String s : p.getCompileSourceRoots()) {
            addDir(p, s, false, build, out);
        }
        for (String s : p.getTestCompileSourceRoots()) {
            addDir(p, s, true, build, out);
        }
        for (Resource r : p.getResources()) {
            addDir(p, r.getDirectory(), false, build, out);
        }
        for (Resource r : p.getTestResources()) {
            addDir(p, r.getDirectory(), true, build, out);
        }
    }

    private void addDir(MavenProject p, String dir, boolean test, Path build, Map<Path, SourceDir> out) {
        if (dir == null || dir.isBlank()) {
            return;
        }
        Path d = Path.of(dir);
        if (!d.isAbsolute()) {
            d = p.getBasedir().toPath().resolve(d);
        }
        d = d.toAbsolutePath().normalize();
        if (!Files.isDirectory(d)) {
            return;
        }
        if (!includeGeneratedSources && build != null && d.startsWith(build)) {
            getLog().debug("idemcheck: leaving out generated sources " + d + " (includeGeneratedSources=false)");
            return;
        }
        out.putIfAbsent(d, new SourceDir(d, test));
    }

    /** The files of all directories after includes/excludes, sorted by report path; fills {@code testFiles}. */
    private static List<Path> selectFiles(Iterable<SourceDir> dirs, Path root, Settings s, Set<String> testFiles) {
        TreeMap<String, Path> files = new TreeMap<>();
        for (SourceDir d : dirs) {
            for (SourceFile f : SourceDiscovery.discover(List.of(d.dir()), d.dir())) {
                String reportPath = SourceDiscovery.relativize(root, f.path());
                if (!s.includes().isEmpty() && !s.includes().matchesAny(f.relPath(), reportPath)) {
                    continue;
                }
                if (s.excludes().matchesAny(f.relPath(), reportPath)) {
                    continue;
                }
                if (files.putIfAbsent(reportPath, f.path()) == null && d.test()) {
                    testFiles.add(reportPath);
                }
            }
        }
        return new ArrayList<>(files.values());
    }

    private void logResult(ScanResult r) {
        Log log = getLog();
        Path root = r.sourceRoot();
        for (Finding f : r.findings()) {
            Location p = f.primary();
            String line = root.resolve(p.path()) + ":[" + p.startLine() + "," + p.startColumn() + "] ["
                    + f.ruleId() + "] " + f.ruleName() + ": " + oneLine(f.message());
            switch (f.severity()) {
                case ERROR -> log.error(line);
                case WARNING -> log.warn(line);
                case NOTE -> log.info(line);
            }
        }
        for (Diagnostic d : r.diagnostics()) {
            String where = d.path() == null ? "idemcheck" : root.resolve(d.path()) + (d.line() > 0
                    ? ":[" + d.line() + "," + Math.max(d.column(), 1) + "]" : "");
            String line = where + " " + d.kind().name().toLowerCase(Locale.ROOT).replace('_', ' ') + ": "
                    + oneLine(d.message());
            if (d.kind().blocksAnalysis()) {
                log.error(line);
            } else if (d.kind() == Diagnostic.Kind.INFO || d.kind() == Diagnostic.Kind.NOT_ANALYSED) {
                log.info(line);
            } else {
                log.warn(line);
            }
        }
        log.info(TextReportWriter.summaryLine(r));
    }

    /** A path relative to the current project's directory when inside it, else absolute. */
    private String display(Path p) {
        Path base = project.getBasedir().toPath().toAbsolutePath().normalize();
        Path abs = p.toAbsolutePath().normalize();
        return abs.startsWith(base) ? base.relativize(abs).toString().replace('\\', '/') : abs.toString();
    }

    private static boolean isUtf8(String enc) {
        String e = enc.trim().replace("-", "").replace("_", "");
        return e.equalsIgnoreCase("UTF8");
    }

    /** An exception message's first line for a one-line error; "failed" when there is no message. */
    private static String firstLine(String s) {
        return s == null || s.isBlank() ? "failed" : Texts.firstLine(s);
    }
}
