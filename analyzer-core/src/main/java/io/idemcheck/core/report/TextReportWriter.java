package io.idemcheck.core.report;

import io.idemcheck.core.finding.Diagnostic;
import io.idemcheck.core.finding.Finding;
import io.idemcheck.core.finding.Fix;
import io.idemcheck.core.finding.Location;
import io.idemcheck.core.finding.ScanResult;
import io.idemcheck.core.finding.Severity;
import io.idemcheck.core.finding.SuppressedFinding;

import java.io.IOException;
import java.io.Writer;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

import static io.idemcheck.core.util.Texts.oneLine;
import static io.idemcheck.core.util.Texts.plural;

/**
 * Compiler-style text report, one block per finding:
 *
 * <pre>
 * src/main/java/com/acme/Job.java:42:9: warning: [IDEM001] message
 *         payments.charge(card);
 *         ^~~~~~~~~~~~~~~~~~~~~
 *   fix: Record the task as IN_PROGRESS before charging.
 *       template line 1   (or, for a fix with edits, its unified diff: --- a/path, +++ b/path, @@ ... @@)
 *   src/main/java/com/acme/Job.java:47:9: note: status written here
 * </pre>
 *
 * then one line per diagnostic ({@code path:line:col: error: could not parse: ...}) and a summary line.
 */
public final class TextReportWriter implements ReportWriter {

    private static final String NL = "\n";

    private final boolean showSuppressed;

    /** A writer that only counts suppressed findings. */
    public TextReportWriter() {
        this(false);
    }

    /** @param showSuppressed also list suppressed findings, after the findings, with what suppressed them */
    public TextReportWriter(boolean showSuppressed) {
        this.showSuppressed = showSuppressed;
    }

    @Override
    public void write(ScanResult result, Writer out) throws IOException {
        StringBuilder sb = new StringBuilder();
        List<Finding> findings = new ArrayList<>(result.findings());
        findings.sort(SarifReportWriter.RESULT_ORDER);
        for (Finding f : findings) {
            appendFinding(sb, f, result.sourceRoot());
        }
        if (showSuppressed) {
            List<SuppressedFinding> sup = new ArrayList<>(result.suppressed());
            sup.sort(java.util.Comparator.comparing(SuppressedFinding::finding, SarifReportWriter.RESULT_ORDER));
            for (SuppressedFinding s : sup) {
                Finding f = s.finding();
                Location p = f.primary();
                sb.append(position(p.path(), p.startLine(), p.startColumn())).append(" suppressed: [")
                        .append(f.ruleId()).append("] ").append(oneLine(f.message())).append(NL);
                sb.append("  suppressed by ").append(s.kind().label())
                        .append(s.where() == null ? "" : " at " + s.where())
                        .append(s.justification() == null ? "" : ": " + oneLine(s.justification())).append(NL);
            }
        }
        for (Diagnostic d : result.diagnostics()) {
            sb.append(diagnosticLine(d)).append(NL);
        }
        sb.append(summaryLine(result)).append(NL);
        out.write(sb.toString());
        out.flush();
    }

    private static void appendFinding(StringBuilder sb, Finding f, java.nio.file.Path root) {
        Location p = f.primary();
        sb.append(position(p.path(), p.startLine(), p.startColumn())).append(' ')
                .append(f.severity().label()).append(": [").append(f.ruleId()).append("] ")
                .append(oneLine(f.message())).append(NL);
        if (f.snippet() != null && !f.snippet().isBlank()) {
            String line = stripLineEnd(f.snippet());
            sb.append(line).append(NL).append(caretLine(line, p)).append(NL);
        }
        Fix fix = f.fix();
        if (fix != null) {
            if (fix.description() != null && !fix.description().isBlank()) {
                sb.append("  fix: ").append(oneLine(fix.description())).append(NL);
            }
            String diff = fix.mechanical() ? io.idemcheck.core.fix.FixApplier.diffOf(root, fix) : "";
            if (!diff.isEmpty()) {
                // a mechanical fix: the change itself, as a unified diff ('idemcheck fix --apply' applies it)
                for (String t : diff.split("\\R")) {
                    sb.append("      ").append(t).append(NL);
                }
            } else if (fix.template() != null && !fix.template().isBlank()) {
                for (String t : fix.template().split("\\R", -1)) {
                    sb.append(t.isEmpty() ? "" : "      " + t).append(NL);
                }
                trimTrailingBlankLine(sb);
            }
        }
        for (Location r : f.related()) {
            sb.append("  ").append(position(r.path(), r.startLine(), r.startColumn())).append(" note: ")
                    .append(r.label() == null ? "related location" : oneLine(r.label())).append(NL);
        }
    }

