package io.idemcheck.core.engine;

import io.idemcheck.core.source.SourceText;

import java.util.HashSet;
import java.util.Set;

/**
 * The words of a Java file's text that decide, without parsing it, whether a held-back test file can matter to another
 * file's test evidence ({@link Parsing#filesNaming}): the identifiers it uses, and the simple names of the types it may
 * declare. Both are supersets: a word in a comment or a string counts, as does {@code class Foo} in a comment.
 */
final class JavaWords {

    private static final Set<String> TYPE_KEYWORDS = Set.of("class", "interface", "enum", "record");

    private JavaWords() {
    }

    /** Every whole Java identifier of the text (in code, comments and strings alike). */
    static Set<String> identifiers(byte[] bytes) {
        Set<String> out = new HashSet<>();
        firstIdentifier(SourceText.decode(bytes).text(), w -> {
            out.add(w);
            return false;
        });
        return out;
    }

    /**
     * True when the text holds one of {@code names} as a whole Java identifier (in code, a comment or a string
     * alike), or holds a Unicode escape (an identifier may be spelled with one; such a file always counts).
     */
    static boolean names(byte[] bytes, Set<String> names) {
        String text = SourceText.decode(bytes).text();
        return text.contains("\\u") || firstIdentifier(text, names::contains);
    }

    /** Hands each whole identifier of {@code text} to {@code stop} in order; true as soon as it answers true. */
    private static boolean firstIdentifier(String text, java.util.function.Predicate<String> stop) {
        int n = text.length();
        int i = 0;
        while (i < n) {
            if (Character.isJavaIdentifierStart(text.charAt(i))) {
                int start = i++;
                while (i < n && Character.isJavaIdentifierPart(text.charAt(i))) {
                    i++;
                }
                if (stop.test(text.substring(start, i))) {
                    return true;
                }
            } else {
                i++;
            }
        }
        return false;
    }

    /**
     * The simple names the file may declare types by: each identifier that directly follows {@code class},
     * {@code interface} (also of {@code @interface}), {@code enum} or {@code record} with only white space or
     * comments between. A type declaration always has this form, so the set holds every type the file declares
     * (nested and local ones too), perhaps with more names (words in comments, {@code record} as a variable).
     */
    static Set<String> declaredTypes(byte[] bytes) {
        String text = SourceText.decode(bytes).text();
        Set<String> out = new HashSet<>();
        int n = text.length();
        int i = 0;
        boolean afterKeyword = false;
        while (i < n) {
            char c = text.charAt(i);
            if (c == '/' && i + 1 < n && text.charAt(i + 1) == '/') {
                while (i < n && text.charAt(i) != '\n' && text.charAt(i) != '\r') {
                    i++;
                }
            } else if (c == '/' && i + 1 < n && text.charAt(i + 1) == '*') {
                int end = text.indexOf("*/", i + 2);
                i = end < 0 ? n : end + 2;
            } else if (Character.isWhitespace(c)) {
                i++;
            } else if (Character.isJavaIdentifierStart(c)) {
                int start = i++;
                while (i < n && Character.isJavaIdentifierPart(text.charAt(i))) {
                    i++;
                }
                String word = text.substring(start, i);
                if (afterKeyword) {
                    out.add(word);
                }
                afterKeyword = TYPE_KEYWORDS.contains(word);
            } else if (c == '"' || c == '\'') {
                i = skipLiteral(text, i);
                afterKeyword = false;
            } else {
                i++;
                afterKeyword = false;
            }
        }
        return out;
    }

    /** The position after the string, text block or character literal starting at {@code i}. */
    private static int skipLiteral(String text, int i) {
        int n = text.length();
        char q = text.charAt(i);
        if (q == '"' && text.startsWith("\"\"\"", i)) {
            int j = i + 3;
            while (j < n) {
                if (text.charAt(j) == '\\') {
                    j += 2;
                } else if (text.startsWith("\"\"\"", j)) {
                    return j + 3;
                } else {
                    j++;
                }
            }
            return n;
        }
        int j = i + 1;
        while (j < n) {
            char c = text.charAt(j);
            if (c == '\\') {
                j += 2;
            } else if (c == q || c == '\n' || c == '\r') {
                return j + 1;
            } else {
                j++;
            }
        }
        return n;
    }
}
