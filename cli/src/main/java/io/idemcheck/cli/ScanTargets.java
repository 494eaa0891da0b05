package io.idemcheck.cli;

import io.idemcheck.core.config.ConfigException;
import io.idemcheck.core.config.ProjectConfig;
import io.idemcheck.core.discovery.SourceDiscovery;
import io.idemcheck.core.engine.ScanRequest;
import io.idemcheck.core.session.ScanSession;

import java.nio.file.Files;
import java.nio.file.InvalidPathException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * What a command scans and the root its report paths are relative to, from the command line; shared by
 * {@code scan} and {@code fix}.
 *
 * @param paths absolute, normalised paths that exist (default: the current directory)
 * @param root  {@code --source-root}, else {@link SourceDiscovery#defaultSourceRoot} of the first path (the top of
 *              the git work tree, else the current directory or the first path's folder)
 */
record ScanTargets(List<Path> paths, Path root) {

    /**
     * @throws UsageException for a path that does not exist, file arguments none of which is a {@code .java} file,
     *                        or a source root that is not a directory
     */
    static ScanTargets of(List<String> args, String sourceRoot) {
        List<Path> scanPaths = new ArrayList<>();
        for (String p : args.isEmpty() ? List.of(".") : args) {
            Path path = toPath(p, "path");
            if (!Files.exists(path)) {
                throw new UsageException("path '" + p + "' does not exist");
            }
            scanPaths.add(path.toAbsolutePath().normalize());
        }
        if (scanPaths.stream().allMatch(p -> Files.isRegularFile(p) && !p.getFileName().toString().endsWith(".java"))) {
            // only files, none of them Java (scan pom.xml): the rules read Java with its mapper XML and SQL, so there
            // is nothing to analyse; a usage error rather than "1 file" next to "no Java source files found"
            throw new UsageException("path '" + args.get(0) + "' is not a Java source file: idemcheck analyses .java "
                    + "files (with the mapper XML, SQL and Spring configuration of the project); scan the project's "
                    + "folder, or a .java file");
        }
        Path root;
        if (sourceRoot != null) {
            root = toPath(sourceRoot, "--source-root").toAbsolutePath().normalize();
            if (!Files.isDirectory(root)) {
                throw new UsageException("--source-root: '" + sourceRoot + "' is not a directory");
            }
        } else {
            root = SourceDiscovery.defaultSourceRoot(scanPaths.get(0));
        }
        return new ScanTargets(List.copyOf(scanPaths), root);
    }

    /**
     * Checks {@code --threads}: 0 (one per core) to {@link ScanRequest#MAX_THREADS}.
     *
     * @throws UsageException naming the option and the range otherwise
     */
    static void checkThreads(int threads) {
        if (threads < 0 || threads > ScanRequest.MAX_THREADS) {
            throw new UsageException("--threads: must be 0 to " + ScanRequest.MAX_THREADS + " (0: one per core), was "
                    + threads);
        }
    }

    /** @throws UsageException naming {@code what} when {@code s} is not a valid path */
    static Path toPath(String s, String what) {
        try {
            return Path.of(s);
        } catch (InvalidPathException e) {
            throw new UsageException(what + ": invalid path '" + s + "'");
        }
    }

    /**
     * The project configuration: {@code --config FILE}, else {@code idemcheck.yml} found from {@code first} up to the
     * top of the git work tree, else none. Shared by every command that scans, so they all honour the same rules,
     * excludes and suppressions.
     *
     * @throws UsageException for a missing or unreadable file, or a configuration error (file, line and key)
     */
    static ProjectConfig loadConfig(String config, Path first) {
        Path file = null;
        if (config != null) {
            file = toPath(config, "--config");
            if (Files.isDirectory(file)) {
                throw new UsageException("--config: '" + config + "' is a directory, not a file");
            }
            if (!Files.isRegularFile(file)) {
                throw new UsageException("--config: '" + config + "' does not exist");
            }
        }
        try {
            return ScanSession.loadConfig(file, first);
        } catch (ConfigException e) {
            throw new UsageException(e.getMessage());
        }
    }
}
