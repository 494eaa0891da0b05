package io.idemcheck.core.config;

import io.idemcheck.core.finding.Severity;
import io.idemcheck.core.util.Ordered;
import io.idemcheck.core.util.Texts;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

/**
 * A project's {@code idemcheck.yml}, validated. See {@code docs/configuration.md} for every key.
 *
 * @param file          the file it was read from (absolute), or null for {@link #NONE}
 * @param baseDir       the folder that {@code include}, {@code exclude} and suppression path globs are relative to
 *                      (the file's folder), or null
 * @param rules         rule id or name to its setting
 * @param include       when not empty, only files matching one of these globs are scanned
 * @param exclude       files matching one of these globs are not scanned
 * @param effects       extra side effects
 * @param records       extra calls that record an item's state
 * @param claims        extra calls that claim an item (a conditional update or a lock whose result is checked)
 * @param keyCarriers   extra parameters that carry an idempotency key
 * @param locks         extra calls that take a distributed lock (read as a known library lock is, not as claims)
 * @param statusColumns extra status-like column names (patterns as in the catalog: {@code *_phase})
 * @param stateValues   extra state values such as {@code SETTLED}
 * @param suppressions  suppressions by rule and path glob, each with a reason
 * @param stateValueLines the line of idemcheck.yml each of {@code stateValues} is written at (upper-cased value to
 *                      line), for the evidence {@code idemcheck explain} shows
 * @param inProgressValues extra in-progress state values such as {@code GRABBED}: a claim moves a row into one
 * @param entryPoints   extra job entry points (methods run unattended), shaped as the catalog's {@code entryPoints}
 */
