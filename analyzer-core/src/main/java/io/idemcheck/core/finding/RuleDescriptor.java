package io.idemcheck.core.finding;

import io.idemcheck.core.finding.Severity;

import java.util.List;

/**
 * A rule's metadata as reports need it, read from {@link RuleInfo} and the rule's Markdown doc.
 *
 * @param id              "IDEMnnn"
 * @param name            readable name
 * @param summary         one line
 * @param defaultSeverity severity the rule reports at unless configured otherwise
 * @param tags            tags
 * @param precision       "very-high" | "high" | "medium" | "low"
 * @param docMarkdown     the full doc page; empty string when the rule has none (a test forbids that)
 */
public record RuleDescriptor(String id, String name, String summary, Severity defaultSeverity, List<String> tags,
                             String precision, String docMarkdown) implements java.io.Serializable {

    public RuleDescriptor {
        tags = List.copyOf(tags);
    }

    /**
     * The first paragraph of the doc after its title, as plain text; falls back to the summary. Used as SARIF
     * fullDescription.
     */
    public String fullDescription() {
        if (docMarkdown == null || docMarkdown.isBlank()) {
            return summary;
        }
        StringBuilder para = new StringBuilder();
        for (String line : docMarkdown.split("\\R")) {
            String t = line.trim();
            if (t.startsWith("#")) {
                if (para.length() > 0) {
                    break;
                }
                continue;
            }
            if (t.isEmpty()) {
                if (para.length() > 0) {
                    break;
                }
                continue;
            }
            if (para.length() > 0) {
                para.append(' ');
            }
            para.append(t);
        }
        String s = para.length() == 0 ? summary : para.toString().replace("`", "");
        return s.length() > 1000 ? s.substring(0, 997) + "..." : s;
    }
}
