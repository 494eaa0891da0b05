package io.idemcheck.core.sql.mybatis;

import java.util.Arrays;

/**
 * Text with the source char offset of each char (within one file).
 *
 * @param text    the characters
 * @param offsets offsets into the file text, one per char of {@code text}
 */
record PosText(String text, int[] offsets) {

    static final PosText EMPTY = new PosText("", new int[0]);

    /** Growable builder. */
    static final class Builder {
        private final StringBuilder sb = new StringBuilder();
        private int[] offs = new int[16];

        void append(char c, int offset) {
            if (sb.length() == offs.length) {
                offs = Arrays.copyOf(offs, offs.length * 2);
            }
            offs[sb.length()] = offset;
            sb.append(c);
        }

        int length() {
            return sb.length();
        }

        PosText build() {
            return new PosText(sb.toString(), Arrays.copyOf(offs, sb.length()));
        }
    }
}
