package io.idemcheck.cli;

/** The CLI's exit codes, as PMD's. */
public final class ExitCode {

    /** Nothing at or above the --fail-on threshold (and every file analysed, or --no-fail-on-error). */
    public static final int OK = 0;
    /** The tool itself failed: an unexpected exception. */
    public static final int TOOL_FAILURE = 1;
    /** Usage or configuration error: a bad option, value or path. */
    public static final int USAGE = 2;
    /** At least one finding at or above the --fail-on threshold. */
    public static final int FINDINGS = 4;
    /** The scan finished but some files could not be analysed, and no finding reached the threshold. */
    public static final int NOT_ANALYSED = 5;

    private ExitCode() {
    }
}
