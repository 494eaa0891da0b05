package io.idemcheck.core.report;

/** Turns a rule's Markdown doc into readable plain text (SARIF {@code help.text}). */
public final class MarkdownText {

    private MarkdownText() {
    }

    /**
     * Drops heading marks, emphasis, inline-code backticks and code fences (the code itself stays, indented),
     * turns links into "text (url)" and images into their alt text; collapses runs of blank lines.
     */
    public static String toPlainText(String markdown) {
        if (markdown == null) {
            return "";
        }
        StringBuilder sb = new StringBuilder();
        boolean inFence = false;
        for (String line : markdown.split("\\R", -1)) {
            String t = line.strip();
            if (t.startsWith("```") || t.startsWith("~~~")) {
                inFence = !inFence;
                continue;
            }
            if (inFence) {
                sb.append("    ").append(line).append('\n');
                continue;
            }
            String out = line;
            if (t.startsWith("#")) {
                out = t.replaceFirst("^#+\\s*", "");
            } else if (t.startsWith(">")) {
                out = t.replaceFirst("^>\\s?", "");
            }
            out = out.replaceAll("!\\[([^\\]]*)]\\([^)]*\\)", "$1")
                    .replaceAll("\\[([^\\]]+)]\\(([^)\\s]+)\\)", "$1 ($2)")
                    .replaceAll("\\*\\*(.+?)\\*\\*", "$1")
                    .replaceAll("__(.+?)__", "$1")
                    .replaceAll("(?<![\\w*])\\*(?!\\s)(.+?)(?<!\\s)\\*(?![\\w*])", "$1")
                    .replaceAll("`+([^`]+)`+", "$1")
                    .replaceAll("<[^>]+>", "");
            sb.append(out.stripTrailing()).append('\n');
        }
        return sb.toString().replaceAll("\n{3,}", "\n\n").strip();
    }
}
