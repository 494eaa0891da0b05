package io.idemcheck.core.session;

import io.idemcheck.core.baseline.Baseline;
import io.idemcheck.core.cache.AnalysisCache;
import io.idemcheck.core.config.ConfigLoader;
import io.idemcheck.core.config.ProjectConfig;
import io.idemcheck.core.engine.Analyzer;
import io.idemcheck.core.engine.ScanRequest;
import io.idemcheck.core.finding.Finding;
import io.idemcheck.core.finding.ScanResult;
import io.idemcheck.core.finding.Severity;
import io.idemcheck.core.report.ReportFormat;
import io.idemcheck.core.report.ReportWriter;
import io.idemcheck.core.report.TextReportWriter;

import java.io.IOException;
import java.io.OutputStream;
import java.io.OutputStreamWriter;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.function.Function;
import java.util.function.Predicate;

import static io.idemcheck.core.util.Texts.plural;

/**
 * What the CLI's {@code scan} and the Maven plugin's goals share after their arguments are mapped: configuration
 * lookup, the engine run, the baseline (read, refresh, apply), leaving findings out, writing the reports and the
 * threshold and internal-error decision. The shells only turn their arguments into {@link Settings} and the
 * {@link Outcome} into an exit code or a build failure, so both mean the same by every setting.
 *
 * <p>Order of a run: the baseline file is checked and read (before the engine, so a bad file fails fast), the engine
 * scans, the baseline is refreshed and written when asked, then applied, findings not kept are dropped,
 * {@link Listener#result} sees the result, the reports are written in the order given, and the outcome is returned.
 * Problems with the files the session reads or writes are a {@link Failure} of one {@link Failure.Kind}; each shell
 * words it in its own vocabulary (option or parameter names).
 */
public final class ScanSession {

    private final Function<ScanRequest, ScanResult> engine;

    /** A session running the real engine ({@link Analyzer#scan}). */
    public ScanSession() {
        this(request -> new Analyzer().scan(request));
    }

    /**
     * A session running {@code engine} (a test seam: the CLI's tests hand in canned results).
     *
     * @param engine runs one scan; an {@link IllegalArgumentException} from it means a bad path or setting and becomes
     *               a {@link Failure.Kind#REJECTED} failure; it must not return null
     */
    public ScanSession(Function<ScanRequest, ScanResult> engine) {
        this.engine = Objects.requireNonNull(engine, "engine");
    }

    /**
     * The baseline to use.
     *
     * @param file   the baseline file (absolute); it must exist unless {@code update}
     * @param update write or refresh {@code file} with the scan's current findings, then apply it
     * @param name   how the file is named in the report's suppressions and in the notice; null: its path relative to
     *               the source root, else to the current directory, else absolute ({@link #displayName})
     */
    public record Baselining(Path file, boolean update, String name) {
        public Baselining {
            Objects.requireNonNull(file, "file");
        }
    }

    /**
     * When the scan fails.
     *
     * @param threshold   lowest severity that counts against the scan; null for "none" (findings never fail it)
     * @param maxAllowed  findings at or above {@code threshold} tolerated (0 or more; the CLI's is 0)
     * @param failOnError whether files not analysed or contained internal errors fail the scan (the CLI's exit code
     *                    5, the plugin's {@code failOnError})
     */
    public record Decision(Severity threshold, int maxAllowed, boolean failOnError) {
        public Decision {
            if (maxAllowed < 0) {
                throw new IllegalArgumentException("maxAllowed must be 0 or more, was " + maxAllowed);
            }
        }
    }

    /**
     * One report to write.
     *
     * @param format the report format
     * @param file   the file (parent directories are created); null for the session's standard output
     */
    public record Report(ReportFormat format, Path file) {
        public Report {
            Objects.requireNonNull(format, "format");
        }
    }

    /**
     * Where the reports go.
     *
     * @param reports        the reports, written in this order; the first one is the one messages point to
     * @param docsBaseUrl    absolute base URL of the rule docs for SARIF {@code helpUri}; null for none (checked by
     *                       the shell beforehand: {@code ReportFormat.SARIF.writer(url)} throws for a bad one)
     * @param showSuppressed list suppressed and baselined findings too
     * @param stdout         where a report without a file goes (written as UTF-8 and flushed, not closed); may be null
     *                       when every report has a file
     * @param displayBase    directory that written report files are named relative to in messages (the CLI: the
     *                       current directory; the plugin: the module's directory)
     */
    public record Output(List<Report> reports, String docsBaseUrl, boolean showSuppressed, OutputStream stdout,
                         Path displayBase) {
        public Output {
            reports = List.copyOf(reports);
            Objects.requireNonNull(displayBase, "displayBase");
        }
    }

