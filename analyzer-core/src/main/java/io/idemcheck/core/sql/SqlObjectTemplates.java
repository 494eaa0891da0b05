package io.idemcheck.core.sql;

import io.idemcheck.core.source.SourceText;
import org.stringtemplate.v4.ST;
import org.stringtemplate.v4.STErrorListener;
import org.stringtemplate.v4.STGroup;
import org.stringtemplate.v4.STGroupString;
import org.stringtemplate.v4.compiler.CompiledST;
import org.stringtemplate.v4.misc.STMessage;
import org.stringtemplate.v4.misc.STRuntimeMessage;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.function.Function;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The SQL text of jDBI SQL-object methods whose annotation ({@code @SqlUpdate}, {@code @SqlQuery}, ...) names no
 * statement, as jDBI's statement locators find it on the class path:
 * <ul>
 *   <li>a StringTemplate group file named after the type, {@code org/acme/TaskDao.sql.stg} (jDBI 3
 *       {@code @UseStringTemplateSqlLocator}, jDBI 2 {@code @UseStringTemplate3StatementLocator} and locators built on
 *       them), whose template named after the method is the statement; {@code import "other.sql.stg"} lines pull in
 *       a shared group (templates such as {@code tableName()} are overridden by the importing group);</li>
 *   <li>a file per method, {@code org/acme/TaskDao/updateStatus.sql} (jDBI 3 {@code @UseClasspathSqlLocator}).</li>
 * </ul>
 * Files are found by their path under a {@code resources/} folder (the class-path resource name). A template is
 * rendered with StringTemplate 4 and no attributes bound, so {@code <if(..)>} sections drop out and named binds
 * ({@code :id}) stay as they are. Groups are read once per scan and kept; this class is not thread-safe.
 */
public final class SqlObjectTemplates {

    /** No template files: every lookup answers null. */
    public static final SqlObjectTemplates NONE = new SqlObjectTemplates(List.of(), p -> p.toString());

    private static final Pattern IMPORT = Pattern.compile("(?m)^[ \\t]*import[ \\t]+\"([^\"]+)\"[ \\t]*;?[ \\t]*$");
    private static final String GROUP_SUFFIX = ".sql.stg";

    /**
     * A rendered statement: its text, the file and 1-based line it comes from, what went wrong (null if fine) and the
     * line of {@code relPath} where it went wrong: the line StringTemplate's first message points at when that is in
     * this template, else {@code line}.
     */
    public record Rendered(String sql, String relPath, int line, String error, int errorLine) {

        /** A rendered statement whose problem, if any, is reported at its own line. */
        public Rendered(String sql, String relPath, int line, String error) {
            this(sql, relPath, line, error, line);
        }
    }

    /** Class-path resource name ("org/acme/TaskDao.sql.stg") to file. */
    private final TreeMap<String, Path> byResource = new TreeMap<>();
    private final Function<Path, String> relativize;
    private final Map<String, Loaded> groups = new HashMap<>();
    private final Map<STGroup, Loaded> byGroup = new java.util.IdentityHashMap<>();
    private final List<String> problems = new ArrayList<>();

    private record Loaded(STGroup group, String text, String relPath, List<String> errors) {
    }

    /**
     * @param files      the scan's {@code *.sql.stg} and {@code *.sql} files
     * @param relativize a file's path relative to the source root, for locations
     */
    public SqlObjectTemplates(List<Path> files, Function<Path, String> relativize) {
        this.relativize = relativize;
        for (Path f : files) {
            byResource.putIfAbsent(resourceName(relativize.apply(f)), f);
        }
    }

    /** The class-path resource name of a file: its path after the last {@code resources/} folder, else the path. */
    static String resourceName(String relPath) {
        String p = relPath.replace('\\', '/');
        int i = p.lastIndexOf("/resources/");
        if (i >= 0) {
            return p.substring(i + "/resources/".length());
        }
        return p.startsWith("resources/") ? p.substring("resources/".length()) : p;
    }

    /** True when a group file or a per-method folder exists for the type, so its methods may take SQL from it. */
    public boolean hasTemplatesFor(String typeFqn) {
        String base = typeFqn.replace('.', '/');
        if (byResource.containsKey(base + GROUP_SUFFIX)) {
            return true;
        }
        String folder = base + "/";
        String next = byResource.ceilingKey(folder);
        return next != null && next.startsWith(folder);
    }

