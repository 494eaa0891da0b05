package io.idemcheck.core.springconfig;

import com.fasterxml.jackson.core.JsonLocation;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import io.idemcheck.core.finding.Diagnostic;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.List;
import java.util.Locale;
import java.util.function.Function;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The Spring Boot configuration files of a scan ({@code application*.yml}, {@code application*.yaml},
 * {@code application*.properties}) as key paths with values and lines, so rules can read settings and report at the
 * line of the offending key. YAML is read with Jackson's YAML parser token by token (one file may hold several
 * documents); properties files are read line by line (comments, {@code key=value}, {@code key: value},
 * continuation lines).
 */
public final class SpringConfig {

    public static final SpringConfig EMPTY = new SpringConfig(List.of(), List.of());

    private static final Pattern FILE = Pattern.compile("application(?:-([A-Za-z0-9_.-]+))?\\.(yml|yaml|properties)");

    private final List<ConfigFile> files;
    private final List<Diagnostic> diagnostics;

    public SpringConfig(List<ConfigFile> files, List<Diagnostic> diagnostics) {
        this.files = List.copyOf(files);
        this.diagnostics = List.copyOf(diagnostics);
    }

    public List<ConfigFile> files() {
        return files;
    }

    /** Files that could not be read (reported, never fatal). */
    public List<Diagnostic> diagnostics() {
        return diagnostics;
    }

    /** True when a file name is a Spring Boot configuration file this model reads. */
    public static boolean isConfigFileName(String name) {
        return FILE.matcher(name).matches();
    }

    /** Lower case, without '-' and '_': Spring's relaxed binding makes max-attempts, maxAttempts and max_attempts one key. */
    public static String canonical(String key) {
        return key.replace("-", "").replace("_", "").toLowerCase(Locale.ROOT);
    }

    /** Reads the files; {@code rel} maps an absolute path to the report path. */
    public static SpringConfig read(List<Path> paths, Function<Path, String> rel) {
        List<ConfigFile> out = new ArrayList<>();
        List<Diagnostic> diags = new ArrayList<>();
        for (Path p : paths) {
            String r = rel.apply(p);
            Matcher m = FILE.matcher(p.getFileName().toString());
            String profile = m.matches() && m.group(1) != null ? m.group(1) : "";
            try {
                String text = Files.readString(p, StandardCharsets.UTF_8);
                List<ConfigEntry> entries = r.endsWith(".properties") ? properties(text, r) : yaml(text, r, diags);
                out.add(new ConfigFile(r, profile, entries));
            } catch (IOException | RuntimeException e) {
                diags.add(new Diagnostic(Diagnostic.Kind.NOT_ANALYSED, r, 0, 0,
                        "configuration file not read: " + e.getMessage()));
            }
        }
        return new SpringConfig(out, diags);
    }

    /**
     * The scalar entries of a YAML file as flat keys ({@code spring.rabbitmq.listener.simple.retry.max-attempts},
     * list items as {@code key[0]}), each at the line and column of its key. A syntax error ends the read: the entries
     * before it are kept (a setting Spring would never load is not reported as missing elsewhere either) and one
     * {@link Diagnostic.Kind#PARSE_ERROR} at the error's line and column is added to {@code diags}, naming what the
     * parser met and that the rest of the file was not read.
     */
    static List<ConfigEntry> yaml(String text, String path, List<Diagnostic> diags) throws IOException {
        List<ConfigEntry> out = new ArrayList<>();
        YAMLFactory f = YAMLFactory.builder().build();
        try (JsonParser p = f.createParser(text)) {
            // one frame per open container: the key prefix, and for arrays the next index
            Deque<String[]> stack = new ArrayDeque<>();
            Deque<int[]> index = new ArrayDeque<>();
            String field = null;
            int fieldLine = 1;
            int fieldCol = 1;
            JsonToken t;
            while (true) {
                try {
                    t = p.nextToken();
                } catch (IOException e) {
                    // an unparsable tail (templating, tabs): keep what was read, and say so
                    diags.add(syntaxError(path, e));
                    break;
                }
                if (t == null) {
                    if (p.currentToken() == null && stack.isEmpty()) {
                        break;
                    }
                    continue;
                }
                switch (t) {
                    case FIELD_NAME -> {
                        field = p.currentName();
                        JsonLocation loc = p.currentTokenLocation();
                        fieldLine = loc.getLineNr();
                        fieldCol = loc.getColumnNr();
                    }
                    case START_OBJECT, START_ARRAY -> {
                        String key = childKey(stack, index, field);
                        stack.push(new String[]{key});
                        index.push(new int[]{t == JsonToken.START_ARRAY ? 0 : -1});
                        field = null;
                    }
                    case END_OBJECT, END_ARRAY -> {
                        if (!stack.isEmpty()) {
                            stack.pop();
                            index.pop();
                        }
                        field = null;
                    }
                    default -> {
                        String key = childKey(stack, index, field);
                        JsonLocation loc = p.currentTokenLocation();
                        int line = field != null ? fieldLine : loc.getLineNr();
                        int col = field != null ? fieldCol : loc.getColumnNr();
                        String v = t == JsonToken.VALUE_NULL ? "" : p.getText();
                        if (key != null && !key.isEmpty()) {
                            out.add(new ConfigEntry(key, v == null ? "" : v, path, Math.max(1, line),
                                    Math.max(1, col)));
                        }
                        field = null;
                    }
                }
            }
        }
        return out;
    }

