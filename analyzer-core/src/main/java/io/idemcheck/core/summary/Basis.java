package io.idemcheck.core.summary;

import java.util.Locale;

/**
 * The kind of evidence that decided a call's role (a side effect, a record of the item's state, a claim), as carried
 * by {@link Evidence#decidedBy()}, {@link EffectTrace#decidedBy()} and {@link CallInfo#decidedBy()}. Rules compare
 * these values instead of strings; {@link #label()} is the word reports and {@code idemcheck explain} print.
 */
public enum Basis {
    /** An entry of the project's {@code idemcheck.yml}. */
    CONFIG,
    /** A catalog entry for a library type ({@code effectTypes}). */
    CATALOG,
    /** A catalog type annotation ({@code effectAnnotations}, e.g. a Feign client). */
    ANNOTATION,
    /** A visible SQL statement (mapper XML or annotation, a JDBC string, a wrapper chain, an entity save). */
    SQL,
    /** A method-name pattern of the catalog (the fallback when nothing better is visible). */
    NAME,
    /** idemcheck's own runtime library (TaskClaimer, IdempotencyLedger). */
    RUNTIME,
    /** The callee's summary: the decision was made further down and read from there. */
    CALL,
    /** An effect's result stored on the item and saved (the outcome is the record). */
    DATAFLOW;

    /** The lower-case word for this basis, as reports print it ("sql", "name", ...). */
    public String label() {
        return name().toLowerCase(Locale.ROOT);
    }

    /**
     * The basis a label names ("sql", "name", ...); null for null.
     *
     * @throws IllegalArgumentException for a label that names no basis
     */
    public static Basis of(String label) {
        if (label == null) {
            return null;
        }
        for (Basis b : values()) {
            if (b.label().equals(label)) {
                return b;
            }
        }
        throw new IllegalArgumentException("unknown evidence basis '" + label + "'");
    }

    /** {@code b}'s label, or null for null: what the string accessors kept for older callers return. */
    public static String labelOf(Basis b) {
        return b == null ? null : b.label();
    }

    @Override
    public String toString() {
        return label();
    }
}
