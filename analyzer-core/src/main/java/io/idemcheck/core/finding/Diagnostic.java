package io.idemcheck.core.finding;

/**
 * Something the tool could not do on an input, reported instead of crashing: a file that does not parse, a file type
 * that is not analysed, a SQL statement the parser rejects. Written to SARIF as a toolExecutionNotification.
 *
 * @param kind    what happened
 * @param path    file relative to the source root ('/' separated); may be null for run-level diagnostics
 * @param line    1-based line, 0 when unknown
 * @param column  1-based column, 0 when unknown
 * @param message what went wrong, in one line
 * @param ruleId  for an {@link Kind#INTERNAL_ERROR} of a rule: the rule's id ("IDEM004"); else null
 * @param method  for an internal error met on one method: its id ("com.acme.Job#run(List)"); else null
 */
public record Diagnostic(Kind kind, String path, int line, int column, String message, String ruleId, String method)
        implements java.io.Serializable {

    /** A diagnostic that is not about one rule or one method. */
    public Diagnostic(Kind kind, String path, int line, int column, String message) {
        this(kind, path, line, column, message, null, null);
    }

    /** Categories of diagnostics. {@link #blocksAnalysis()} tells which ones make a file unanalysed (exit code 5). */
    public enum Kind {
        /** A source file that the parser rejected; its findings are missing. */
        PARSE_ERROR(true),
        /** A file that could not be read at all. */
        IO_ERROR(true),
        /** A file read with a fallback charset because it was not valid in the expected one. */
        CHARSET_FALLBACK(false),
        /** A source file of a language idemcheck does not analyse (Kotlin). */
        NOT_ANALYSED(false),
        /** A SQL statement that could not be parsed; kept as unknown SQL. */
        SQL_UNPARSED(false),
        /** Internal problem while analysing one file or running one rule; the rest of the scan went on. */
        INTERNAL_ERROR(true),
        /** Informational remark about the run (for example a limit that was reached). */
        INFO(false);

        private final boolean blocksAnalysis;

        Kind(boolean blocksAnalysis) {
            this.blocksAnalysis = blocksAnalysis;
        }

        /** True when a diagnostic of this kind means some input was not analysed. */
        public boolean blocksAnalysis() {
            return blocksAnalysis;
        }
    }
}
