package io.idemcheck.core.config;

import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import io.idemcheck.core.facts.EffectKind;
import io.idemcheck.core.finding.Severity;
import org.yaml.snakeyaml.error.MarkedYAMLException;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

import static io.idemcheck.core.util.Texts.firstLine;

/**
 * Reads and validates {@code idemcheck.yml}. Every problem is a {@link ConfigException} naming the file, the line and
 * the key: an unknown key, a value of the wrong type, a bad pattern, a missing required entry. Nothing falls back to a
 * default silently.
 */
public final class ConfigLoader {

    /** The top-level keys, in documentation order. */
    public static final List<String> KEYS = List.of("rules", "include", "exclude", "effects", "records", "claims",
            "keyCarriers", "locks", "entryPoints", "statusColumns", "stateValues", "inProgressValues", "suppressions");

    /** The keys of {@code entryPoints}, as in the catalog's {@code entryPoints}. */
    public static final List<String> ENTRY_POINT_KEYS = List.of("methodAnnotations", "typeAnnotationsWithMethod",
            "interfaces");

    private static final String JAVA_NAME = "[A-Za-z_$][A-Za-z0-9_$]*";

    private static final YAMLFactory YAML = new YAMLFactory();

    private final String display;

    private ConfigLoader(String display) {
        this.display = display;
    }

