package io.idemcheck.cli;

import io.idemcheck.core.baseline.Baseline;
import io.idemcheck.core.cache.CacheFileCheck;
import io.idemcheck.core.config.ProjectConfig;
import io.idemcheck.core.engine.ProgressListener;
import io.idemcheck.core.engine.ScanRequest;
import io.idemcheck.core.finding.Severity;
import io.idemcheck.core.report.ReportFormat;
import io.idemcheck.core.report.SarifReportWriter;
import io.idemcheck.core.session.ScanSession;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;

import static io.idemcheck.core.cache.AnalysisCache.reason;
import static io.idemcheck.core.util.Texts.firstLine;

/** {@code idemcheck scan [PATH...]}. */
@Command(name = "scan", mixinStandardHelpOptions = true, versionProvider = IdemcheckCli.VersionProvider.class,
        description = "Scans Java sources, mapper XML and SQL files for code that is not safe to restart.",
        footer = {"", "Exit codes: 0 nothing at or above --fail-on; 4 findings at or above it; 5 some files could "
                + "not be analysed or a rule failed on some methods (internal errors), and no finding reached the "
                + "threshold; 2 usage error; 1 tool failure."})
final class ScanCommand implements Callable<Integer> {

    private final IdemcheckCli cli;

    @Parameters(paramLabel = "PATH", arity = "0..*",
            description = "Files or directories to scan (default: the current directory).")
    List<String> paths = new ArrayList<>();

    @Option(names = {"-f", "--format"}, paramLabel = "FORMAT", defaultValue = "text",
            description = "Report format: text, json or sarif (default: ${DEFAULT-VALUE}).")
    String format;

    @Option(names = {"-o", "--output"}, paramLabel = "FILE",
            description = "Write the report to FILE (parent directories are created) instead of standard output.")
    String output;

    @Option(names = "--fail-on", paramLabel = "SEVERITY", defaultValue = "warning",
            description = "Exit with 4 when a finding has this severity or a higher one: error, warning, note or none "
                    + "(default: ${DEFAULT-VALUE}).")
    String failOn;

    @Option(names = "--threads", paramLabel = "N", defaultValue = "0",
            description = "Parser and rule threads, 0 to 32767; 0 means one per core (default: ${DEFAULT-VALUE}).")
    int threads;

    @Option(names = "--progress", negatable = true,
            description = "Show a progress line on standard error (default: on when standard error is a terminal "
                    + "and the report goes to a file).")
    Boolean progress;

    @Option(names = "--source-root", paramLabel = "DIR",
            description = "Directory that report paths are relative to (default: the top of the git work tree "
                    + "holding the first PATH; outside one, the current directory when it holds the first PATH, "
                    + "else that PATH's folder).")
    String sourceRoot;

    @Option(names = "--fail-on-error", negatable = true, defaultValue = "true", fallbackValue = "true",
            description = "Exit with 5 when some files could not be analysed or an internal error was contained "
                    + "(default: on).")
    boolean failOnError;

    @Option(names = "--docs-base-url", paramLabel = "URL",
            description = "Absolute base URL of the rule docs; SARIF rules then get helpUri = URL/<RuleName>.md.")
    String docsBaseUrl;

    @Option(names = "--config", paramLabel = "FILE",
            description = "Configuration file (default: idemcheck.yml in the first PATH or a folder above it, up to "
                    + "the top of the git work tree).")
    String config;

    @Option(names = "--baseline", paramLabel = "FILE",
            description = "Accept the findings recorded in FILE: only findings not in it fail the scan.")
    String baseline;

    @Option(names = "--update-baseline",
            description = "Write or refresh the baseline (--baseline FILE, default: idemcheck-baseline.json at the "
                    + "source root) with the current findings, then report as with it.")
    boolean updateBaseline;

    @Option(names = "--show-suppressed",
            description = "List suppressed and baselined findings too (text, JSON; SARIF: as results with "
                    + "suppressions).")
    boolean showSuppressed;

    @Option(names = "--cache", paramLabel = "FILE",
            description = "Analysis cache: keep each file's facts in FILE (keyed by content hash and tool version) "
                    + "and parse only files changed since the scan that wrote it. Findings are the same with or "
                    + "without it; a corrupt, damaged or other-version FILE is ignored with a note (on standard "
                    + "error too) and rebuilt. FILE must not be the report, the baseline or the configuration.")
    String cache;

    @Option(names = "--debug", description = "Print the stack trace when the tool fails.")
    boolean debug;

    ScanCommand(IdemcheckCli cli) {
        this.cli = cli;
    }

