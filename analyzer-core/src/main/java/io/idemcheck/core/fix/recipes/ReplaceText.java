package io.idemcheck.core.fix.recipes;

import io.idemcheck.core.finding.FixRecipe;
import io.idemcheck.core.fix.TextRecipe;

/**
 * {@code text.replace}: replaces the target region of any file with {@code replacement}; when {@code expect} is
 * given, only if the region holds exactly that text (so a stale recipe never edits the wrong thing).
 */
public final class ReplaceText implements TextRecipe {

    public static final String KIND = "text.replace";

    @Override
    public String kind() {
        return KIND;
    }

    @Override
    public String apply(String text, FixRecipe r) {
        String replacement = r.param("replacement", null);
        if (text == null || replacement == null) {
            return null;
        }
        int s = TextPos.offset(text, r.line(), r.column());
        int e = TextPos.offset(text, Math.max(r.line(), r.endLine()), r.endColumn());
        if (s < 0 || e < s) {
            return null;
        }
        String expect = r.param("expect", null);
        if (expect != null && !expect.equals(text.substring(s, e))) {
            return null;
        }
        return text.substring(0, s) + replacement + text.substring(e);
    }
}
