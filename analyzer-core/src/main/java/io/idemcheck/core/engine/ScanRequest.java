package io.idemcheck.core.engine;

import io.idemcheck.core.config.ProjectConfig;
import io.idemcheck.core.rule.RuleRegistry;

import java.nio.file.Path;
import java.util.List;

/**
 * What to scan and how.
 *
 * @param paths      files or folders to scan (at least one)
 * @param sourceRoot directory that report paths are relative to; null means: the top of the git work tree enclosing
 *                   the first path, else the current directory
 * @param threads    parser and rule threads, 0 to {@link #MAX_THREADS}; 0 means one per available core
 * @param rules      the rules to run
 * @param progress   progress callback, never null (use {@link ProgressListener#NONE})
 * @param config     the project's {@code idemcheck.yml} ({@link io.idemcheck.core.config.ConfigLoader}), never null
 *                   (null becomes {@link ProjectConfig#NONE}); the engine does not look for the file itself
 * @param cache      the analysis cache file ({@link io.idemcheck.core.cache.AnalysisCache}), or null for none: files
 *                   whose content is unchanged since the scan that wrote it are not parsed again
 */
public record ScanRequest(List<Path> paths, Path sourceRoot, int threads, RuleRegistry rules, ProgressListener progress,
                          ProjectConfig config, Path cache) {

    /**
     * The most threads a scan may be given (the JDK's ceiling for a {@link java.util.concurrent.ForkJoinPool}'s
     * parallelism, which the rules' per-method passes use).
     */
    public static final int MAX_THREADS = 32767;

    /** A request without an analysis cache. */
    public ScanRequest(List<Path> paths, Path sourceRoot, int threads, RuleRegistry rules, ProgressListener progress,
                       ProjectConfig config) {
        this(paths, sourceRoot, threads, rules, progress, config, null);
    }

    /** A request without a project configuration. */
    public ScanRequest(List<Path> paths, Path sourceRoot, int threads, RuleRegistry rules, ProgressListener progress) {
        this(paths, sourceRoot, threads, rules, progress, ProjectConfig.NONE);
    }

    public ScanRequest {
        if (paths == null || paths.isEmpty()) {
            throw new IllegalArgumentException("no paths to scan");
        }
        paths = List.copyOf(paths);
        if (threads < 0 || threads > MAX_THREADS) {
            throw new IllegalArgumentException("threads must be 0 to " + MAX_THREADS + ", was " + threads);
        }
        if (progress == null) {
            progress = ProgressListener.NONE;
        }
        if (config == null) {
            config = ProjectConfig.NONE;
        }
    }

    /** The same request with {@code c} as its configuration. */
    public ScanRequest withConfig(ProjectConfig c) {
        return new ScanRequest(paths, sourceRoot, threads, rules, progress, c, cache);
    }

    /** The same request with {@code file} as its analysis cache (null: none). */
    public ScanRequest withCache(Path file) {
        return new ScanRequest(paths, sourceRoot, threads, rules, progress, config, file);
    }

    /** A request for {@code paths} with default root, all cores, the rules on the class path and no progress. */
    public static ScanRequest of(List<Path> paths) {
        return new ScanRequest(paths, null, 0, RuleRegistry.load(), ProgressListener.NONE);
    }
}
