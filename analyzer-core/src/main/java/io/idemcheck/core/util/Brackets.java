package io.idemcheck.core.util;

import java.util.ArrayList;
import java.util.List;

/**
 * Bracket-aware splitting of source and SQL text: the one place that walks an argument list, a {@code +} chain or a
 * column list at depth 0 (outside {@code ()}, {@code []}, {@code {}} and quoted text). Used where the analyzer reads
 * text the parsers hand over as a string: a local's initialiser ({@code new FileWriter(path, true)}), a lock key
 * expression, a string-constant concatenation, a DDL column list.
 */
public final class Brackets {

    /** How quoted text is written. */
    public enum Quotes {
        /** Java: {@code "..."} and {@code '.'}, a backslash escapes the next character. */
        JAVA,
        /** SQL: {@code '...'}, {@code "..."} and {@code `...`}; no escapes (a doubled quote closes and reopens). */
        SQL
    }

    private Brackets() {
    }

    /**
     * The index of the bracket that closes the one at {@code open} ({@code (}, {@code [} or {@code {}), counting every
     * bracket kind outside quoted text; -1 when {@code open} is no opening bracket or the text ends first.
     */
    public static int closing(String s, int open, Quotes quotes) {
        if (s == null || open < 0 || open >= s.length() || "([{".indexOf(s.charAt(open)) < 0) {
            return -1;
        }
        return walk(s, open + 1, (char) 0, quotes, true, null);
    }

    /**
     * {@code s} split at each {@code sep} at depth 0 (outside brackets and quoted text), parts untrimmed, in order;
     * one part (the whole text) when there is no such separator, {@code [""]} for "". A closing bracket with no opener
     * is skipped (the depth never goes below 0).
     */
    public static List<String> split(String s, char sep, Quotes quotes) {
        List<Integer> at = new ArrayList<>();
        walk(s, 0, sep, quotes, false, at);
        List<String> out = new ArrayList<>();
        int start = 0;
        for (int i : at) {
            out.add(s.substring(start, i));
            start = i + 1;
        }
        out.add(s.substring(start));
        return out;
    }

    /**
     * Walks {@code s} from {@code from} at depth 0, skipping quoted text: adds the index of each {@code sep} at depth
     * 0 to {@code seps} (when not null); a closing bracket at depth 0 ends the walk with its index when
     * {@code stopAtClose}, else is skipped. -1 when the text ends first.
     */
    private static int walk(String s, int from, char sep, Quotes quotes, boolean stopAtClose, List<Integer> seps) {
        int depth = 0;
        char quote = 0;
        for (int i = from; i < s.length(); i++) {
            char c = s.charAt(i);
            if (quote != 0) {
                if (c == '\\' && quotes == Quotes.JAVA) {
                    i++;
                } else if (c == quote) {
                    quote = 0;
                }
            } else if (opensQuote(c, quotes)) {
                quote = c;
            } else if (c == '(' || c == '[' || c == '{') {
                depth++;
            } else if (c == ')' || c == ']' || c == '}') {
                if (depth > 0) {
                    depth--;
                } else if (stopAtClose) {
                    return i;
                }
            } else if (c == sep && depth == 0 && seps != null) {
                seps.add(i);
            }
        }
        return -1;
    }

    /**
     * The trimmed top-level arguments of the call whose opening parenthesis is at {@code open} in {@code s}: empty for
     * {@code ()} and when the text ends before the call closes (arguments unknown).
     */
    public static List<String> callArgs(String s, int open, Quotes quotes) {
        int close = closing(s, open, quotes);
        if (close < 0) {
            return List.of();
        }
        String inner = s.substring(open + 1, close);
        if (inner.isBlank()) {
            return List.of();
        }
        List<String> out = new ArrayList<>();
        for (String part : split(inner, ',', quotes)) {
            out.add(part.trim());
        }
        return out;
    }

    private static boolean opensQuote(char c, Quotes quotes) {
        return quotes == Quotes.JAVA ? c == '"' || c == '\'' : c == '\'' || c == '"' || c == '`';
    }
}