    @Override
    public Integer call() throws IOException {
        ReportFormat fmt = parseFormat(format);
        Severity threshold = parseFailOn(failOn);
        ScanTargets.checkThreads(threads);
        if (fmt == ReportFormat.SARIF || docsBaseUrl != null) {
            sarifWriter(); // validates --docs-base-url
        }

        ScanTargets targets = ScanTargets.of(paths, sourceRoot);
        List<Path> scanPaths = targets.paths();
        Path root = targets.root();
        Path outFile = output == null ? null : prepareOutput(output);

        boolean showProgress = progress != null ? progress : cli.console && outFile != null;
        ProgressListener listener = showProgress ? new ProgressLine(cli.err) : ProgressListener.NONE;
        ProjectConfig projectConfig = ScanTargets.loadConfig(config, scanPaths.get(0));
        Path baselineFile = baseline != null ? ScanTargets.toPath(baseline, "--baseline").toAbsolutePath().normalize()
                : updateBaseline ? root.resolve(Baseline.DEFAULT_FILE) : null;
        Path cacheFile = cacheFile(outFile, baselineFile);
        ScanRequest request = new ScanRequest(scanPaths, root, threads, cli.rules.get(), listener, projectConfig,
                cacheFile);
        ScanSession.Settings settings = new ScanSession.Settings(request,
                baselineFile == null ? null : new ScanSession.Baselining(baselineFile, updateBaseline, null), null,
                new ScanSession.Decision(threshold, 0, failOnError),
                new ScanSession.Output(List.of(new ScanSession.Report(fmt, outFile)), docsBaseUrl, showSuppressed,
                        cli.out, Path.of("").toAbsolutePath()));

        ScanSession.Outcome outcome;
        try {
            outcome = new ScanSession(cli.engine).run(settings, new ScanSession.Listener() {
                @Override
                public void notice(String line) {
                    cli.err.println(line);
                    cli.err.flush();
                }
            });
        } catch (ScanSession.Failure f) {
            throw usage(f);
        }
        outcome.internalErrorLine().ifPresent(line -> {
            cli.err.println(line);
            cli.err.flush();
        });
        return switch (outcome.verdict()) {
            case FINDINGS -> ExitCode.FINDINGS;
            case ANALYSIS_ERRORS -> ExitCode.NOT_ANALYSED;
            case PASS -> ExitCode.OK;
        };
    }

    /** A session failure in the words of this command's options; a failure to write standard output is rethrown. */
    private RuntimeException usage(ScanSession.Failure f) throws IOException {
        Throwable c = f.getCause();
        return switch (f.kind()) {
            case BASELINE_IS_DIRECTORY -> new UsageException("--baseline: '" + baseline + "' is a directory, not a file");
            case BASELINE_MISSING -> new UsageException("--baseline: '" + baseline + "' does not exist (write it with "
                    + "--update-baseline)");
            case BASELINE_UNREADABLE -> new UsageException("--baseline: cannot read '" + f.file() + "' ("
                    + firstLine(c.getMessage()) + ")");
            case BASELINE_UNWRITABLE -> new UsageException("--baseline: cannot write '" + f.file() + "' ("
                    + reason((IOException) c) + ")");
            // the engine's contract: IllegalArgumentException means a bad path or setting
            case REJECTED -> UsageException.of(c, "scanning");
            case REPORT_DIRECTORY -> new UsageException("--output: cannot create the directory of '" + output + "' ("
                    + reason((IOException) c) + ")");
            case REPORT_UNWRITABLE -> {
                if (f.file() == null) {
                    throw (IOException) c;
                }
                yield new UsageException("--output: cannot write '" + output + "' (" + reason((IOException) c) + ")");
            }
        };
    }

    /**
     * {@code --cache FILE} as an absolute path, null without the option.
     *
     * @throws UsageException for an empty path, a directory, or a file that is also the report, the baseline or the
     *                        configuration (the report would overwrite the cache on every run; the cache would never
     *                        be written over the others)
     */
    private Path cacheFile(Path outFile, Path baselineFile) {
        if (cache == null) {
            return null;
        }
        Path file = cache.isBlank() ? null : ScanTargets.toPath(cache, "--cache").toAbsolutePath().normalize();
        Path configFile = config == null ? null : ScanTargets.toPath(config, "--config").toAbsolutePath().normalize();
        CacheFileCheck.problem(cache, file, List.of(new CacheFileCheck.Use("the report (--output)", outFile),
                new CacheFileCheck.Use(baseline != null ? "the baseline (--baseline)"
                        : "the baseline --update-baseline writes", baselineFile),
                new CacheFileCheck.Use("the configuration (--config)", configFile))).ifPresent(p -> {
                    throw new UsageException("--cache: " + p.text());
                });
        return file;
    }

    private SarifReportWriter sarifWriter() {
        try {
            return new SarifReportWriter(docsBaseUrl, showSuppressed);
        } catch (IllegalArgumentException e) {
            throw new UsageException("--docs-base-url: " + e.getMessage());
        }
    }

    private static ReportFormat parseFormat(String s) {
        try {
            return ReportFormat.parse(s);
        } catch (IllegalArgumentException e) {
            throw new UsageException("--format: unknown value '" + s + "' (expected text, json or sarif)");
        }
    }

    /** null for "none". */
    private static Severity parseFailOn(String s) {
        try {
            return ScanSession.parseThreshold(s);
        } catch (IllegalArgumentException e) {
            throw new UsageException("--fail-on: unknown value '" + s + "' (expected error, warning, note or none)");
        }
    }

    private static Path prepareOutput(String output) {
        Path file = ScanTargets.toPath(output, "--output").toAbsolutePath().normalize();
        if (Files.isDirectory(file)) {
            throw new UsageException("--output: '" + output + "' is a directory");
        }
        Path parent = file.getParent();
        try {
            if (parent != null) {
                Files.createDirectories(parent);
            }
        } catch (IOException e) {
            throw new UsageException("--output: cannot create the directory of '" + output + "' (" + reason(e) + ")");
        }
        if (Files.exists(file) && !Files.isWritable(file)) {
            throw new UsageException("--output: cannot write '" + output + "' (permission denied)");
        }
        return file;
    }
}