public record ProjectConfig(Path file, Path baseDir, Map<String, RuleSetting> rules, List<Glob> include,
                            List<Glob> exclude, List<Effect> effects, List<MethodPattern> records,
                            List<MethodPattern> claims, List<KeyCarrier> keyCarriers, List<MethodPattern> locks,
                            List<String> statusColumns, List<String> stateValues, List<Suppression> suppressions,
                            Map<String, Integer> stateValueLines, List<String> inProgressValues,
                            List<EntryPoint> entryPoints) {

    /** The file name looked for at the project root. */
    public static final String FILE_NAME = "idemcheck.yml";

    /** No configuration: every rule on at its own severity, nothing excluded, no extra vocabulary. */
    public static final ProjectConfig NONE = new ProjectConfig(null, null, Map.of(), List.of(), List.of(), List.of(),
            List.of(), List.of(), List.of(), List.of(), List.of(), List.of(), List.of(), Map.of(), List.of(), List.of());

    public ProjectConfig {
        rules = Ordered.map(rules);
        include = List.copyOf(include);
        exclude = List.copyOf(exclude);
        effects = List.copyOf(effects);
        records = List.copyOf(records);
        claims = List.copyOf(claims);
        keyCarriers = List.copyOf(keyCarriers);
        locks = List.copyOf(locks);
        statusColumns = List.copyOf(statusColumns);
        stateValues = List.copyOf(stateValues);
        suppressions = List.copyOf(suppressions);
        stateValueLines = Ordered.map(stateValueLines);
        inProgressValues = List.copyOf(inProgressValues);
        entryPoints = List.copyOf(entryPoints);
    }

    /** This (empty) configuration as read from {@code file}, with {@code baseDir} for its globs. */
    public ProjectConfig withFile(Path file, Path baseDir) {
        return new ProjectConfig(file, baseDir, rules, include, exclude, effects, records, claims, keyCarriers, locks,
                statusColumns, stateValues, suppressions, stateValueLines, inProgressValues, entryPoints);
    }

    /** The line of idemcheck.yml state value {@code value} (any case) is written at, or 0 when it is none. */
    public int stateValueLine(String value) {
        return value == null ? 0 : stateValueLines.getOrDefault(value.toUpperCase(java.util.Locale.ROOT), 0);
    }

    /**
     * A job entry point declared in idemcheck.yml, in the shape of the catalog's {@code entryPoints}: under
     * {@code methodAnnotations} a method annotation ({@code annotation}); under {@code typeAnnotationsWithMethod} a
     * class annotation and the method it runs; under {@code interfaces} a supertype (interface or class) and the method
     * the scheduler calls. Names are simple names (a package written in the file is dropped); {@code params}, when not
     * null, are the method's parameter types as simple names ({@code *}: any).
     *
     * @param key  the list it is in: {@code methodAnnotations}, {@code typeAnnotationsWithMethod} or {@code interfaces}
     * @param line the line of the entry in idemcheck.yml
     */
    public record EntryPoint(String key, String annotation, String type, String method, List<String> params,
                             int line) {

        /** True when {@code paramTypes} (simple names) fit {@link #params} (null: any). */
        public boolean paramsMatch(List<String> paramTypes) {
            return Texts.paramsMatch(params, paramTypes);
        }

        /** The entry as explain shows it: {@code @NightlyJob}, {@code @BatchJob run}, {@code JobHandler.handle}. */
        public String display() {
            return switch (key) {
                case "methodAnnotations" -> "@" + annotation;
                case "typeAnnotationsWithMethod" -> "@" + annotation + " " + method;
                default -> type + "." + method;
            };
        }

        /** Why a method is an entry point by this entry: {@code idemcheck.yml entryPoints @NightlyJob at line 4}. */
        public String reason() {
            return "idemcheck.yml entryPoints " + display() + " at line " + line;
        }
    }

    /** A rule's setting: {@code off}, or on at a severity (null: the rule's own); {@code line} in the file. */
    public record RuleSetting(boolean enabled, Severity severity, int line) {
    }

    /**
     * An extra side effect: calls matching {@code pattern} are effects of {@code kind}, a label of
     * {@link io.idemcheck.core.facts.EffectKind} (checked where the file is read).
     */
    public record Effect(MethodPattern pattern, String kind, String verb) {
    }

    /** Calls matching {@code pattern} carry an idempotency key in argument {@code parameter} (0 is the first). */
    public record KeyCarrier(MethodPattern pattern, int parameter) {
    }

    /**
     * Findings of {@code rule} (id, name or {@code all}) in files matching {@code path} are accepted, for
     * {@code reason}.
     *
     * @param line the line of the entry in the file, for "unused suppression" notes
     */
    public record Suppression(String rule, Glob path, String reason, int line) {
    }

    /** True when this is {@link #NONE} (no file). */
    public boolean isEmpty() {
        return file == null;
    }

    /** The setting for a rule by id or name; null when the file does not mention it. */
    public RuleSetting rule(String id, String name) {
        RuleSetting s = rules.get(id);
        return s != null ? s : rules.get(name);
    }

    /** True when a rule is on. */
    public boolean enabled(String id, String name) {
        RuleSetting s = rule(id, name);
        return s == null || s.enabled();
    }

    /**
     * Whether a file (relative to the scan's source root) is scanned under {@code include}/{@code exclude}; both are
     * matched against the path relative to {@link #baseDir()}. Files outside the base folder are matched with their
     * source-root-relative path.
     */
    public boolean accepts(Path absolute, String relToSourceRoot) {
        if (include.isEmpty() && exclude.isEmpty()) {
            return true;
        }
        String rel = relativeToBase(absolute, relToSourceRoot);
        if (!include.isEmpty() && include.stream().noneMatch(g -> g.matches(rel))) {
            return false;
        }
        return exclude.stream().noneMatch(g -> g.matches(rel));
    }

    /** A path relative to {@link #baseDir()}, '/' separated; {@code fallback} when the file is not below it. */
    public String relativeToBase(Path absolute, String fallback) {
        if (baseDir == null || absolute == null) {
            return fallback;
        }
        Path a = absolute.toAbsolutePath().normalize();
        if (!a.startsWith(baseDir)) {
            return fallback;
        }
        return baseDir.relativize(a).toString().replace('\\', '/');
    }

    /**
     * Finds {@value #FILE_NAME}: in {@code start} (or its folder, for a file) and the folders above it, stopping at
     * the top of the git work tree (a folder with a {@code .git} entry) or the file-system root.
     *
     * @return the file, or null when there is none
     */
    public static Path find(Path start) {
        Path dir = start.toAbsolutePath().normalize();
        if (!Files.isDirectory(dir)) {
            dir = dir.getParent();
        }
        for (Path d = dir; d != null; d = d.getParent()) {
            Path f = d.resolve(FILE_NAME);
            if (Files.isRegularFile(f)) {
                return f;
            }
            if (Files.exists(d.resolve(".git"))) {
                return null;
            }
        }
        return null;
    }
}