    /** Loads {@code file}; messages name it as {@code displayName}. */
    public static ProjectConfig load(Path file, String displayName) {
        String text;
        try {
            text = Files.readString(file, StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new ConfigException(displayName, 0, "cannot read the configuration file (" + e + ")");
        }
        return parse(text, file, displayName);
    }

    /** Loads {@code file}; messages name it relative to the current directory when it is below it. */
    public static ProjectConfig load(Path file) {
        return load(file, displayName(file));
    }

    /** The path as messages show it: relative to the current directory when below it, else absolute. */
    public static String displayName(Path file) {
        Path abs = file.toAbsolutePath().normalize();
        Path cwd = Path.of("").toAbsolutePath().normalize();
        return (abs.startsWith(cwd) ? cwd.relativize(abs) : abs).toString().replace('\\', '/');
    }

    /** Parses YAML text as the content of {@code file}. */
    public static ProjectConfig parse(String yaml, Path file, String displayName) {
        return new ConfigLoader(displayName).read(yaml, file);
    }

    // ---- a YAML tree with line numbers ------------------------------------------------------------------------------

    sealed interface Node permits MapNode, ListNode, Scalar {
        int line();
    }

    record Entry(String key, int line, Node value) {
    }

    record MapNode(Map<String, Entry> entries, int line) implements Node {
    }

    record ListNode(List<Node> items, int line) implements Node {
    }

    record Scalar(String text, JsonToken token, int line) implements Node {
        boolean isNull() {
            return token == JsonToken.VALUE_NULL;
        }
    }

    /**
     * The YAML parser's error as one line naming the problem and where: a bracket or quote never closed is reported
     * at the line it was opened ("the '{' opened at line 2 is never closed (expected ',' or '}', but got <stream end>
     * at line 3)"); any other problem at its own line, with what the parser was reading when the two differ.
     */
    private ConfigException yamlError(MarkedYAMLException m) {
        String problem = m.getProblem() == null ? firstLine(m.getMessage()) : m.getProblem();
        int at = m.getProblemMark() == null ? 0 : m.getProblemMark().getLine() + 1;
        String context = m.getContext();
        int from = m.getContextMark() == null ? 0 : m.getContextMark().getLine() + 1;
        String opener = context == null ? null : context.endsWith("flow mapping") ? "'{'"
                : context.endsWith("flow sequence") ? "'['" : context.endsWith("quoted scalar") ? "quoted string" : null;
        boolean atEnd = problem.contains("<stream end>") || problem.contains("end of stream");
        if (opener != null && atEnd && from > 0) {
            return new ConfigException(display, from, "not valid YAML: the " + opener + " opened at line " + from
                    + " is never closed (" + problem + " at line " + at + ")");
        }
        String reading = context == null || from == 0 || from == at ? ""
                : " (" + context + " started at line " + from + ")";
        return new ConfigException(display, at, "not valid YAML: " + problem + reading);
    }

    private Node tree(String yaml) {
        try (JsonParser p = YAML.createParser(yaml)) {
            JsonToken t = p.nextToken();
            if (t == null) {
                return null;
            }
            Node n = node(p);
            return n;
        } catch (JsonProcessingException e) {
            if (e.getCause() instanceof MarkedYAMLException m) {
                throw yamlError(m);
            }
            int line = e.getLocation() == null ? 0 : e.getLocation().getLineNr();
            throw new ConfigException(display, line, "not valid YAML: " + firstLine(e.getOriginalMessage()));
        } catch (IOException e) {
            throw new ConfigException(display, 0, "cannot read: " + e.getMessage());
        }
    }

    private Node node(JsonParser p) throws IOException {
        int line = p.currentTokenLocation().getLineNr();
        JsonToken t = p.currentToken();
        if (t == JsonToken.START_OBJECT) {
            Map<String, Entry> m = new LinkedHashMap<>();
            while (p.nextToken() == JsonToken.FIELD_NAME) {
                String key = p.currentName();
                int keyLine = p.currentTokenLocation().getLineNr();
                p.nextToken();
                Node v = node(p);
                if (m.containsKey(key)) {
                    throw new ConfigException(display, keyLine, "duplicate key '" + key + "'");
                }
                m.put(key, new Entry(key, keyLine, v));
            }
            return new MapNode(m, line);
        }
        if (t == JsonToken.START_ARRAY) {
            List<Node> items = new ArrayList<>();
            while (p.nextToken() != JsonToken.END_ARRAY) {
                items.add(node(p));
            }
            return new ListNode(items, line);
        }
        return new Scalar(t == JsonToken.VALUE_NULL ? null : p.getText(), t, line);
    }

    // ---- validation -------------------------------------------------------------------------------------------------

    private ProjectConfig read(String yaml, Path file) {
        Path abs = file == null ? null : file.toAbsolutePath().normalize();
        Path base = abs == null ? null : abs.getParent();
        Node root = tree(yaml);
        if (root == null || root instanceof Scalar s && s.isNull()) {
            return ProjectConfig.NONE.withFile(abs, base);
        }
        if (!(root instanceof MapNode top)) {
            throw new ConfigException(display, root.line(), "expected a mapping of keys (" + String.join(", ", KEYS)
                    + ") at the top level");
        }
        checkKeys(top, KEYS, null);
        Map<String, ProjectConfig.RuleSetting> rules = new LinkedHashMap<>();
        Entry re = top.entries().get("rules");
        if (re != null && !isNull(re.value())) {
            MapNode rm = map(re);
            for (Entry e : rm.entries().values()) {
                if (!e.key().matches("IDEM\\d{3}|[A-Z][A-Za-z0-9]*")) {
                    throw new ConfigException(display, e.line(), "rules: '" + e.key()
                            + "' is not a rule id (IDEM001) or rule name (SideEffectBeforeStatusRecord)");
                }
                rules.put(e.key(), ruleSetting(e));
            }
        }
        List<Glob> include = strings(top, "include").stream().map(s -> glob(s)).toList();
        List<Glob> exclude = strings(top, "exclude").stream().map(s -> glob(s)).toList();
        List<ProjectConfig.Effect> effects = new ArrayList<>();
        for (Item it : maps(top, "effects", List.of("pattern", "kind", "verb"))) {
            MethodPattern pat = pattern(it, "pattern");
            String kind = requiredString(it, "kind");
            if (!EffectKind.labels().contains(kind)) {
                throw new ConfigException(display, it.map.entries().get("kind").line(), "effects: kind '" + kind
                        + "' is not one of " + String.join(", ", EffectKind.labels()));
            }
            String verb = optionalString(it, "verb");
            effects.add(new ProjectConfig.Effect(pat, kind, verb));
        }
        List<MethodPattern> records = patterns(top, "records");
        List<MethodPattern> claims = patterns(top, "claims");
        List<MethodPattern> locks = patterns(top, "locks");
        List<ProjectConfig.KeyCarrier> carriers = new ArrayList<>();
        for (Item it : maps(top, "keyCarriers", List.of("pattern", "parameter"))) {
            MethodPattern pat = pattern(it, "pattern");
            Entry pe = it.map.entries().get("parameter");
            if (pe == null) {
                throw new ConfigException(display, it.map.line(), "keyCarriers: missing key 'parameter' (the index of "
                        + "the argument that carries the key, 0 for the first)");
            }
            if (!(pe.value() instanceof Scalar s) || s.token() != JsonToken.VALUE_NUMBER_INT
                    || Integer.parseInt(s.text()) < 0) {
                throw new ConfigException(display, pe.line(), "keyCarriers: 'parameter' must be a number, 0 or more");
            }
            int idx = Integer.parseInt(((Scalar) pe.value()).text());
            if (pat.arity() >= 0 && idx >= pat.arity()) {
                throw new ConfigException(display, pe.line(), "keyCarriers: parameter " + idx + " is beyond the "
                        + pat.arity() + " parameter(s) of '" + pat.pattern() + "'");
            }
            carriers.add(new ProjectConfig.KeyCarrier(pat, idx));
        }
        List<String> statusColumns = strings(top, "statusColumns").stream()
                .map(s -> s.toLowerCase(Locale.ROOT)).toList();
        for (String c : statusColumns) {
            if (!c.matches("[a-z_*][a-z0-9_*]*")) {
                throw new ConfigException(display, top.entries().get("statusColumns").line(),
                        "statusColumns: '" + c + "' is not a column name or pattern");
            }
        }
        Map<String, Integer> stateLines = new LinkedHashMap<>();
        List<String> stateValues = stateNames(top, "stateValues", stateLines);
        Map<String, Integer> inProgressLines = new LinkedHashMap<>();
        List<String> inProgressValues = stateNames(top, "inProgressValues", inProgressLines);
        for (Map.Entry<String, Integer> e : inProgressLines.entrySet()) {
            if (stateLines.containsKey(e.getKey())) {
                throw new ConfigException(display, e.getValue(), "inProgressValues: '" + e.getKey() + "' is also in "
                        + "stateValues (line " + stateLines.get(e.getKey()) + "): a state is either one work ends in "
                        + "or one work is under way in");
            }
        }
        List<ProjectConfig.EntryPoint> entryPoints = entryPoints(top);
        List<ProjectConfig.Suppression> suppressions = new ArrayList<>();
        for (Item it : maps(top, "suppressions", List.of("rule", "path", "reason"))) {
            String rule = requiredString(it, "rule");
            if (!rule.matches("IDEM\\d{3}|[A-Z][A-Za-z0-9]*|all")) {
                throw new ConfigException(display, it.map.entries().get("rule").line(), "suppressions: rule '" + rule
                        + "' is not a rule id, a rule name or 'all'");
            }
            Glob path = glob(requiredString(it, "path"));
            String reason = requiredString(it, "reason");
            if (reason.isBlank()) {
                throw new ConfigException(display, it.map.entries().get("reason").line(),
                        "suppressions: 'reason' must say why the findings are accepted");
            }
            suppressions.add(new ProjectConfig.Suppression(rule, path, reason.strip(), it.map.line()));
        }
        return new ProjectConfig(abs, base, rules, include, exclude, effects, records, claims, carriers, locks,
                statusColumns, stateValues, suppressions, stateLines, inProgressValues, entryPoints);
    }

    /**
     * A list of state names ({@code stateValues}, {@code inProgressValues}): strings, each line recorded in
     * {@code lines} by its upper-cased value. A number is an error: numeric status codes are not read.
     */
    private List<String> stateNames(MapNode top, String key, Map<String, Integer> lines) {
        ListNode states = list(top, key);
        for (Node n : states == null ? List.<Node>of() : states.items()) {
            if (n instanceof Scalar v && v.token() != JsonToken.VALUE_STRING && !v.isNull()) {
                throw new ConfigException(display, n.line(), key + ": " + v.text() + " is not a state name: "
                        + "a state value is the word a status column holds (" + (key.equals("stateValues")
                        ? "SETTLED" : "GRABBED") + "); numeric status codes are not read");
            }
            if (n instanceof Scalar v && !v.isNull()) {
                lines.putIfAbsent(v.text().trim().toUpperCase(Locale.ROOT), n.line());
            }
        }
        return strings(top, key);
    }

    /** {@code entryPoints}: a mapping shaped as the catalog's {@code entryPoints}. */
    private List<ProjectConfig.EntryPoint> entryPoints(MapNode top) {
        Entry ee = top.entries().get("entryPoints");
        if (ee == null || isNull(ee.value())) {
            return List.of();
        }
        MapNode em = map(ee);
        checkKeys(em, ENTRY_POINT_KEYS, "entryPoints");
        List<ProjectConfig.EntryPoint> out = new ArrayList<>();
        ListNode annotations = list(em, "methodAnnotations");
        for (Node n : annotations == null ? List.<Node>of() : annotations.items()) {
            if (!(n instanceof Scalar s) || s.isNull()) {
                throw new ConfigException(display, n.line(), "entryPoints.methodAnnotations: each entry must be an "
                        + "annotation name such as NightlyJob");
            }
            out.add(new ProjectConfig.EntryPoint("methodAnnotations", javaName(s.text(), n.line(),
                    "entryPoints.methodAnnotations"), null, null, null, n.line()));
        }
        for (String key : List.of("typeAnnotationsWithMethod", "interfaces")) {
            String where = "entryPoints." + key;
            String owner = key.equals("interfaces") ? "type" : "annotation";
            for (Item it : maps(em, key, List.of(owner, "method", "params"))) {
                Item named = new Item(where, it.map());
                String name = javaName(requiredString(named, owner), it.map().entries().get(owner).line(), where);
                String method = requiredString(named, "method");
                if (!method.matches(JAVA_NAME)) {
                    throw new ConfigException(display, it.map().entries().get("method").line(), where + ": '"
                            + method + "' is not a method name");
                }
                List<String> params = it.map().entries().containsKey("params")
                        ? strings(it.map(), "params").stream().map(p -> p.replace(" ", "")).toList() : null;
                out.add(new ProjectConfig.EntryPoint(key, owner.equals("annotation") ? name : null,
                        owner.equals("type") ? name : null, method, params, it.map().line()));
            }
        }
        return out;
    }

    /** A type or annotation name's simple name ({@code com.acme.NightlyJob}, {@code @NightlyJob}: NightlyJob). */
    private String javaName(String text, int line, String where) {
        String t = text.trim();
        if (t.startsWith("@")) {
            t = t.substring(1);
        }
        if (!t.matches(JAVA_NAME + "(\\." + JAVA_NAME + ")*")) {
            throw new ConfigException(display, line, where + ": '" + text + "' is not a type or annotation name");
        }
        return t.substring(t.lastIndexOf('.') + 1);
    }

    private ProjectConfig.RuleSetting ruleSetting(Entry e) {
        if (e.value() instanceof Scalar s && !s.isNull()) {
            String v = s.text().trim().toLowerCase(Locale.ROOT);
            if (s.token() == JsonToken.VALUE_FALSE || v.equals("off")) {
                return new ProjectConfig.RuleSetting(false, null, e.line());
            }
            if (s.token() == JsonToken.VALUE_TRUE || v.equals("on")) {
                return new ProjectConfig.RuleSetting(true, null, e.line());
            }
            for (Severity sev : Severity.values()) {
                if (sev.label().equals(v)) {
                    return new ProjectConfig.RuleSetting(true, sev, e.line());
                }
            }
        }
        throw new ConfigException(display, e.line(), "rules: " + e.key() + ": expected off, on, error, warning or note");
    }

    private record Item(String key, MapNode map) {
    }

    private void checkKeys(MapNode m, List<String> allowed, String where) {
        for (Entry e : m.entries().values()) {
            if (!allowed.contains(e.key())) {
                throw new ConfigException(display, e.line(), (where == null ? "" : where + ": ") + "unknown key '"
                        + e.key() + "' (expected one of: " + String.join(", ", allowed) + ")");
            }
        }
    }

    private static boolean isNull(Node n) {
        return n instanceof Scalar s && s.isNull();
    }

    private MapNode map(Entry e) {
        if (e.value() instanceof MapNode m) {
            return m;
        }
        throw new ConfigException(display, e.line(), "'" + e.key() + "' must be a mapping (key: value lines)");
    }

    private ListNode list(MapNode top, String key) {
        Entry e = top.entries().get(key);
        if (e == null || isNull(e.value())) {
            return null;
        }
        if (e.value() instanceof ListNode l) {
            return l;
        }
        throw new ConfigException(display, e.line(), "'" + key + "' must be a list (lines starting with '- ')");
    }

    private List<String> strings(MapNode top, String key) {
        ListNode l = list(top, key);
        if (l == null) {
            return List.of();
        }
        List<String> out = new ArrayList<>();
        for (Node n : l.items()) {
            if (!(n instanceof Scalar s) || s.isNull() || s.text().isBlank()) {
                throw new ConfigException(display, n.line(), key + ": each entry must be a non-empty string");
            }
            out.add(s.text().trim());
        }
        return out;
    }

    private List<MethodPattern> patterns(MapNode top, String key) {
        ListNode l = list(top, key);
        if (l == null) {
            return List.of();
        }
        List<MethodPattern> out = new ArrayList<>();
        for (Node n : l.items()) {
            if (!(n instanceof Scalar s) || s.isNull()) {
                throw new ConfigException(display, n.line(), key + ": each entry must be a method pattern string "
                        + "such as com.acme.TaskDao#finish(*)");
            }
            try {
                out.add(MethodPattern.parse(s.text(), n.line()));
            } catch (IllegalArgumentException e) {
                throw new ConfigException(display, n.line(), key + ": " + e.getMessage());
            }
        }
        return out;
    }

    private List<Item> maps(MapNode top, String key, List<String> allowed) {
        ListNode l = list(top, key);
        if (l == null) {
            return List.of();
        }
        List<Item> out = new ArrayList<>();
        for (Node n : l.items()) {
            if (!(n instanceof MapNode m)) {
                throw new ConfigException(display, n.line(), key + ": each entry must be a mapping with "
                        + String.join(", ", allowed));
            }
            checkKeys(m, allowed, key);
            out.add(new Item(key, m));
        }
        return out;
    }

    private MethodPattern pattern(Item it, String field) {
        String s = requiredString(it, field);
        try {
            return MethodPattern.parse(s, it.map.entries().get(field).line());
        } catch (IllegalArgumentException e) {
            throw new ConfigException(display, it.map.entries().get(field).line(), it.key + ": " + e.getMessage());
        }
    }

    private String requiredString(Item it, String field) {
        Entry e = it.map.entries().get(field);
        if (e == null) {
            throw new ConfigException(display, it.map.line(), it.key + ": missing key '" + field + "'");
        }
        if (!(e.value() instanceof Scalar s) || s.isNull()) {
            throw new ConfigException(display, e.line(), it.key + ": '" + field + "' must be a string");
        }
        return s.text().trim();
    }

    private String optionalString(Item it, String field) {
        return it.map.entries().containsKey(field) ? requiredString(it, field) : null;
    }

    private Glob glob(String s) {
        return Glob.of(s);
    }

}
