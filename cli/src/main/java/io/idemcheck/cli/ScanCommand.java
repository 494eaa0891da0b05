package io.idemcheck.cli;

import io.idemcheck.core.baseline.Baseline;
import io.idemcheck.core.config.ProjectConfig;
import io.idemcheck.core.engine.ProgressListener;
import io.idemcheck.core.engine.ScanRequest;
import io.idemcheck.core.finding.ScanResult;
import io.idemcheck.core.finding.Severity;
import io.idemcheck.core.report.ReportFormat;
import io.idemcheck.core.report.ReportWriter;
import io.idemcheck.core.report.SarifReportWriter;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

import java.io.IOException;
import java.io.OutputStreamWriter;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.AccessDeniedException;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.InvalidPathException;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;

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
            description = "Parser and rule threads; 0 means one per core (default: ${DEFAULT-VALUE}).")
    int threads;

    @Option(names = "--progress", negatable = true,
            description = "Show a progress line on standard error (default: on when standard error is a terminal "
                    + "and the report goes to a file).")
    Boolean progress;

    @Option(names = "--source-root", paramLabel = "DIR",
            description = "Directory that report paths are relative to (default: the top of the git work tree "
                    + "holding the first PATH, else the current directory).")
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
                    + "without it; a corrupt or other-version FILE is ignored with a note.")
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
        if (threads < 0) {
            throw new UsageException("--threads: must be 0 or more, was " + threads);
        }
        ReportWriter writer = fmt == ReportFormat.SARIF ? sarifWriter() : fmt.writer(null, showSuppressed);
        if (fmt != ReportFormat.SARIF && docsBaseUrl != null) {
            sarifWriter(); // still validate it
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
        Baseline accepted = null;
        if (baselineFile != null) {
            if (Files.isDirectory(baselineFile)) {
                throw new UsageException("--baseline: '" + baseline + "' is a directory, not a file");
            }
            if (!updateBaseline && !Files.isRegularFile(baselineFile)) {
                throw new UsageException("--baseline: '" + baseline + "' does not exist (write it with "
                        + "--update-baseline)");
            }
            try {
                accepted = Baseline.readIfExists(baselineFile);
            } catch (IOException | IllegalArgumentException e) {
                throw new UsageException("--baseline: cannot read '" + baselineFile + "' ("
                        + IdemcheckCli.firstLine(e.getMessage()) + ")");
            }
        }
        Path cacheFile = null;
        if (cache != null) {
            cacheFile = Path.of(cache).toAbsolutePath().normalize();
            if (Files.isDirectory(cacheFile)) {
                throw new UsageException("--cache: '" + cache + "' is a directory; give a file");
            }
        }
        ScanRequest request = new ScanRequest(scanPaths, root, threads, cli.rules.get(), listener, projectConfig,
                cacheFile);

        ScanResult result;
        try {
            result = cli.engine.apply(request);
        } catch (IllegalArgumentException e) {
            // the engine's contract: IllegalArgumentException means a bad path or setting
            throw new UsageException(IdemcheckCli.firstLine(e.getMessage()));
        }
        if (result == null) {
            throw new IllegalStateException("the engine returned no result");
        }
        if (baselineFile != null) {
            String name = displayName(baselineFile, root);
            if (updateBaseline) {
                Baseline.Update u = Baseline.update(accepted, result);
                try {
                    u.next().write(baselineFile);
                } catch (IOException e) {
                    throw new UsageException("--baseline: cannot write '" + baselineFile + "' (" + reason(e) + ")");
                }
                cli.err.println("idemcheck: baseline " + name + " written: " + plural(u.next().size(), "finding")
                        + " accepted (" + u.added().stream().mapToInt(Baseline.Entry::count).sum() + " new, "
                        + u.dropped().stream().mapToInt(Baseline.Entry::count).sum() + " fixed and dropped)");
                cli.err.flush();
                accepted = u.next();
            }
            result = accepted.apply(result, name).result();
        }

        if (outFile == null) {
            Writer w = new OutputStreamWriter(cli.out, StandardCharsets.UTF_8);
            writer.write(result, w);
            w.flush();
        } else {
            try (Writer w = Files.newBufferedWriter(outFile, StandardCharsets.UTF_8)) {
                writer.write(result, w);
            } catch (IOException e) {
                throw new UsageException("--output: cannot write '" + output + "' (" + reason(e) + ")");
            }
        }
        String reportName = outFile == null ? "the report" : displayName(outFile, Path.of("").toAbsolutePath());
        internalErrorLine(result, reportName).ifPresent(line -> {
            cli.err.println(line);
            cli.err.flush();
        });
        return exitCode(result, threshold, failOnError);
    }

    private static String displayName(Path file, Path root) {
        Path a = file.toAbsolutePath().normalize();
        Path cwd = Path.of("").toAbsolutePath();
        Path shown = a.startsWith(root) ? root.relativize(a) : a.startsWith(cwd) ? cwd.relativize(a) : a;
        return shown.toString().replace('\\', '/');
    }

    private static String plural(int n, String word) {
        return n + " " + word + (n == 1 ? "" : "s");
    }

    /**
     * The one stderr line that says the tool failed somewhere and the scan went on ("idemcheck: 3 internal errors in 2
     * methods (IDEM004, IDEM008); details in the report"); empty when there was no internal error. Printed whatever
     * the exit code.
     */
    static java.util.Optional<String> internalErrorLine(ScanResult result, String report) {
        return result.internalErrorSummary().map(s -> "idemcheck: " + s + "; details in " + report);
    }

    /**
     * 4 when a finding reaches the threshold (findings win), else 5 when files were not analysed or an internal error
     * was contained (unless {@code failOnError} is false), else 0.
     */
    static int exitCode(ScanResult result, Severity threshold, boolean failOnError) {
        if (threshold != null && result.countAtLeast(threshold) > 0) {
            return ExitCode.FINDINGS;
        }
        if (failOnError && result.hasAnalysisErrors()) {
            return ExitCode.NOT_ANALYSED;
        }
        return ExitCode.OK;
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
        if (s.trim().equalsIgnoreCase("none")) {
            return null;
        }
        try {
            return Severity.parse(s);
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

    private static String reason(IOException e) {
        if (e instanceof AccessDeniedException) {
            return "permission denied";
        }
        if (e instanceof FileAlreadyExistsException f) {
            return "'" + f.getFile() + "' is a file";
        }
        if (e instanceof NoSuchFileException) {
            return "no such directory";
        }
        return IdemcheckCli.firstLine(e.getMessage() == null ? e.getClass().getSimpleName() : e.getMessage());
    }
}
