package io.idemcheck.core.finding;

/**
 * A finding that a suppression or the baseline accepted: it does not fail the scan, is counted in the summary and is
 * listed only with {@code --show-suppressed}.
 *
 * @param finding       the finding as the rule reported it
 * @param kind          what accepted it
 * @param justification the written reason ({@code // idemcheck:ignore IDEM001 -- reason}, the config entry's
 *                      {@code reason}); for annotations and the baseline a short description
 * @param where         where the suppression is written ("src/.../Job.java:41", "idemcheck.yml:12", the baseline
 *                      file), may be null
 */
public record SuppressedFinding(Finding finding, Kind kind, String justification, String where)
        implements java.io.Serializable {

    /** How a finding was suppressed. */
    public enum Kind {
        /** {@code @SuppressWarnings("idemcheck...")} on the method, field or class. */
        ANNOTATION,
        /** An {@code idemcheck:ignore} comment in Java, mapper XML or SQL. */
        COMMENT,
        /** A {@code suppressions} entry of {@code idemcheck.yml}. */
        CONFIG,
        /** An entry of the baseline file. */
        BASELINE;

        /** SARIF {@code suppression.kind}: {@code inSource} for annotations and comments, else {@code external}. */
        public String sarifKind() {
            return this == ANNOTATION || this == COMMENT ? "inSource" : "external";
        }

        public String label() {
            return name().toLowerCase(java.util.Locale.ROOT);
        }
    }
}
