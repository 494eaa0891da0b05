package io.idemcheck.core.util;

/**
 * The few string helpers that messages, logs and reports share (the CLI, the Maven plugin, the report writers, the
 * configuration loader), so that "1 file" / "2 files" and one-line messages read the same everywhere.
 */
public final class Texts {

    private Texts() {
    }

    /** {@code n} and {@code word}, with an "s" unless {@code n} is 1: "1 finding", "0 findings", "3 files". */
    public static String plural(long n, String word) {
        return n + " " + word + (n == 1 ? "" : "s");
    }

    /**
     * {@code s} on one line: each line break, with the blanks around it, becomes one space; the result is trimmed.
     * Blanks within a line are kept. "" for null.
     */
    public static String oneLine(String s) {
        return s == null ? "" : s.replaceAll("\\s*\\R\\s*", " ").trim();
    }

    /**
     * The first non-blank line of {@code s} ({@code s} stripped, then cut at its first '\n'), stripped; "" for null.
     * For exception messages that go into a one-line error.
     */
    public static String firstLine(String s) {
        if (s == null) {
            return "";
        }
        String t = s.strip();
        int nl = t.indexOf('\n');
        return (nl >= 0 ? t.substring(0, nl) : t).strip();
    }

    /** {@code text} contains {@code word}, ignoring case (without lower-casing the text). */
    public static boolean containsIgnoreCase(String text, String word) {
        int n = word.length();
        for (int i = 0; i + n <= text.length(); i++) {
            if (text.regionMatches(true, i, word, 0, n)) {
                return true;
            }
        }
        return false;
    }

    /**
     * True when a method's parameter types ({@code actual}: simple names, erasures) fit a declared parameter list
     * ({@code wanted}: simple names, {@code *} for any type; null for any list), as the catalog's and idemcheck.yml's
     * entry-point {@code params} are matched.
     */
    public static boolean paramsMatch(java.util.List<String> wanted, java.util.List<String> actual) {
        if (wanted == null) {
            return true;
        }
        if (wanted.size() != actual.size()) {
            return false;
        }
        for (int i = 0; i < wanted.size(); i++) {
            if (!wanted.get(i).equals("*") && !wanted.get(i).equals(actual.get(i))) {
                return false;
            }
        }
        return true;
    }
}