    /**
     * The statement of {@code template} for the SQL-object type {@code typeFqn} (nested types spelt with dots), or
     * null when the project holds neither a per-method file nor a group file for the type, or the group has no such
     * template. A template that renders with errors (a template it calls is missing, as in a base group meant to
     * be imported) comes back with {@link Rendered#error()} set.
     */
    public Rendered render(String typeFqn, String template) {
        String base = typeFqn.replace('.', '/');
        Path perMethod = byResource.get(base + "/" + template + ".sql");
        if (perMethod != null) {
            try {
                return new Rendered(SourceText.read(perMethod).text(), relativize.apply(perMethod), 1, null);
            } catch (IOException e) {
                return new Rendered("", relativize.apply(perMethod), 1, "cannot read: " + e.getMessage());
            }
        }
        Loaded g = load(base + GROUP_SUFFIX, new HashSet<>());
        if (g == null || g.group() == null) {
            return g == null ? null : new Rendered("", g.relPath(), 1, String.join("; ", g.errors()));
        }
        Collector errors = new Collector();
        setListener(g.group(), errors, new HashSet<>());
        try {
            CompiledST def = g.group().lookupTemplate(template);
            if (def == null) {
                return null;
            }
            // the template's own file and line: an imported base group's, unless the importing group overrides it
            Loaded home = def.nativeGroup == null ? null : byGroup.get(def.nativeGroup);
            String relPath = home != null ? home.relPath() : g.relPath();
            int line = def.templateDefStartToken != null ? def.templateDefStartToken.getLine()
                    : lineOf(home != null ? home.text() : g.text(), template);
            ST st = g.group().getInstanceOf(template);
            if (st == null) {
                return null;
            }
            String sql = st.render();
            if (errors.messages.isEmpty()) {
                return new Rendered(sql, relPath, line, null);
            }
            int errorLine = errors.at == null ? 0 : lineIn(errors.at, errors.atLine, relPath);
            return new Rendered(sql, relPath, line, String.join("; ", errors.messages),
                    errorLine > 0 ? errorLine : line);
        } catch (RuntimeException e) {
            return new Rendered("", g.relPath(), lineOf(g.text(), template),
                    "StringTemplate failed: " + e.getClass().getSimpleName() + ": " + e.getMessage());
        }
    }

    /**
     * The template group files ({@code .sql.stg}) no statement was looked up in, directly or through an import (no
     * SQL-object type of the scan is named after them, or its methods all carry their SQL). Relative paths, sorted.
     */
    public List<String> unreadGroups() {
        List<String> out = new ArrayList<>();
        for (Map.Entry<String, Path> e : byResource.entrySet()) {
            if (e.getKey().endsWith(GROUP_SUFFIX) && !groups.containsKey(e.getKey())) {
                out.add(relativize.apply(e.getValue()));
            }
        }
        java.util.Collections.sort(out);
        return out;
    }

    /** Problems met while reading group files (an import not found, a file not readable), in the order met. */
    public List<String> problems() {
        return List.copyOf(problems);
    }

    private Loaded load(String resource, Set<String> loading) {
        if (groups.containsKey(resource)) {
            return groups.get(resource);
        }
        Path file = byResource.get(resource);
        if (file == null) {
            return null;
        }
        if (!loading.add(resource)) {
            return null;
        }
        String rel = relativize.apply(file);
        List<String> errors = new ArrayList<>();
        Loaded loaded;
        try {
            String text = SourceText.read(file).text();
            List<String> imports = new ArrayList<>();
            Matcher m = IMPORT.matcher(text);
            StringBuilder stripped = new StringBuilder();
            while (m.find()) {
                imports.add(m.group(1));
                m.appendReplacement(stripped, "");
            }
            m.appendTail(stripped);
            STGroupString group = new STGroupString(resource, stripped.toString(), '<', '>');
            group.setListener(new Collector());
            for (String imp : imports) {
                String target = resolveImport(imp, resource);
                Loaded other = target == null ? null : load(target, loading);
                if (other == null || other.group() == null) {
                    String problem = rel + ": import \"" + imp + "\" not found among the scanned files";
                    errors.add(problem);
                    problems.add(problem);
                } else {
                    group.importTemplates(other.group());
                }
            }
            loaded = new Loaded(group, text, rel, errors);
        } catch (IOException e) {
            String problem = rel + ": cannot read: " + e.getMessage();
            problems.add(problem);
            loaded = new Loaded(null, "", rel, List.of(problem));
        }
        loading.remove(resource);
        groups.put(resource, loaded);
        if (loaded.group() != null) {
            byGroup.put(loaded.group(), loaded);
        }
        return loaded;
    }