    /**
     * Everything a run needs.
     *
     * @param request  what the engine scans (paths, source root, threads, rules, progress, configuration, cache)
     * @param baseline the baseline, or null for none
     * @param keep     which findings stay in the result after the baseline (the plugin's {@code includeTests=false}
     *                 leaves out findings in test files); null keeps all
     * @param decision threshold, tolerated count and whether analysis errors fail
     * @param output   the reports
     */
    public record Settings(ScanRequest request, Baselining baseline, Predicate<Finding> keep, Decision decision,
                           Output output) {
        public Settings {
            Objects.requireNonNull(request, "request");
            Objects.requireNonNull(decision, "decision");
            Objects.requireNonNull(output, "output");
        }
    }

    /** What the shell sees while the session runs. Both methods default to doing nothing. */
    public interface Listener {

        /**
         * A line for the user that is no part of a report: the baseline written ("idemcheck: baseline ... written:
         * ..."), a note about the analysis cache ("idemcheck: analysis cache ... ignored: ...; it is rebuilt").
         */
        default void notice(String line) {
        }

        /** The final result (baseline applied, findings not kept dropped), before any report is written. */
        default void result(ScanResult result) {
        }
    }

    /** What a run decides, in the shells' terms. */
    public enum Verdict {
        /** Nothing over the threshold, and every file analysed (or analysis errors do not fail): exit 0. */
        PASS,
        /** More than {@code maxAllowed} findings at or above the threshold: exit 4, findings win. */
        FINDINGS,
        /** Files not analysed or internal errors, with failOnError, and no finding over the threshold: exit 5. */
        ANALYSIS_ERRORS
    }

    /**
     * The result of a run.
     *
     * @param result         the final scan result (baseline applied, findings not kept dropped)
     * @param baselineUpdate the refreshed baseline written, or null when none was written
     * @param written        the report files written, in order (standard output is not a file and is not listed)
     * @param reportRef      how messages name the report: the first report's file relative to
     *                       {@link Output#displayBase()} (else absolute), "the report" when it went to standard
     *                       output, "the log above" when no report was written
     * @param decision       the decision settings of the run
     * @param atThreshold    findings at or above the threshold; 0 when the threshold is "none"
     */
    public record Outcome(ScanResult result, Baseline.Update baselineUpdate, List<Path> written, String reportRef,
                          Decision decision, long atThreshold) {

        /** True when more than {@code maxAllowed} findings reach the threshold. */
        public boolean overThreshold() {
            return atThreshold > decision.maxAllowed();
        }

        /** True when some files were not analysed or an internal error was contained. */
        public boolean analysisErrors() {
            return result.hasAnalysisErrors();
        }

        /** True when analysis errors happened and {@code failOnError} is set. */
        public boolean failsOnErrors() {
            return decision.failOnError() && analysisErrors();
        }

        /** Findings over the threshold win, then analysis errors under failOnError, else pass. */
        public Verdict verdict() {
            return overThreshold() ? Verdict.FINDINGS : failsOnErrors() ? Verdict.ANALYSIS_ERRORS : Verdict.PASS;
        }

        /** The threshold as written: "error", "warning", "note" or "none". */
        public String thresholdLabel() {
            return decision.threshold() == null ? "none" : decision.threshold().label();
        }

        /** The text report's last line: "idemcheck: 40 files, 16 findings (4 errors, ...), ..., 5.4 s". */
        public String summaryLine() {
            return TextReportWriter.summaryLine(result);
        }

        /** {@link ScanSession#internalErrorLine} for this run's report. */
        public Optional<String> internalErrorLine() {
            return ScanSession.internalErrorLine(result, reportRef);
        }

        /** {@link ScanSession#analysisErrorMessage} for this run's report. */
        public Optional<String> analysisErrorMessage() {
            return ScanSession.analysisErrorMessage(result, reportRef);
        }
    }

