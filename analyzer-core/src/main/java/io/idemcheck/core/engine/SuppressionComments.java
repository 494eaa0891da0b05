package io.idemcheck.core.engine;

import io.idemcheck.core.discovery.SourceFile;

import java.util.ArrayList;
import java.util.List;

/**
 * Where a suppression comment stands in a file's text: a marker counts only when it is a comment of its own, as
 * docs/configuration.md writes them ({@code // idemcheck:ignore ...} or {@code /* idemcheck:ignore ... *}{@code /} in
 * Java, {@code <!-- idemcheck:ignore ... -->} in mapper XML, {@code -- idemcheck:ignore ...} (or {@code /* *}{@code /},
 * {@code #}) in SQL): the first thing after the comment's opener, or at the start of a line inside a multi-line block
 * or XML comment (after blanks and, in Java and SQL, the leading {@code *}). A marker in a string literal, a text
 * block, a character literal, Javadoc, CDATA, code, or in the middle of a comment's prose is not a suppression.
 */
final class SuppressionComments {

    private SuppressionComments() {
    }

    /**
     * A marker that is a comment of its own.
     *
     * @param line 0-based line
     * @param at   0-based column of the marker
     * @param open 0-based column where the comment holding it starts on that line (its opener, or the first non-blank
     *             character of a continuation line)
     */
    record Place(int line, int at, int open) {
    }

    private enum State { CODE, LINE_COMMENT, BLOCK, DOC, STRING, CHAR, TEXT_BLOCK, XML_COMMENT, CDATA, SQL_STRING,
        SQL_QUOTED }

    /** Every occurrence of {@code marker} in {@code lines} that is a comment of its own, in order. */
    static List<Place> find(List<String> lines, SourceFile.Kind kind, String marker) {
        List<Place> out = new ArrayList<>();
        boolean xml = kind == SourceFile.Kind.XML;
        boolean sql = kind == SourceFile.Kind.SQL;
        State state = State.CODE;
        for (int li = 0; li < lines.size(); li++) {
            String s = lines.get(li);
            // where the current comment's text starts on this line: after its opener, or at the line's start
            int contentFrom = 0;
            int open = -1;
            if (state == State.BLOCK || state == State.XML_COMMENT) {
                int k = firstNonBlank(s);
                open = k < 0 ? 0 : k;
            }
            if (state == State.LINE_COMMENT || state == State.STRING || state == State.CHAR
                    || state == State.SQL_STRING || state == State.SQL_QUOTED) {
                // line comments end with the line, and so do string literals here: a stray quote (an apostrophe in
                // a PostgreSQL $$ body, say) must not hide every later comment of the file
                state = State.CODE;
            }
            int i = 0;
            while (i < s.length()) {
                char c = s.charAt(i);
                switch (state) {
                    case CODE -> {
                        if (xml) {
                            if (s.startsWith("<!--", i)) {
                                state = State.XML_COMMENT;
                                open = i;
                                contentFrom = i + 4;
                                i += 4;
                                continue;
                            }
                            if (s.startsWith("<![CDATA[", i)) {
                                state = State.CDATA;
                                i += 9;
                                continue;
                            }
                        } else if (s.startsWith("/*", i)) {
                            boolean doc = !sql && s.startsWith("/**", i) && !s.startsWith("/**/", i);
                            state = doc ? State.DOC : State.BLOCK;
                            open = i;
                            contentFrom = i + 2;
                            i += 2;
                            continue;
                        } else if (!sql && s.startsWith("//", i) || sql && (s.startsWith("--", i) || c == '#')) {
                            state = State.LINE_COMMENT;
                            open = i;
                            contentFrom = i + (c == '#' ? 1 : 2);
                            i = contentFrom;
                            continue;
                        } else if (!sql && s.startsWith("\"\"\"", i)) {
                            state = State.TEXT_BLOCK;
                            i += 3;
                            continue;
                        } else if (c == '"') {
                            state = sql ? State.SQL_QUOTED : State.STRING;
                        } else if (c == '\'') {
                            state = sql ? State.SQL_STRING : State.CHAR;
                        }
                        i++;
                    }
                    case LINE_COMMENT, BLOCK, XML_COMMENT -> {
                        if (state == State.BLOCK && s.startsWith("*/", i)) {
                            state = State.CODE;
                            i += 2;
                        } else if (state == State.XML_COMMENT && s.startsWith("-->", i)) {
                            state = State.CODE;
                            i += 3;
                        } else if (s.startsWith(marker, i)) {
                            if (ownComment(s, contentFrom, i, state == State.BLOCK)) {
                                out.add(new Place(li, i, open));
                            }
                            i += marker.length();
                        } else {
                            i++;
                        }
                    }
                    case DOC -> {
                        if (s.startsWith("*/", i)) {
                            state = State.CODE;
                            i += 2;
                        } else {
                            i++;
                        }
                    }
                    case CDATA -> {
                        if (s.startsWith("]]>", i)) {
                            state = State.CODE;
                            i += 3;
                        } else {
                            i++;
                        }
                    }
                    case STRING, CHAR -> {
                        if (c == '\\') {
                            i += 2;
                        } else {
                            if (c == (state == State.STRING ? '"' : '\'')) {
                                state = State.CODE;
                            }
                            i++;
                        }
                    }
                    case TEXT_BLOCK -> {
                        if (c == '\\') {
                            i += 2;
                        } else if (s.startsWith("\"\"\"", i)) {
                            state = State.CODE;
                            i += 3;
                        } else {
                            i++;
                        }
                    }
                    case SQL_STRING, SQL_QUOTED -> {
                        if (c == (state == State.SQL_STRING ? '\'' : '"')) {
                            state = State.CODE; // a doubled quote reopens at once
                        }
                        i++;
                    }
                    default -> i++;
                }
            }
        }
        return out;
    }

    /**
     * Whether the comment text from {@code from} up to the marker at {@code at} is blank: the marker is the first thing
     * in the comment, or on its line of a multi-line comment ({@code stars}: a continuation line's leading {@code *}).
     */
    private static boolean ownComment(String s, int from, int at, boolean stars) {
        for (int k = from; k < at; k++) {
            char c = s.charAt(k);
            if (!Character.isWhitespace(c) && !(stars && c == '*')) {
                return false;
            }
        }
        return true;
    }

    private static int firstNonBlank(String s) {
        for (int k = 0; k < s.length(); k++) {
            if (!Character.isWhitespace(s.charAt(k))) {
                return k;
            }
        }
        return -1;
    }
}
