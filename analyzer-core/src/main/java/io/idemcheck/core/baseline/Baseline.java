package io.idemcheck.core.baseline;

import com.fasterxml.jackson.core.util.DefaultIndenter;
import com.fasterxml.jackson.core.util.DefaultPrettyPrinter;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import io.idemcheck.core.finding.Diagnostic;
import io.idemcheck.core.finding.Finding;
import io.idemcheck.core.finding.Fingerprints;
import io.idemcheck.core.finding.ScanResult;
import io.idemcheck.core.finding.SuppressedFinding;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * The accepted findings of an existing codebase, so that only new ones fail the build (detekt's model, keyed by
 * idemcheck's line-free {@link Finding#fingerprint() fingerprint}, so entries survive code moving up and down).
 *
 * <p>The file is pretty JSON with sorted keys, entries sorted by path, rule, enclosing element and fingerprint, and a
 * trailing newline, so it diffs cleanly in review:
 * <pre>
 * {
 *   "entries" : [ {
 *     "count" : 1,
 *     "enclosing" : "com.acme.Job#run()",
 *     "fingerprint" : "0f3c...",
 *     "path" : "src/main/java/com/acme/Job.java",
 *     "ruleId" : "IDEM001",
 *     "ruleName" : "SideEffectBeforeStatusRecord"
 *   } ],
 *   "fingerprintVersion" : "idemcheck/v1",
 *   "schemaVersion" : "1",
 *   "tool" : "idemcheck"
 * }
 * </pre>
 * Paths are relative to the scan's source root (the top of the git work tree by default), as in the reports, so the
 * CLI and the Maven plugin read and write the same file with the same meaning.
 *
 * <p>Typical use (CLI and Maven plugin alike):
 * <pre>
 * ScanResult result = analyzer.scan(request);
 * if (update) {
 *     Baseline.Update u = Baseline.update(Baseline.readIfExists(file), result);
 *     u.next().write(file);
 *     result = u.next().apply(result, name).result();
 * } else {
 *     Baseline.Applied a = Baseline.read(file).apply(result, name);
 *     result = a.result();          // baselined findings moved to result.suppressed(), fixed entries as diagnostics
 * }
 * </pre>
 *
 * @param entries one per distinct fingerprint, sorted
 */
public record Baseline(List<Entry> entries) {

    public static final String SCHEMA_VERSION = "1";
    /** The default file name, at the source root. */
    public static final String DEFAULT_FILE = "idemcheck-baseline.json";

    private static final ObjectMapper MAPPER = new ObjectMapper()
            .enable(SerializationFeature.ORDER_MAP_ENTRIES_BY_KEYS);

    public Baseline {
        List<Entry> sorted = new ArrayList<>(entries);
        sorted.sort(ORDER);
        entries = List.copyOf(sorted);
    }

    /**
     * One accepted finding (or several with the same fingerprint).
     *
     * @param fingerprint the finding's line-free fingerprint
     * @param ruleId      rule id, for readers
     * @param ruleName    rule name, for readers
     * @param path        file relative to the source root, for readers
     * @param enclosing   enclosing element, for readers
     * @param count       how many findings with this fingerprint are accepted
     */
    public record Entry(String fingerprint, String ruleId, String ruleName, String path, String enclosing, int count) {

        Entry withCount(int c) {
            return new Entry(fingerprint, ruleId, ruleName, path, enclosing, c);
        }
    }

    private static final Comparator<Entry> ORDER = Comparator.comparing((Entry e) -> nz(e.path()))
            .thenComparing(e -> nz(e.ruleId())).thenComparing(e -> nz(e.enclosing()))
            .thenComparing(e -> nz(e.fingerprint()));

    private static String nz(String s) {
        return s == null ? "" : s;
    }

    /** The baseline that accepts exactly these findings (engine notes about suppressions, IDEM000, are left out). */
    public static Baseline of(Collection<Finding> findings) {
        Map<String, Entry> byFp = new LinkedHashMap<>();
        for (Finding f : findings) {
            if (f.ruleId().equals("IDEM000") || f.fingerprint() == null) {
                continue;
            }
            byFp.merge(f.fingerprint(), new Entry(f.fingerprint(), f.ruleId(), f.ruleName(), f.primary().path(),
                    f.enclosing(), 1), (a, b) -> a.withCount(a.count() + 1));
        }
        return new Baseline(new ArrayList<>(byFp.values()));
    }

    /** An empty baseline. */
    public static Baseline empty() {
        return new Baseline(List.of());
    }

    /** Number of accepted findings (the sum of the counts). */
    public int size() {
        return entries.stream().mapToInt(Entry::count).sum();
    }

    // ---- file -------------------------------------------------------------------------------------------------------

    /**
     * Reads a baseline file.
     *
     * @throws IOException              when it cannot be read
     * @throws IllegalArgumentException when it is not a baseline (the message says why)
     */
    public static Baseline read(Path file) throws IOException {
        JsonNode root;
        try {
            root = MAPPER.readTree(Files.readString(file, StandardCharsets.UTF_8));
        } catch (com.fasterxml.jackson.core.JsonProcessingException e) {
            throw new IllegalArgumentException("'" + file + "' is not valid JSON: " + e.getOriginalMessage());
        }
        if (root == null || !root.isObject() || !root.path("entries").isArray()) {
            throw new IllegalArgumentException("'" + file + "' is not an idemcheck baseline (no \"entries\" array)");
        }
        String version = root.path("schemaVersion").asText(SCHEMA_VERSION);
        if (!version.equals(SCHEMA_VERSION)) {
            throw new IllegalArgumentException("'" + file + "' has baseline schema version " + version
                    + "; this idemcheck reads version " + SCHEMA_VERSION);
        }
        List<Entry> entries = new ArrayList<>();
        for (JsonNode e : root.get("entries")) {
            String fp = e.path("fingerprint").asText(null);
            if (fp == null || fp.isBlank()) {
                throw new IllegalArgumentException("'" + file + "' has an entry without a fingerprint");
            }
            entries.add(new Entry(fp, text(e, "ruleId"), text(e, "ruleName"), text(e, "path"), text(e, "enclosing"),
                    Math.max(1, e.path("count").asInt(1))));
        }
        return new Baseline(entries);
    }

    /** {@link #read(Path)}, or an empty baseline when the file does not exist. */
    public static Baseline readIfExists(Path file) throws IOException {
        return Files.exists(file) ? read(file) : empty();
    }

    private static String text(JsonNode n, String field) {
        JsonNode v = n.get(field);
        return v == null || v.isNull() ? null : v.asText();
    }

    /** The file's content: pretty JSON, sorted keys, '\n' line ends, a trailing newline. */
    public String toJson() {
        Map<String, Object> root = new TreeMap<>();
        List<Map<String, Object>> list = new ArrayList<>();
        for (Entry e : entries) {
            Map<String, Object> m = new TreeMap<>();
            m.put("count", e.count());
            m.put("enclosing", e.enclosing());
            m.put("fingerprint", e.fingerprint());
            m.put("path", e.path());
            m.put("ruleId", e.ruleId());
            m.put("ruleName", e.ruleName());
            list.add(m);
        }
        root.put("entries", list);
        root.put("fingerprintVersion", Fingerprints.SARIF_KEY);
        root.put("schemaVersion", SCHEMA_VERSION);
        root.put("tool", "idemcheck");
        DefaultPrettyPrinter pp = new DefaultPrettyPrinter()
                .withObjectIndenter(new DefaultIndenter("  ", "\n"))
                .withArrayIndenter(new DefaultIndenter("  ", "\n"));
        try {
            return MAPPER.writer(pp).writeValueAsString(root) + "\n";
        } catch (IOException e) {
            throw new IllegalStateException(e);
        }
    }

    /** Writes {@link #toJson()} to {@code file}, creating parent folders. */
    public void write(Path file) throws IOException {
        Path parent = file.toAbsolutePath().getParent();
        if (parent != null) {
            Files.createDirectories(parent);
        }
        Files.writeString(file, toJson(), StandardCharsets.UTF_8);
    }

    // ---- applying ---------------------------------------------------------------------------------------------------

    /**
     * What applying a baseline did.
     *
     * @param result  the scan result with baselined findings moved to {@link ScanResult#suppressed()} (kind
     *                {@link SuppressedFinding.Kind#BASELINE}) and one INFO diagnostic per fixed entry
     * @param matched number of findings the baseline accepted
     * @param fixed   entries (with the count left over) that matched no finding: fixed, or changed beyond recognition
     */
    public record Applied(ScanResult result, int matched, List<Entry> fixed) {
    }

    /**
     * Accepts the findings whose fingerprint is in the baseline (each entry at most {@code count} times); the other
     * findings stay and decide the exit code.
     *
     * @param name how the baseline file is named in the suppression's {@code where} (e.g. its path)
     */
    public Applied apply(ScanResult r, String name) {
        Map<String, Integer> left = new LinkedHashMap<>();
        for (Entry e : entries) {
            left.merge(e.fingerprint(), e.count(), Integer::sum);
        }
        List<Finding> kept = new ArrayList<>();
        List<SuppressedFinding> suppressed = new ArrayList<>(r.suppressed());
        int matched = 0;
        for (Finding f : r.findings()) {
            Integer n = f.fingerprint() == null || f.ruleId().equals("IDEM000") ? null : left.get(f.fingerprint());
            if (n != null && n > 0) {
                left.put(f.fingerprint(), n - 1);
                suppressed.add(new SuppressedFinding(f, SuppressedFinding.Kind.BASELINE, "accepted in the baseline",
                        name));
                matched++;
            } else {
                kept.add(f);
            }
        }
        List<Entry> fixed = new ArrayList<>();
        for (Entry e : entries) {
            int n = left.getOrDefault(e.fingerprint(), 0);
            if (n > 0) {
                fixed.add(e.withCount(n));
                left.put(e.fingerprint(), 0);
            }
        }
        List<Diagnostic> diagnostics = new ArrayList<>(r.diagnostics());
        for (Entry e : fixed) {
            diagnostics.add(new Diagnostic(Diagnostic.Kind.INFO, e.path(), 0, 0, "baseline entry " + e.ruleId()
                    + " in " + e.enclosing() + (e.count() > 1 ? " (" + e.count() + " findings)" : "")
                    + " matches nothing any more (fixed); --update-baseline drops it"));
        }
        diagnostics.sort(Comparator.comparing((Diagnostic d) -> d.path() == null ? "" : d.path())
                .thenComparingInt(Diagnostic::line));
        return new Applied(r.with(kept, diagnostics, suppressed), matched, fixed);
    }

    /**
     * A refreshed baseline.
     *
     * @param next    the baseline of the scan's current findings
     * @param added   entries not in the old baseline (with the count added)
     * @param dropped entries of the old baseline that match nothing any more (with the count dropped)
     */
    public record Update(Baseline next, List<Entry> added, List<Entry> dropped) {
    }

    /**
     * The baseline that accepts every finding of {@code r} that is not suppressed otherwise, compared with
     * {@code old}. Pass the result of a scan without the baseline applied.
     */
    public static Update update(Baseline old, ScanResult r) {
        List<Finding> current = new ArrayList<>(r.findings());
        r.suppressed().stream().filter(s -> s.kind() == SuppressedFinding.Kind.BASELINE)
                .map(SuppressedFinding::finding).forEach(current::add);
        Baseline next = of(current);
        Map<String, Integer> before = counts(old);
        Map<String, Integer> after = counts(next);
        List<Entry> added = new ArrayList<>();
        for (Entry e : next.entries()) {
            int d = e.count() - before.getOrDefault(e.fingerprint(), 0);
            if (d > 0) {
                added.add(e.withCount(d));
            }
        }
        List<Entry> dropped = new ArrayList<>();
        for (Entry e : old.entries()) {
            int d = e.count() - after.getOrDefault(e.fingerprint(), 0);
            if (d > 0) {
                dropped.add(e.withCount(d));
            }
        }
        return new Update(next, added, dropped);
    }

    private static Map<String, Integer> counts(Baseline b) {
        Map<String, Integer> m = new LinkedHashMap<>();
        for (Entry e : b.entries()) {
            m.merge(e.fingerprint(), e.count(), Integer::sum);
        }
        return m;
    }
}
