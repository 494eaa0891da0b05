package io.idemcheck.core.finding;

import java.util.List;

/**
 * A suggested remedy for a finding: one sentence, an optional code template (when the rewrite needs a human
 * decision), and zero or more mechanical edits.
 *
 * @param description one sentence saying what to change
 * @param template    code to write, with the user's names filled in; null when there is none
 * @param edits       text replacements that apply the fix mechanically; empty when the fix needs a decision
 */
public record Fix(String description, String template, List<Edit> edits) {

    public Fix {
        edits = List.copyOf(edits);
    }

    public static Fix of(String description, String template) {
        return new Fix(description, template, List.of());
    }

    /**
     * One replacement: the text in {@code region} of {@code region.path()} becomes {@code replacement}.
     */
    public record Edit(Location region, String replacement) {
    }
}