    /**
     * A file the session was given cannot be used, or the engine rejected the request. The message is for logs; the
     * shells word the problem from {@link #kind()}, {@link #file()} and {@link #getCause()}.
     */
    public static final class Failure extends RuntimeException {

        /** What went wrong. */
        public enum Kind {
            /** The baseline file is a directory. */
            BASELINE_IS_DIRECTORY,
            /** The baseline file does not exist and no update was asked for. */
            BASELINE_MISSING,
            /** The baseline file cannot be read or is not a baseline (cause: IOException or IllegalArgumentException). */
            BASELINE_UNREADABLE,
            /** The refreshed baseline cannot be written (cause: IOException). */
            BASELINE_UNWRITABLE,
            /** The engine threw IllegalArgumentException: a bad path or setting (cause: that exception). */
            REJECTED,
            /** A report's directory cannot be created (file: the directory; cause: IOException). */
            REPORT_DIRECTORY,
            /** A report cannot be written (file: the report, null for standard output; cause: IOException). */
            REPORT_UNWRITABLE
        }

        private final Kind kind;
        private final transient Path file;

        Failure(Kind kind, Path file, Throwable cause) {
            super(kind + (file == null ? "" : " " + file) + (cause == null ? "" : ": " + cause.getMessage()), cause);
            this.kind = kind;
            this.file = file;
        }

        public Kind kind() {
            return kind;
        }

        /** The file concerned; null for {@link Kind#REJECTED} and for standard output. */
        public Path file() {
            return file;
        }
    }

    /**
     * Runs the scan, applies the baseline and writes the reports.
     *
     * @throws Failure               for a baseline or report file that cannot be used, or a request the engine rejects
     * @throws IllegalStateException when the engine returns no result
     */
    public Outcome run(Settings s, Listener listener) {
        Listener l = listener == null ? new Listener() {
        } : listener;
        Path root = s.request().sourceRoot();
        Baselining b = s.baseline();
        Baseline accepted = b == null ? null : readBaseline(b);

        ScanResult result;
        try {
            result = engine.apply(s.request());
        } catch (IllegalArgumentException e) {
            throw new Failure(Failure.Kind.REJECTED, null, e);
        }
        if (result == null) {
            throw new IllegalStateException("the engine returned no result");
        }
        // a note about the analysis cache (ignored, rebuilt, not written) is a line beside the report too, which may
        // be a file nobody reads on a passing build
        result.diagnostics().stream().filter(AnalysisCache::isNote).forEach(d -> l.notice("idemcheck: " + d.message()));

        Baseline.Update update = null;
        if (b != null) {
            String name = b.name() != null ? b.name() : displayName(b.file(), root, Path.of("").toAbsolutePath());
            if (b.update()) {
                update = Baseline.update(accepted, result);
                try {
                    update.next().write(b.file());
                } catch (IOException e) {
                    throw new Failure(Failure.Kind.BASELINE_UNWRITABLE, b.file(), e);
                }
                l.notice("idemcheck: baseline " + name + " written: " + plural(update.next().size(), "finding")
                        + " accepted (" + update.added().stream().mapToInt(Baseline.Entry::count).sum() + " new, "
                        + update.dropped().stream().mapToInt(Baseline.Entry::count).sum() + " fixed and dropped)");
                accepted = update.next();
            }
            result = accepted.apply(result, name).result();
        }
        if (s.keep() != null) {
            List<Finding> kept = result.findings().stream().filter(s.keep()).toList();
            result = result.with(kept, result.diagnostics(), result.suppressed());
        }
        l.result(result);

        io.idemcheck.core.engine.PhaseClock.mark("baseline");
        List<Path> written = write(result, s.output());
        io.idemcheck.core.engine.PhaseClock.mark("report");
        Output out = s.output();
        String reportRef = out.reports().isEmpty() ? "the log above" : out.reports().get(0).file() == null
                ? "the report" : displayName(out.reports().get(0).file(), out.displayBase());
        Severity threshold = s.decision().threshold();
        long count = threshold == null ? 0 : result.countAtLeast(threshold);
        return new Outcome(result, update, List.copyOf(written), reportRef, s.decision(), count);
    }

