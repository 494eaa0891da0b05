package io.idemcheck.core.report;

import java.util.Locale;

/** The report formats, as named on the command line and in the Maven plugin. */
public enum ReportFormat {
    TEXT("txt"), JSON("json"), SARIF("sarif");

    private final String extension;

    ReportFormat(String extension) {
        this.extension = extension;
    }

    /** Lower-case name: "text", "json" or "sarif". */
    public String label() {
        return name().toLowerCase(Locale.ROOT);
    }

    /** Usual file extension without the dot: "txt", "json", "sarif". */
    public String extension() {
        return extension;
    }

    /**
     * Parses "text", "json" or "sarif" (any case).
     *
     * @throws IllegalArgumentException naming the bad value and the accepted ones
     */
    public static ReportFormat parse(String s) {
        for (ReportFormat f : values()) {
            if (f.name().equalsIgnoreCase(s.trim())) {
                return f;
            }
        }
        throw new IllegalArgumentException("unknown value '" + s + "' (expected text, json or sarif)");
    }

    /**
     * A writer for this format.
     *
     * @param docsBaseUrl absolute base URL of the rule docs for SARIF {@code helpUri}; null for none
     */
    public ReportWriter writer(String docsBaseUrl) {
        return writer(docsBaseUrl, false);
    }

    /**
     * A writer for this format.
     *
     * @param docsBaseUrl    absolute base URL of the rule docs for SARIF {@code helpUri}; null for none
     * @param showSuppressed list suppressed findings too (text: after the findings; JSON: in {@code suppressed};
     *                       SARIF: as results with {@code suppressions})
     */
    public ReportWriter writer(String docsBaseUrl, boolean showSuppressed) {
        return switch (this) {
            case TEXT -> new TextReportWriter(showSuppressed);
            case JSON -> new JsonReportWriter(showSuppressed);
            case SARIF -> new SarifReportWriter(docsBaseUrl, showSuppressed);
        };
    }
}
