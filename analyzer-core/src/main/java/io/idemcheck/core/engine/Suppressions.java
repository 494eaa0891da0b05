package io.idemcheck.core.engine;

import io.idemcheck.core.config.ProjectConfig;
import io.idemcheck.core.discovery.SourceFile;
import io.idemcheck.core.facts.AnnotationFact;
import io.idemcheck.core.facts.MethodFacts;
import io.idemcheck.core.facts.Range;
import io.idemcheck.core.finding.Finding;
import io.idemcheck.core.finding.Fingerprints;
import io.idemcheck.core.finding.Location;
import io.idemcheck.core.finding.Severity;
import io.idemcheck.core.finding.SuppressedFinding;
import io.idemcheck.core.index.ProjectIndex;
import io.idemcheck.core.index.TypeEntry;
import io.idemcheck.core.finding.RuleDescriptor;
import io.idemcheck.core.source.SourceText;
import io.idemcheck.core.source.SourceTexts;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Suppression, in three forms, and the engine check {@value #ID} ({@value #NAME}) that keeps them honest:
 * <ul>
 *   <li>{@code @SuppressWarnings("idemcheck")}, {@code "idemcheck:<Name>"} or {@code "idemcheck:<ID>"} on the
 *   finding's enclosing method, any enclosing type, or a field (findings in the field's declaration, or whose side
 *   effect or record is a call on that field);</li>
 *   <li>a comment {@code idemcheck:ignore IDEM001 -- reason} ({@code //} or {@code /* *}{@code /} in Java,
 *   {@code <!-- -->} in mapper XML, {@code --} in SQL) on the flagged line or on its own line above it (above a
 *   mapper statement or a SQL statement it covers the whole statement); the reason after {@code --} is required;</li>
 *   <li>a {@code suppressions} entry of {@code idemcheck.yml} (rule and path glob, with a reason).</li>
 * </ul>
 * A comment marker without a reason suppresses nothing and is itself a note; so is any suppression that suppressed
 * nothing in a scan where every rule it names ran.
 */
final class Suppressions {

    static final String ID = "IDEM000";
    static final String NAME = "Suppressions";
    static final String MARKER = "idemcheck:ignore";
    /** What every suppression written in a file's text contains (the comment marker, the annotation's value). */
    static final String WORD = "idemcheck";

    static final RuleDescriptor DESCRIPTOR = new RuleDescriptor(ID, NAME,
            "A suppression without a written reason, or one that no longer suppresses anything", Severity.NOTE,
            List.of("suppression", "maintainability"), "very-high",
            "# Suppressions (IDEM000)\n\n"
                    + "An `idemcheck:ignore` comment without a reason after `--`, or a suppression "
                    + "(`@SuppressWarnings(\"idemcheck...\")`, an `idemcheck:ignore` comment, a `suppressions` entry "
                    + "of `idemcheck.yml`) that no longer suppresses any finding. A reason-less marker suppresses "
                    + "nothing; an unused suppression should be removed so that exceptions do not outlive their "
                    + "reason.\n\nSee docs/configuration.md, section Suppression.\n");

    private static final Pattern STRING = Pattern.compile("\"([^\"]*)\"");
    private static final Pattern ANNOTATION = Pattern.compile(
            "@(?:java\\.lang\\.)?SuppressWarnings\\s*\\(\\s*(?:value\\s*=\\s*)?(\\{[^}]*}|\"[^\"]*\")\\s*\\)");
    private static final Pattern RULE_TOKEN = Pattern.compile("IDEM\\d{3}|[A-Z][A-Za-z0-9]*|all",
            Pattern.CASE_INSENSITIVE);

    /** What the suppression pass produced. */
    record Outcome(List<Finding> kept, List<SuppressedFinding> suppressed, List<Finding> notes) {
    }

    /** One place a suppression is written, and whether it suppressed something. */
    private abstract static class Source {
        final String path;
        final int line;
        final int column;
        final Set<String> rules; // empty: all
        final String what;
        boolean used;

        Source(String path, int line, int column, Set<String> rules, String what) {
            this.path = path;
            this.line = line;
            this.column = Math.max(1, column);
            this.rules = rules;
            this.what = what;
        }

        boolean coversRule(Finding f) {
            if (rules.isEmpty()) {
                return true;
            }
            for (String r : rules) {
                if (r.equalsIgnoreCase("all") || r.equalsIgnoreCase(f.ruleId()) || r.equals(f.ruleName())) {
                    return true;
                }
            }
            return false;
        }

        /** True when every rule this suppression names ran (so "unused" is a fact, not a guess). */
        boolean checkable(Collection<RuleDescriptor> ran) {
            for (String r : rules) {
                if (r.equalsIgnoreCase("all")) {
                    continue;
                }
                if (ran.stream().noneMatch(d -> d.id().equalsIgnoreCase(r) || d.name().equals(r))) {
                    return false;
                }
            }
            return true;
        }
    }

    private static final class Annotated extends Source {
        final String enclosing; // "fqn" or "fqn#sig"

        Annotated(String path, int line, int column, Set<String> rules, String enclosing, String what) {
            super(path, line, column, rules, what);
            this.enclosing = enclosing;
        }
    }

    private static final class FieldAnnotation extends Source {
        final String field;
        final int fromLine;
        final int toLine;
        final List<String> lines;

        FieldAnnotation(String path, int line, int column, Set<String> rules, String field, int fromLine, int toLine,
                        List<String> lines) {
            super(path, line, column, rules, "@SuppressWarnings on field " + field);
            this.field = field;
            this.fromLine = fromLine;
            this.toLine = toLine;
            this.lines = lines;
        }
    }

    private static final class Marker extends Source {
        final Set<Integer> covered;
        final String reason;

        Marker(String path, int line, int column, Set<String> rules, Set<Integer> covered, String reason) {
            super(path, line, column, rules, MARKER + " comment");
            this.covered = covered;
            this.reason = reason;
        }
    }

    private static final class Configured extends Source {
        final ProjectConfig.Suppression entry;

        Configured(String path, ProjectConfig.Suppression e) {
            super(path, e.line(), 1, e.rule().equals("all") ? Set.of() : Set.of(e.rule()),
                    "suppression in " + ProjectConfig.FILE_NAME);
            this.entry = e;
        }
    }

    private Suppressions() {
    }

    /**
     * Sorts findings into kept and suppressed and returns the {@value #ID} notes.
     *
     * @param files      every discovered input (comments are looked for in Java, XML and SQL files)
     * @param texts      the scan's source texts, keyed on {@value #WORD}: files seen without it are not read again
     * @param ran        the rules that ran
     * @param registered every rule on the class path (enabled or not): a suppression naming none of them names an
     *                   unknown rule (a typo such as IDEM0001) and is reported
     * @param unchecked  paths whose analysis failed (their markers are not reported as unused)
     */
    static Outcome apply(List<Finding> findings, ProjectIndex index, Path root, List<SourceFile> files,
                         SourceTexts texts, ProjectConfig config, Collection<RuleDescriptor> ran,
                         Collection<RuleDescriptor> registered, Set<String> unchecked) {
        List<Annotated> annotated = annotations(index);
        List<FieldAnnotation> fields = new ArrayList<>();
        List<Marker> markers = new ArrayList<>();
        for (SourceFile f : files) {
            if (f.kind() != SourceFile.Kind.KOTLIN) {
                scanFile(f, texts, markers, fields);
            }
        }
        List<Configured> configured = new ArrayList<>();
        String configPath = config.file() == null ? null : displayPath(root, config.file());
        for (ProjectConfig.Suppression s : config.suppressions()) {
            configured.add(new Configured(configPath, s));
        }

        List<Finding> kept = new ArrayList<>();
        List<SuppressedFinding> suppressed = new ArrayList<>();
        for (Finding f : findings) {
            SuppressedFinding by = null;
            for (Annotated a : annotated) {
                if (a.coversRule(f) && covers(a, f)) {
                    a.used = true;
                    by = by != null ? by : new SuppressedFinding(f, SuppressedFinding.Kind.ANNOTATION,
                            "@SuppressWarnings on " + a.enclosing, a.path + ":" + a.line);
                }
            }
            for (FieldAnnotation a : fields) {
                if (a.coversRule(f) && covers(a, f)) {
                    a.used = true;
                    by = by != null ? by : new SuppressedFinding(f, SuppressedFinding.Kind.ANNOTATION,
                            "@SuppressWarnings on field " + a.field, a.path + ":" + a.line);
                }
            }
            for (Marker m : markers) {
                if (m.reason != null && m.path.equals(f.primary().path()) && m.covered.contains(f.primary().startLine())
                        && m.coversRule(f)) {
                    m.used = true;
                    by = by != null ? by : new SuppressedFinding(f, SuppressedFinding.Kind.COMMENT, m.reason,
                            m.path + ":" + m.line);
                }
            }
            for (Configured c : configured) {
                String rel = config.relativeToBase(root.resolve(f.primary().path()), f.primary().path());
                if (c.coversRule(f) && c.entry.path().matches(rel)) {
                    c.used = true;
                    by = by != null ? by : new SuppressedFinding(f, SuppressedFinding.Kind.CONFIG, c.entry.reason(),
                            c.path + ":" + c.line);
                }
            }
            if (by == null) {
                kept.add(f);
            } else {
                suppressed.add(by);
            }
        }

        List<Finding> notes = new ArrayList<>();
        for (Marker m : markers) {
            if (m.reason == null) {
                notes.add(note(m, MARKER + " without a reason: write why the finding is accepted after '--' ("
                        + "// " + MARKER + " IDEM001 -- downstream dedupes on order_no); until then it suppresses "
                        + "nothing"));
            }
        }
        List<Source> all = new ArrayList<>();
        all.addAll(annotated);
        all.addAll(fields);
        markers.stream().filter(m -> m.reason != null).forEach(all::add);
        all.addAll(configured);
        for (Source s : all) {
            List<String> unknown = s.rules.stream().filter(r -> !r.equalsIgnoreCase("all") && registered.stream()
                    .noneMatch(d -> d.id().equalsIgnoreCase(r) || d.name().equals(r) || ID.equalsIgnoreCase(r)
                            || NAME.equals(r))).toList();
            if (!unknown.isEmpty() && s.path != null) {
                notes.add(note(s, "this " + s.what + " names " + (unknown.size() == 1 ? "a rule" : "rules")
                        + " idemcheck does not have (" + String.join(", ", unknown) + "), so it suppresses nothing "
                        + "for " + (unknown.size() == 1 ? "it" : "them") + "; `idemcheck rules` lists the ids and "
                        + "names"));
                continue;
            }
            if (!s.used && s.path != null && s.checkable(ran) && !unchecked.contains(s.path)) {
                notes.add(note(s, "this " + s.what + " suppresses nothing any more"
                        + (s.rules.isEmpty() ? "" : " (" + String.join(", ", s.rules) + ")")
                        + "; remove it so the exception does not outlive its reason"));
            }
        }
        return new Outcome(kept, suppressed, notes);
    }

    private static Finding note(Source s, String message) {
        Location at = new Location(s.path, s.line, s.column, s.line, s.column + 1, null);
        String construct = s.what + "|" + String.join(",", new TreeSet<>(s.rules)) + "|" + s.line;
        return new Finding(ID, NAME, Severity.NOTE, message, at, List.of(), List.of(), "",
                Fingerprints.of(ID, s.path, s.what, construct, 0), null, null);
    }

    static String displayPath(Path root, Path file) {
        Path a = file.toAbsolutePath().normalize();
        return (a.startsWith(root) ? root.relativize(a) : a.getFileName()).toString().replace('\\', '/');
    }

    // ---- annotations ------------------------------------------------------------------------------------------------

    private static List<Annotated> annotations(ProjectIndex index) {
        List<Annotated> out = new ArrayList<>();
        for (TypeEntry e : index.types()) {
            String path = e.file().relPath();
            add(out, e.type().annotation("SuppressWarnings"), path, e.fqn(), "@SuppressWarnings on " + e.fqn());
            for (MethodFacts m : e.type().methods()) {
                if (!m.synthetic()) {
                    add(out, m.annotation("SuppressWarnings"), path, e.fqn() + "#" + m.signature(),
                            "@SuppressWarnings on " + e.type().simpleName() + "#" + m.signature());
                }
            }
        }
        out.sort((a, b) -> a.path.equals(b.path) ? Integer.compare(a.line, b.line) : a.path.compareTo(b.path));
        return out;
    }

    private static void add(List<Annotated> out, AnnotationFact a, String path, String enclosing, String what) {
        if (a == null || a.value("value") == null) {
            return;
        }
        Set<String> rules = new LinkedHashSet<>();
        boolean any = false;
        Matcher m = STRING.matcher(a.value("value"));
        while (m.find()) {
            String v = m.group(1).trim();
            if (v.equals("idemcheck")) {
                any = true;
            } else if (v.startsWith("idemcheck:")) {
                rules.add(v.substring("idemcheck:".length()));
            }
        }
        Range r = a.range() == null ? Range.NONE : a.range();
        if (any) {
            out.add(new Annotated(path, r.line(), r.column(), Set.of(), enclosing, what));
        } else if (!rules.isEmpty()) {
            out.add(new Annotated(path, r.line(), r.column(), rules, enclosing, what));
        }
    }

    private static boolean covers(Annotated a, Finding f) {
        String enc = f.enclosing();
        if (enc == null || enc.isEmpty()) {
            return false;
        }
        if (a.enclosing.contains("#")) {
            return enc.equals(a.enclosing);
        }
        int hash = enc.indexOf('#');
        String fqn = hash < 0 ? enc : enc.substring(0, hash);
        // the type itself or a type nested in it
        return fqn.equals(a.enclosing) || fqn.startsWith(a.enclosing + ".");
    }

    private static boolean covers(FieldAnnotation a, Finding f) {
        if (!a.path.equals(f.primary().path())) {
            return false;
        }
        int l = f.primary().startLine();
        if (l >= a.fromLine && l <= a.toLine) {
            return true;
        }
        Pattern use = Pattern.compile("(?<![\\w.])(?:this\\s*\\.\\s*)?" + Pattern.quote(a.field) + "\\s*\\.\\s*\\w+\\s*\\(");
        List<Location> places = new ArrayList<>(f.flow());
        places.addAll(f.related());
        places.add(f.primary());
        for (Location loc : places) {
            if (a.path.equals(loc.path()) && loc.startLine() >= 1 && loc.startLine() <= a.lines.size()) {
                if (use.matcher(a.lines.get(loc.startLine() - 1)).find()) {
                    return true;
                }
            }
        }
        return false;
    }

    // ---- comments and field annotations, from the file's text ------------------------------------------------------

    private static void scanFile(SourceFile f, SourceTexts texts, List<Marker> markers, List<FieldAnnotation> fields) {
        SourceText source;
        try {
            source = texts.withWord(f.path());
        } catch (IOException | RuntimeException e) {
            return;
        }
        if (source == null) {
            return;
        }
        String text = source.text();
        boolean hasMarker = text.contains(MARKER);
        boolean hasField = f.kind() == SourceFile.Kind.JAVA && text.contains("SuppressWarnings")
                && text.contains(WORD);
        if (!hasMarker && !hasField) {
            return;
        }
        List<String> lines = source.lines();
        if (hasMarker) {
            for (SuppressionComments.Place p : SuppressionComments.find(lines, f.kind(), MARKER)) {
                Marker m = marker(f, lines, p);
                if (m != null) {
                    markers.add(m);
                }
            }
        }
        if (hasField) {
            fieldAnnotations(f, lines, fields);
        }
    }

    /** The marker at {@code p} (a comment of its own), or null when it is a longer word ("idemcheck:ignored"). */
    private static Marker marker(SourceFile f, List<String> lines, SuppressionComments.Place p) {
        int i = p.line();
        int at = p.at();
        int open = p.open();
        String line = lines.get(i);
        String before = line.substring(0, at);
        String rest = line.substring(at + MARKER.length());
        if (!rest.isEmpty() && !Character.isWhitespace(rest.charAt(0)) && rest.charAt(0) != '-') {
            return null; // idemcheck:ignored...
        }
        rest = rest.replaceFirst("\\s*(\\*/|-->)\\s*$", "");
        String ids = rest;
        String reason = null;
        int dash = rest.indexOf("--");
        if (dash >= 0) {
            ids = rest.substring(0, dash);
            String r = rest.substring(dash + 2).strip();
            reason = r.isEmpty() ? null : r;
        }
        Set<String> rules = new LinkedHashSet<>();
        for (String t : ids.split("[\\s,]+")) {
            if (!t.isBlank() && RULE_TOKEN.matcher(t).matches()) {
                rules.add(t.equalsIgnoreCase("all") ? "all" : t);
            }
        }
        if (rules.contains("all")) {
            rules = Set.of();
        }
        Set<Integer> covered = new TreeSet<>();
        covered.add(i + 1);
        if (before.substring(0, open).isBlank()) {
            // a comment on its own line: the next line of code, or the whole statement that starts there
            int next = i + 1;
            while (next < lines.size() && (lines.get(next).isBlank() || isCommentLine(lines.get(next), f.kind()))) {
                next++;
            }
            if (next < lines.size()) {
                int end = statementEnd(lines, next, f.kind());
                for (int l = next; l <= end; l++) {
                    covered.add(l + 1);
                }
            }
        }
        return new Marker(f.relPath(), i + 1, at + 1, rules, covered, reason);
    }

    private static boolean isCommentLine(String line, SourceFile.Kind kind) {
        String t = line.strip();
        return switch (kind) {
            case XML -> t.startsWith("<!--") || t.endsWith("-->");
            case SQL -> t.startsWith("--") || t.startsWith("/*") || t.startsWith("#");
            default -> t.startsWith("//") || t.startsWith("/*") || t.startsWith("*");
        };
    }

    /** The last line (0-based) of the statement starting at {@code from}: the mapper element, or up to ';' in SQL. */
    private static int statementEnd(List<String> lines, int from, SourceFile.Kind kind) {
        String first = lines.get(from).strip();
        if (kind == SourceFile.Kind.XML) {
            Matcher m = Pattern.compile("^<([A-Za-z][\\w:.-]*)").matcher(first);
            if (m.find() && !first.endsWith("/>")) {
                String close = "</" + m.group(1) + ">";
                for (int l = from; l < lines.size() && l < from + 500; l++) {
                    if (lines.get(l).contains(close)) {
                        return l;
                    }
                }
            }
            return from;
        }
        if (kind == SourceFile.Kind.SQL) {
            for (int l = from; l < lines.size() && l < from + 500; l++) {
                if (lines.get(l).contains(";")) {
                    return l;
                }
            }
        }
        return from;
    }

    private static void fieldAnnotations(SourceFile f, List<String> lines, List<FieldAnnotation> out) {
        for (int i = 0; i < lines.size(); i++) {
            Matcher m = ANNOTATION.matcher(lines.get(i));
            if (!m.find() || !m.group(1).contains("idemcheck")) {
                continue;
            }
            Set<String> rules = new LinkedHashSet<>();
            boolean any = false;
            Matcher s = STRING.matcher(m.group(1));
            while (s.find()) {
                String v = s.group(1).trim();
                if (v.equals("idemcheck")) {
                    any = true;
                } else if (v.startsWith("idemcheck:")) {
                    rules.add(v.substring("idemcheck:".length()));
                }
            }
            if (!any && rules.isEmpty()) {
                continue;
            }
            // the declaration after the annotation: a field when ';' or '=' comes before '(' and '{'
            StringBuilder decl = new StringBuilder(lines.get(i).substring(m.end()));
            int l = i;
            int endLine = -1;
            String name = null;
            while (l < lines.size() && l < i + 20) {
                String d = stripAnnotations(decl.toString());
                int semi = firstOf(d, ";=");
                int paren = firstOf(d, "({");
                if (paren >= 0 && (semi < 0 || paren < semi)) {
                    break; // a method, constructor or class
                }
                if (semi >= 0) {
                    Matcher n = Pattern.compile("(\\w+)\\s*(?:\\[\\s*])*\\s*$").matcher(d.substring(0, semi));
                    if (n.find()) {
                        name = n.group(1);
                        endLine = fieldEnd(lines, l);
                    }
                    break;
                }
                l++;
                if (l < lines.size()) {
                    decl.append(' ').append(lines.get(l));
                }
            }
            if (name != null) {
                out.add(new FieldAnnotation(f.relPath(), i + 1, m.start() + 1, any ? Set.of() : rules, name, i + 1,
                        endLine + 1, lines));
            }
        }
    }

    private static String stripAnnotations(String s) {
        return s.replaceAll("@[\\w.]+(\\s*\\([^)]*\\))?", " ");
    }

    private static int firstOf(String s, String chars) {
        int best = -1;
        for (char c : chars.toCharArray()) {
            int k = s.indexOf(c);
            if (k >= 0 && (best < 0 || k < best)) {
                best = k;
            }
        }
        return best;
    }

    /** The line (0-based) of the ';' that ends a field declaration starting at {@code from}, skipping braces. */
    private static int fieldEnd(List<String> lines, int from) {
        int depth = 0;
        for (int l = from; l < lines.size() && l < from + 500; l++) {
            for (char c : lines.get(l).toCharArray()) {
                if (c == '{' || c == '(') {
                    depth++;
                } else if (c == '}' || c == ')') {
                    depth--;
                } else if (c == ';' && depth <= 0) {
                    return l;
                }
            }
        }
        return from;
    }

}