    private static Baseline readBaseline(Baselining b) {
        if (Files.isDirectory(b.file())) {
            throw new Failure(Failure.Kind.BASELINE_IS_DIRECTORY, b.file(), null);
        }
        if (!b.update() && !Files.isRegularFile(b.file())) {
            throw new Failure(Failure.Kind.BASELINE_MISSING, b.file(), null);
        }
        try {
            return Baseline.readIfExists(b.file());
        } catch (IOException | IllegalArgumentException e) {
            throw new Failure(Failure.Kind.BASELINE_UNREADABLE, b.file(), e);
        }
    }

    private static List<Path> write(ScanResult result, Output out) {
        List<Path> written = new ArrayList<>();
        for (Report r : out.reports()) {
            ReportWriter w = r.format().writer(r.format() == ReportFormat.SARIF ? out.docsBaseUrl() : null,
                    out.showSuppressed());
            if (r.file() == null) {
                try {
                    Writer sw = new OutputStreamWriter(Objects.requireNonNull(out.stdout(), "stdout"),
                            StandardCharsets.UTF_8);
                    w.write(result, sw);
                    sw.flush();
                } catch (IOException e) {
                    throw new Failure(Failure.Kind.REPORT_UNWRITABLE, null, e);
                }
                continue;
            }
            Path file = r.file().toAbsolutePath().normalize();
            Path dir = file.getParent();
            if (dir != null) {
                try {
                    Files.createDirectories(dir);
                } catch (IOException e) {
                    throw new Failure(Failure.Kind.REPORT_DIRECTORY, dir, e);
                }
            }
            try (Writer fw = Files.newBufferedWriter(file, StandardCharsets.UTF_8)) {
                w.write(result, fw);
            } catch (IOException e) {
                throw new Failure(Failure.Kind.REPORT_UNWRITABLE, file, e);
            }
            written.add(file);
        }
        return written;
    }

    /**
     * The project configuration: {@code explicit} when given, else {@code idemcheck.yml} found from
     * {@code searchFrom} up to the top of the git work tree ({@link ProjectConfig#find}), else
     * {@link ProjectConfig#NONE}. The shells check an explicit file's existence themselves, in their own words.
     *
     * @throws io.idemcheck.core.config.ConfigException for a file that cannot be read or used (file, line and key)
     */
    public static ProjectConfig loadConfig(Path explicit, Path searchFrom) {
        Path file = explicit != null ? explicit : ProjectConfig.find(searchFrom);
        return file == null ? ProjectConfig.NONE : ConfigLoader.load(file);
    }

    /**
     * The threshold as the shells accept it: "error", "warning", "note" (any case, spaces around ignored), or
     * "none", which gives null (findings never fail the scan).
     *
     * @throws IllegalArgumentException for any other value, null included
     */
    public static Severity parseThreshold(String s) {
        String t = s == null ? "" : s.trim();
        return t.equalsIgnoreCase("none") ? null : Severity.parse(t);
    }

    /**
     * The one line that says the tool failed somewhere and the scan went on ("idemcheck: 3 internal errors in 2
     * methods (IDEM004, IDEM008); details in the report"); empty when there was no internal error. The CLI prints it
     * on stderr whatever the exit code; the plugin logs it as an error.
     */
    public static Optional<String> internalErrorLine(ScanResult result, String reportRef) {
        return result.internalErrorSummary().map(x -> "idemcheck: " + x + "; details in " + reportRef);
    }

    /**
     * Why analysis errors fail the scan (the CLI's exit code 5, the plugin's failOnError): the internal-error line
     * when the tool failed somewhere, else the count of files not analysed ("idemcheck: 1 file could not be analysed;
     * see REPORT"); empty when every input was analysed.
     */
    public static Optional<String> analysisErrorMessage(ScanResult result, String reportRef) {
        if (!result.hasAnalysisErrors()) {
            return Optional.empty();
        }
        return internalErrorLine(result, reportRef).or(() -> Optional.of("idemcheck: "
                + plural(TextReportWriter.notAnalysedFiles(result), "file") + " could not be analysed; see "
                + reportRef));
    }

    /**
     * {@code file} as messages show it: relative to the first of {@code bases} that holds it, else absolute; '/'
     * separated.
     */
    public static String displayName(Path file, Path... bases) {
        Path a = file.toAbsolutePath().normalize();
        Path shown = a;
        for (Path base : bases) {
            Path b = base.toAbsolutePath().normalize();
            if (a.startsWith(b)) {
                shown = b.relativize(a);
                break;
            }
        }
        return shown.toString().replace('\\', '/');
    }
}
