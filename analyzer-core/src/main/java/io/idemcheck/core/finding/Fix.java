package io.idemcheck.core.finding;


import java.util.ArrayList;
import java.util.List;

/**
 * A suggested remedy for a finding: one sentence, an optional code template (when the rewrite needs a human
 * decision), and zero or more mechanical edits.
 *
 * <p>Rules do not compute Java edits themselves: they attach {@link FixRecipe}s (a kind, a target location and a
 * few parameters) and the engine's fix stage ({@link io.idemcheck.core.fix.FixStage}) materialises them into
 * {@link #edits()} after all rules ran (see docs/fixes.md).
 *
 * @param description one sentence saying what to change
 * @param template    code to write, with the user's names filled in; null when there is none
 * @param edits       text replacements that apply the fix mechanically; empty when the fix needs a decision
 * @param recipes     mechanical rewrites still to be materialised into edits by the fix stage; empty once it ran
 */
public record Fix(String description, String template, List<Edit> edits, List<FixRecipe> recipes) implements java.io.Serializable {

    public Fix {
        edits = List.copyOf(edits);
        recipes = recipes == null ? List.of() : List.copyOf(recipes);
    }

    public Fix(String description, String template, List<Edit> edits) {
        this(description, template, edits, List.of());
    }

    public static Fix of(String description, String template) {
        return new Fix(description, template, List.of());
    }

    /** This fix with one more recipe for the fix stage. */
    public Fix withRecipe(FixRecipe recipe) {
        List<FixRecipe> rs = new ArrayList<>(recipes);
        rs.add(recipe);
        return new Fix(description, template, edits, rs);
    }

    /** This fix with these edits and no pending recipes (what the fix stage returns). */
    public Fix withEdits(List<Edit> newEdits) {
        return new Fix(description, template, newEdits, List.of());
    }

    /** True when the fix can be applied by {@code idemcheck fix --apply}. */
    public boolean mechanical() {
        return !edits.isEmpty();
    }

    /**
     * One replacement: the text in {@code region} of {@code region.path()} becomes {@code replacement}.
     *
     * @param newFile true when {@code region.path()} does not exist yet: the region is the empty region at 1:1 and
     *                the replacement is the whole new file (SARIF: an empty {@code deletedRegion} at 1:1)
     */
    public record Edit(Location region, String replacement, boolean newFile) implements java.io.Serializable {

        public Edit(Location region, String replacement) {
            this(region, replacement, false);
        }

        /** An edit that creates {@code path} with {@code content}. */
        public static Edit newFile(String path, String content) {
            return new Edit(new Location(path, 1, 1, 1, 1, null), content, true);
        }
    }
}
