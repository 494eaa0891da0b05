package io.idemcheck.core.discovery;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.FileVisitResult;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.SimpleFileVisitor;
import java.nio.file.attribute.BasicFileAttributes;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.TreeMap;

/**
 * Finds the inputs of a scan: {@code *.java} (analysed), {@code *.kt} (counted, reported as not analysed),
 * {@code *.xml}, {@code *.sql} and {@code *.sql.stg} (resources for the SQL and schema model), and Spring Boot configuration files
 * ({@code application*.yml|yaml|properties}). Skips {@code target/}, {@code build/},
 * {@code .git/}, {@code node_modules/} and hidden folders below the given roots. The result is sorted by relative
 * path, so scans are deterministic.
 */
public final class SourceDiscovery {

    private static final Set<String> SKIP = Set.of("target", "build", "node_modules", "out", ".git", ".idea",
            ".gradle", ".mvn");

    private SourceDiscovery() {
    }

    /**
     * @param roots      files or folders to scan
     * @param sourceRoot the directory relative paths are computed against
     * @throws IllegalArgumentException when a root does not exist
     */
    public static List<SourceFile> discover(List<Path> roots, Path sourceRoot) {
        return discoverWithYaml(roots, sourceRoot).files();
    }

    /**
     * What one walk of the scanned paths found.
     *
     * @param files the inputs of the scan, as {@link #discover} returns them
     * @param yaml  every {@code *.yaml} and {@code *.yml} file below the roots (a root that is one included; the same
     *              folders skipped), absolute and normalised, in walk order: the candidates for Liquibase changelogs,
     *              which are not inputs of their own
     */
    public record Found(List<SourceFile> files, List<Path> yaml) {
    }

    /**
     * The inputs of a scan and the YAML files below its roots, in one walk of the file tree.
     *
     * @param roots      files or folders to scan
     * @param sourceRoot the directory relative paths are computed against
     * @throws IllegalArgumentException when a root does not exist
     */
    public static Found discoverWithYaml(List<Path> roots, Path sourceRoot) {
        TreeMap<String, SourceFile> found = new TreeMap<>();
        List<Path> yaml = new ArrayList<>();
        Path base = sourceRoot.toAbsolutePath().normalize();
        for (Path r : roots) {
            Path root = r.toAbsolutePath().normalize();
            if (!Files.exists(root)) {
                throw new IllegalArgumentException("path '" + r + "' does not exist");
            }
            if (Files.isRegularFile(root)) {
                if (isYaml(root)) {
                    yaml.add(root);
                }
                add(root, base, found);
                continue;
            }
            try {
                Files.walkFileTree(root, new SimpleFileVisitor<>() {
                    @Override
                    public FileVisitResult preVisitDirectory(Path dir, BasicFileAttributes attrs) {
                        if (!dir.equals(root)) {
                            String n = dir.getFileName().toString();
                            if (SKIP.contains(n) || n.startsWith(".")) {
                                return FileVisitResult.SKIP_SUBTREE;
                            }
                        }
                        return FileVisitResult.CONTINUE;
                    }

                    @Override
                    public FileVisitResult visitFile(Path file, BasicFileAttributes attrs) {
                        // the walk reads attributes without following links: a regular file here is one
                        if (attrs.isRegularFile()) {
                            add(file, base, found);
                            if (isYaml(file)) {
                                yaml.add(file.toAbsolutePath().normalize());
                            }
                        }
                        return FileVisitResult.CONTINUE;
                    }

                    @Override
                    public FileVisitResult visitFileFailed(Path file, IOException exc) {
                        return FileVisitResult.CONTINUE;
                    }
                });
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        }
        return new Found(new ArrayList<>(found.values()), yaml);
    }

    private static boolean isYaml(Path p) {
        String n = p.getFileName().toString();
        return n.endsWith(".yaml") || n.endsWith(".yml");
    }

    /** Adds {@code file} (a regular file) when its name makes it an input. */
    private static void add(Path file, Path base, TreeMap<String, SourceFile> found) {
        String name = file.getFileName().toString();
        SourceFile.Kind kind;
        if (name.endsWith(".java")) {
            kind = SourceFile.Kind.JAVA;
        } else if (name.endsWith(".kt")) {
            kind = SourceFile.Kind.KOTLIN;
        } else if (name.endsWith(".xml")) {
            kind = SourceFile.Kind.XML;
        } else if (name.endsWith(".sql")) {
            kind = SourceFile.Kind.SQL;
        } else if (name.endsWith(".sql.stg")) {
            kind = SourceFile.Kind.SQL_TEMPLATE;
        } else if (io.idemcheck.core.springconfig.SpringConfig.isConfigFileName(name)) {
            kind = SourceFile.Kind.CONFIG;
        } else {
            return;
        }
        String rel = relativize(base, file);
        found.putIfAbsent(rel, new SourceFile(file, rel, kind, testByPath(rel)));
    }

    /** True when a file at {@code rel} (relative to the source root, '/' separators) is test code by its path. */
    public static boolean testByPath(String rel) {
        return ("/" + rel).contains("/src/test/");
    }

    /** {@code file} relative to {@code base}, with '/' separators. */
    public static String relativize(Path base, Path file) {
        Path rel;
        try {
            rel = base.relativize(file.toAbsolutePath().normalize());
        } catch (IllegalArgumentException e) {
            rel = file.toAbsolutePath().normalize();
        }
        String s = rel.toString().replace('\\', '/');
        return s.isEmpty() ? file.getFileName().toString() : s;
    }

    /**
     * The default source root for {@code start}: the top of the enclosing git work tree (a folder holding a
     * {@code .git} directory or file); outside a git work tree, the current directory when {@code start} is inside it,
     * else the folder {@code start} names (or holds, for a file). Report paths are relative to this root, so they never
     * climb out of it with {@code ../} (a fix diff's {@code a/../x} is no path {@code git apply} can use).
     */
    public static Path defaultSourceRoot(Path start) {
        Path top = gitWorkTreeTop(start);
        if (top != null) {
            return top;
        }
        Path dir = folderOf(start);
        Path cwd = Path.of("").toAbsolutePath().normalize();
        return dir == null || dir.startsWith(cwd) ? cwd : dir;
    }

    /**
     * The top of the git work tree holding {@code start} (a file's folder, or the folder itself): the nearest
     * folder at or above it with a {@code .git} directory or file (no git process is run), or null outside one.
     */
    public static Path gitWorkTreeTop(Path start) {
        for (Path p = folderOf(start); p != null; p = p.getParent()) {
            if (Files.exists(p.resolve(".git"))) {
                return p;
            }
        }
        return null;
    }

    private static Path folderOf(Path start) {
        Path dir = start.toAbsolutePath().normalize();
        return Files.isDirectory(dir) ? dir : dir.getParent();
    }
}