    private static Diagnostic syntaxError(String path, IOException e) {
        int line = 0;
        int col = 0;
        String msg = e.getMessage() == null ? e.getClass().getSimpleName() : e.getMessage();
        if (e instanceof com.fasterxml.jackson.core.JsonProcessingException j) {
            JsonLocation loc = j.getLocation();
            if (loc != null) {
                line = Math.max(0, loc.getLineNr());
                col = Math.max(0, loc.getColumnNr());
            }
            msg = j.getOriginalMessage();
        }
        // the problem's own position (where the parser gave up), when SnakeYAML says it
        if (e.getCause() instanceof org.yaml.snakeyaml.error.MarkedYAMLException y && y.getProblemMark() != null) {
            line = y.getProblemMark().getLine() + 1;
            col = y.getProblemMark().getColumn() + 1;
        }
        // SnakeYAML's messages span several lines: its context and problem sentences start at the margin, the
        // positions and the caret drawing of the line are indented; keep the sentences
        StringBuilder said = new StringBuilder();
        for (String l : msg.split("\\R")) {
            if (!l.isBlank() && !Character.isWhitespace(l.charAt(0))) {
                said.append(said.length() == 0 ? "" : ": ").append(l.strip());
            }
        }
        return new Diagnostic(Diagnostic.Kind.PARSE_ERROR, path, line, col, "malformed YAML: "
                + (said.length() == 0 ? msg.strip() : said) + "; the settings after this point were not read");
    }

    private static String childKey(Deque<String[]> stack, Deque<int[]> index, String field) {
        String parent = stack.isEmpty() ? null : stack.peek()[0];
        int[] idx = index.isEmpty() ? null : index.peek();
        String own;
        if (idx != null && idx[0] >= 0) {
            own = "[" + idx[0]++ + "]";
            return parent == null ? own : parent + own;
        }
        own = field;
        if (own == null) {
            return parent == null ? "" : parent;
        }
        return parent == null || parent.isEmpty() ? own : parent + "." + own;
    }

    static List<ConfigEntry> properties(String text, String path) {
        List<ConfigEntry> out = new ArrayList<>();
        String[] lines = text.split("\r\n|\r|\n", -1);
        for (int i = 0; i < lines.length; i++) {
            int startLine = i + 1;
            String line = lines[i];
            String trimmed = line.stripLeading();
            if (trimmed.isEmpty() || trimmed.startsWith("#") || trimmed.startsWith("!")) {
                continue;
            }
            StringBuilder logical = new StringBuilder(trimmed);
            while (endsWithContinuation(logical) && i + 1 < lines.length) {
                logical.setLength(logical.length() - 1);
                logical.append(lines[++i].stripLeading());
            }
            String l = logical.toString();
            int sep = -1;
            for (int k = 0; k < l.length(); k++) {
                char c = l.charAt(k);
                if (c == '\\') {
                    k++;
                    continue;
                }
                if (c == '=' || c == ':' || Character.isWhitespace(c)) {
                    sep = k;
                    break;
                }
            }
            String key = sep < 0 ? l : l.substring(0, sep);
            String value = "";
            if (sep >= 0) {
                String rest = l.substring(sep).stripLeading();
                if (!rest.isEmpty() && (rest.charAt(0) == '=' || rest.charAt(0) == ':')) {
                    rest = rest.substring(1);
                }
                value = rest.strip();
            }
            int col = line.length() - trimmed.length() + 1;
            out.add(new ConfigEntry(key.replace("\\", ""), value, path, startLine, col));
        }
        return out;
    }

    private static boolean endsWithContinuation(StringBuilder s) {
        int n = 0;
        for (int i = s.length() - 1; i >= 0 && s.charAt(i) == '\\'; i--) {
            n++;
        }
        return n % 2 == 1;
    }
}
