package io.idemcheck.core.fix.recipes;

/** 1-based line/column to string offsets (columns count UTF-16 code units, as in SARIF and java.lang.String). */
public final class TextPos {

    private TextPos() {
    }

    /** Offset of line:column, clamped to the text; -1 when the line does not exist. */
    public static int offset(String text, int line, int column) {
        int off = 0;
        for (int l = 1; l < line; l++) {
            int nl = text.indexOf('\n', off);
            if (nl < 0) {
                return -1;
            }
            off = nl + 1;
        }
        int eol = text.indexOf('\n', off);
        int lineEnd = eol < 0 ? text.length() : eol;
        return Math.min(off + Math.max(column, 1) - 1, lineEnd + (eol < 0 ? 0 : 1));
    }
}