    /** An import's resource: as written (a class-path name), else relative to the importing group's folder. */
    private String resolveImport(String written, String importer) {
        String w = written.startsWith("/") ? written.substring(1) : written;
        if (byResource.containsKey(w)) {
            return w;
        }
        int slash = importer.lastIndexOf('/');
        String relative = (slash < 0 ? "" : importer.substring(0, slash + 1)) + w;
        return byResource.containsKey(relative) ? relative : null;
    }

    private static void setListener(STGroup g, STErrorListener l, Set<STGroup> seen) {
        if (!seen.add(g)) {
            return;
        }
        g.setListener(l);
        for (STGroup i : g.getImportedGroups()) {
            setListener(i, l, seen);
        }
    }

    /**
     * The line of file {@code relPath} that line {@code rel} (1-based) of template {@code t}'s body is on, or 0 when
     * the template is not defined in that file. A body opened by {@code <<} at the end of the definition's line
     * starts on the next line (StringTemplate drops that first newline); any other starts on the definition's line.
     */
    private int lineIn(CompiledST t, int rel, String relPath) {
        Loaded home = t.nativeGroup == null ? null : byGroup.get(t.nativeGroup);
        if (home == null || !home.relPath().equals(relPath) || t.templateDefStartToken == null || rel < 1) {
            return 0;
        }
        int def = t.templateDefStartToken.getLine();
        String[] lines = home.text().split("\n", -1);
        boolean nextLine = def <= lines.length && lines[def - 1].stripTrailing().endsWith("<<");
        return def + rel - (nextLine ? 0 : 1);
    }

    /** The 1-based line where {@code name(..) ::=} is defined in the group text, or 1. */
    static int lineOf(String text, String name) {
        Matcher m = Pattern.compile("(?m)^[ \\t]*" + Pattern.quote(name) + "[ \\t]*\\(").matcher(text);
        if (!m.find()) {
            return 1;
        }
        int line = 1;
        for (int i = 0; i < m.start(); i++) {
            if (text.charAt(i) == '\n') {
                line++;
            }
        }
        return line;
    }

    /**
     * Keeps StringTemplate's messages instead of printing them to stderr. Attributes nobody binds (jDBI fills them from
     * {@code @Define} arguments at run time) render as empty, and a template called with fewer arguments than it
     * declares gets the missing ones empty, as jDBI's locators do: neither is an error here.
     */
    private static final class Collector implements STErrorListener {
        private static final Pattern LINE_COL = Pattern.compile("(\\d+):\\d+");
        private static final Set<org.stringtemplate.v4.misc.ErrorType> TOLERATED = Set.of(
                org.stringtemplate.v4.misc.ErrorType.NO_SUCH_ATTRIBUTE,
                org.stringtemplate.v4.misc.ErrorType.NO_SUCH_ATTRIBUTE_PASS_THROUGH,
                org.stringtemplate.v4.misc.ErrorType.ARGUMENT_COUNT_MISMATCH);
        final List<String> messages = new ArrayList<>();
        /** The template the first kept run-time message is in, and its 1-based line in that template's body. */
        CompiledST at;
        int atLine;

        private void add(STMessage msg) {
            if (!TOLERATED.contains(msg.error) && messages.size() < 5) {
                messages.add(msg.toString().replace('\n', ' ').trim());
                if (messages.size() == 1 && msg instanceof STRuntimeMessage rm && rm.self != null) {
                    Matcher lc = LINE_COL.matcher(String.valueOf(rm.getSourceLocation()));
                    if (lc.matches()) {
                        at = rm.self.impl;
                        atLine = Integer.parseInt(lc.group(1));
                    }
                }
            }
        }

        @Override
        public void compileTimeError(STMessage msg) {
            add(msg);
        }

        @Override
        public void runTimeError(STMessage msg) {
            add(msg);
        }

        @Override
        public void IOError(STMessage msg) {
            add(msg);
        }

        @Override
        public void internalError(STMessage msg) {
            add(msg);
        }
    }
}
