package io.idemcheck.core.finding;

import java.util.Locale;

/**
 * How serious a finding is. Ordered from most to least severe; {@link #atLeast(Severity)} compares.
 * Maps one to one onto SARIF {@code level}: ERROR to "error", WARNING to "warning", NOTE to "note".
 */
public enum Severity {
    ERROR, WARNING, NOTE;

    /** The SARIF 2.1.0 {@code level} value: "error", "warning" or "note". */
    public String sarifLevel() {
        return name().toLowerCase(Locale.ROOT);
    }

    /** Lower-case name as shown in reports and accepted on the command line. */
    public String label() {
        return name().toLowerCase(Locale.ROOT);
    }

    /** True when this severity is the same as or more severe than {@code threshold}. */
    public boolean atLeast(Severity threshold) {
        return ordinal() <= threshold.ordinal();
    }

    /**
     * Parses "error", "warning" or "note" (any case).
     *
     * @throws IllegalArgumentException naming the bad value and the accepted ones
     */
    public static Severity parse(String s) {
        for (Severity v : values()) {
            if (v.name().equalsIgnoreCase(s.trim())) {
                return v;
            }
        }
        throw new IllegalArgumentException("unknown severity '" + s + "' (expected error, warning or note)");
    }
}
