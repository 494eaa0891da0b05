package io.idemcheck.core.sql.mybatis;

import java.util.Arrays;

/**
 * The decoded text of one XML file with a table of line starts, to turn a char offset into a 1-based line and
 * column. Lines end at "\n", "\r\n" or a lone "\r"; columns count UTF-16 chars (a tab is one column).
 */
final class XmlText {

    final String relPath;
    final String text;
    private final int[] lineStarts;

    XmlText(String relPath, String text) {
        this.relPath = relPath;
        this.text = text;
        int[] starts = new int[16];
        int n = 0;
        starts[n++] = 0;
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            boolean br = c == '\n' || (c == '\r' && (i + 1 >= text.length() || text.charAt(i + 1) != '\n'));
            if (br) {
                if (n == starts.length) {
                    starts = Arrays.copyOf(starts, n * 2);
                }
                starts[n++] = i + 1;
            }
        }
        this.lineStarts = Arrays.copyOf(starts, n);
    }

    /** 1-based line of a char offset (offsets past the end map to the last line). */
    int line(int offset) {
        int i = Arrays.binarySearch(lineStarts, offset);
        return (i >= 0 ? i : -i - 2) + 1;
    }

    /** 1-based column of a char offset. */
    int column(int offset) {
        return offset - lineStarts[line(offset) - 1] + 1;
    }
}
