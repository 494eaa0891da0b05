package io.idemcheck.core.fix;

import io.idemcheck.core.finding.Fix;
import io.idemcheck.core.finding.Location;

import java.util.ArrayList;
import java.util.List;

/**
 * Line diff of two texts (common prefix and suffix trimmed, then a longest-common-subsequence over the rest, which
 * is small for a fix) as minimal hunks, each turned into one {@link Fix.Edit}, and as a unified diff.
 *
 * <p>Texts are split on '\n' keeping a trailing empty element, so "line n+1" exists when the text ends with a
 * newline and an insertion at the end of the file is an insertion before it.
 */
public final class LineDiff {

    /**
     * One changed run: {@code oldCount} lines from {@code oldStart} (1-based) become {@code newLines}, which start at
     * line {@code newStart} of the new text.
     */
    public record Hunk(int oldStart, int oldCount, int newStart, List<String> newLines) {

        /** The first and last original line this hunk touches (an insertion touches the lines around it). */
        public int touchFrom() {
            return oldCount == 0 ? oldStart - 1 : oldStart;
        }

        public int touchTo() {
            return oldCount == 0 ? oldStart : oldStart + oldCount - 1;
        }
    }

    private LineDiff() {
    }

    static String[] lines(String text) {
        return text.split("\n", -1);
    }

    /** The hunks that turn {@code a} into {@code b}. */
    public static List<Hunk> hunks(String a, String b) {
        String[] x = lines(a);
        String[] y = lines(b);
        int pre = 0;
        while (pre < x.length && pre < y.length && x[pre].equals(y[pre])) {
            pre++;
        }
        int suf = 0;
        while (suf < x.length - pre && suf < y.length - pre && x[x.length - 1 - suf].equals(y[y.length - 1 - suf])) {
            suf++;
        }
        int n = x.length - pre - suf;
        int m = y.length - pre - suf;
        List<Hunk> out = new ArrayList<>();
        if (n == 0 && m == 0) {
            return out;
        }
        if ((long) n * m > 4_000_000L) {
            out.add(new Hunk(pre + 1, n, pre + 1, List.of(y).subList(pre, pre + m)));
            return out;
        }
        int[][] lcs = new int[n + 1][m + 1];
        for (int i = n - 1; i >= 0; i--) {
            for (int j = m - 1; j >= 0; j--) {
                lcs[i][j] = x[pre + i].equals(y[pre + j]) ? lcs[i + 1][j + 1] + 1
                        : Math.max(lcs[i + 1][j], lcs[i][j + 1]);
            }
        }
        int i = 0;
        int j = 0;
        while (i < n || j < m) {
            if (i < n && j < m && x[pre + i].equals(y[pre + j])) {
                i++;
                j++;
                continue;
            }
            int si = i;
            int sj = j;
            while ((i < n || j < m) && !(i < n && j < m && x[pre + i].equals(y[pre + j]))) {
                if (j >= m || i < n && lcs[i + 1][j] >= lcs[i][j + 1]) {
                    i++;
                } else {
                    j++;
                }
            }
            out.add(new Hunk(pre + si + 1, i - si, pre + sj + 1, List.of(y).subList(pre + sj, pre + j)));
        }
        return out;
    }

    /** The edit that applies {@code h} to the text whose lines are {@code oldText}'s. */
    public static Fix.Edit toEdit(String path, String oldText, Hunk h) {
        String[] x = lines(oldText);
        if (h.oldCount() == 0) {
            return new Fix.Edit(new Location(path, h.oldStart(), 1, h.oldStart(), 1, null),
                    String.join("\n", h.newLines()) + "\n");
        }
        int last = h.oldStart() + h.oldCount() - 1;
        if (h.newLines().isEmpty()) {
            return new Fix.Edit(new Location(path, h.oldStart(), 1, last + 1, 1, null), "");
        }
        return new Fix.Edit(new Location(path, h.oldStart(), 1, last, x[last - 1].length() + 1, null),
                String.join("\n", h.newLines()));
    }

    /** A unified diff ({@code --- a/path}, {@code +++ b/path}, hunks with {@code context} lines); "" when equal. */
    public static String unified(String path, String oldText, String newText, int context) {
        boolean created = oldText == null;
        String a = created ? "" : oldText;
        List<Hunk> hs = hunks(a, newText);
        if (hs.isEmpty()) {
            return "";
        }
        String[] x = created ? new String[0] : lines(a);
        int xn = x.length > 0 && x[x.length - 1].isEmpty() ? x.length - 1 : x.length; // real lines
        StringBuilder sb = new StringBuilder();
        sb.append("--- ").append(created ? "/dev/null" : "a/" + path).append('\n');
        sb.append("+++ b/").append(path).append('\n');
        int k = 0;
        while (k < hs.size()) {
            int g = k;
            while (g + 1 < hs.size() && hs.get(g + 1).oldStart() - (hs.get(g).oldStart() + hs.get(g).oldCount())
                    <= 2 * context) {
                g++;
            }
            Hunk first = hs.get(k);
            Hunk lastH = hs.get(g);
            int from = Math.max(1, first.oldStart() - context);
            int to = Math.min(xn, lastH.oldStart() + lastH.oldCount() - 1 + context);
            StringBuilder body = new StringBuilder();
            int oldLines = 0;
            int newLines = 0;
            int line = from;
            for (int h = k; h <= g; h++) {
                Hunk hk = hs.get(h);
                for (; line < hk.oldStart(); line++) {
                    body.append(' ').append(x[line - 1]).append('\n');
                    oldLines++;
                    newLines++;
                }
                for (int d = 0; d < hk.oldCount(); d++, line++) {
                    if (line - 1 < xn) {
                        body.append('-').append(x[line - 1]).append('\n');
                        oldLines++;
                    }
                }
                for (String s : hk.newLines()) {
                    body.append('+').append(s).append('\n');
                    newLines++;
                }
            }
            for (; line <= to; line++) {
                body.append(' ').append(x[line - 1]).append('\n');
                oldLines++;
                newLines++;
            }
            int newStart = first.newStart() - (first.oldStart() - from);
            sb.append("@@ -").append(oldLines == 0 ? from - 1 : from).append(',').append(oldLines)
                    .append(" +").append(newLines == 0 ? newStart - 1 : newStart).append(',').append(newLines)
                    .append(" @@\n").append(body);
            k = g + 1;
        }
        return sb.toString();
    }
}