    /** {@code path:line:col: <level>: <what>: message}, or {@code idemcheck: ...} for run-level diagnostics. */
    static String diagnosticLine(Diagnostic d) {
        String where = d.path() == null ? "idemcheck:" : position(d.path(), d.line(), d.column());
        return where + " " + level(d.kind()) + ": " + prefix(d.kind()) + oneLine(d.message());
    }

    /** Severity word used for a diagnostic kind in text and SARIF notifications. */
    static String level(Diagnostic.Kind kind) {
        if (kind.blocksAnalysis()) {
            return "error";
        }
        return kind == Diagnostic.Kind.INFO || kind == Diagnostic.Kind.NOT_ANALYSED ? "note" : "warning";
    }

    private static String prefix(Diagnostic.Kind kind) {
        return switch (kind) {
            case PARSE_ERROR -> "could not parse: ";
            case IO_ERROR -> "could not read: ";
            case CHARSET_FALLBACK -> "charset fallback: ";
            case NOT_ANALYSED -> "not analysed: ";
            case SQL_UNPARSED -> "could not parse SQL: ";
            case INTERNAL_ERROR -> "internal error: ";
            case INFO -> "";
        };
    }

    /**
     * {@code idemcheck: 12 files, 3 findings (2 errors, 1 warning, 0 notes), 1 file not analysed, 0.4 s}; with
     * suppressed findings, {@code ..., 1 file not analysed, 5 suppressed, 0.4 s}; when the whole result was taken
     * from the analysis cache ({@link io.idemcheck.core.finding.ScanStats#reused()}), {@code ..., 0.1 s (result reused
     * from the analysis cache)}.
     */
    public static String summaryLine(ScanResult r) {
        long errors = r.findings().stream().filter(f -> f.severity() == Severity.ERROR).count();
        long warnings = r.findings().stream().filter(f -> f.severity() == Severity.WARNING).count();
        long notes = r.findings().stream().filter(f -> f.severity() == Severity.NOTE).count();
        long files = r.stats() == null ? 0 : (long) r.stats().javaFiles() + r.stats().resourceFiles();
        long notAnalysed = notAnalysedFiles(r);
        double secs = r.stats() == null ? 0 : r.stats().millis() / 1000.0;
        return "idemcheck: " + plural(files, "file") + ", " + plural(r.findings().size(), "finding")
                + " (" + plural(errors, "error") + ", " + plural(warnings, "warning") + ", " + plural(notes, "note")
                + "), " + plural(notAnalysed, "file") + " not analysed, "
                + (r.suppressed().isEmpty() ? "" : r.suppressed().size() + " suppressed, ")
                + String.format(Locale.ROOT, "%.1f s", secs)
                + (r.stats() != null && r.stats().reused() ? " (result reused from the analysis cache)" : "");
    }

    /**
     * Files not analysed: the larger of {@code stats.skippedFiles} and the number of distinct files with a diagnostic
     * that blocks analysis.
     */
    public static long notAnalysedFiles(ScanResult r) {
        long fromDiagnostics = r.diagnostics().stream().filter(d -> d.kind().blocksAnalysis() && d.path() != null)
                .map(Diagnostic::path).distinct().count();
        long skipped = r.stats() == null ? 0 : r.stats().skippedFiles();
        return Math.max(skipped, fromDiagnostics);
    }

    private static String position(String path, int line, int column) {
        StringBuilder sb = new StringBuilder(path);
        if (line > 0) {
            sb.append(':').append(line);
            if (column > 0) {
                sb.append(':').append(column);
            }
        }
        return sb.append(':').toString();
    }

    /** Spaces (tabs kept, so the caret lines up) up to the column, then '^' and '~' to the end on a one-line region. */
    static String caretLine(String line, Location p) {
        StringBuilder sb = new StringBuilder();
        int col = p.startColumn() - 1;
        for (int i = 0; i < col; i++) {
            sb.append(i < line.length() && line.charAt(i) == '\t' ? '\t' : ' ');
        }
        sb.append('^');
        int width = p.endLine() == p.startLine() ? p.endColumn() - p.startColumn() : line.length() - col;
        for (int i = 1; i < width && col + i < line.length(); i++) {
            sb.append('~');
        }
        return sb.toString();
    }

    private static String stripLineEnd(String s) {
        int nl = s.indexOf('\n');
        String first = nl >= 0 ? s.substring(0, nl) : s;
        return first.endsWith("\r") ? first.substring(0, first.length() - 1) : first;
    }

    private static void trimTrailingBlankLine(StringBuilder sb) {
        while (sb.length() >= 2 && sb.charAt(sb.length() - 1) == '\n' && sb.charAt(sb.length() - 2) == '\n') {
            sb.setLength(sb.length() - 1);
        }
    }
}
