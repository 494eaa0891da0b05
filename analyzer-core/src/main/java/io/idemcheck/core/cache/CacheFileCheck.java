package io.idemcheck.core.cache;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;

/**
 * The checks both shells (the CLI's {@code --cache FILE}, the Maven plugin's {@code cacheFile}) make on the analysis
 * cache's path before a scan runs: the path is not empty or blank, not a directory, and not a file the scan also
 * writes or reads for something else (a report, the baseline, the configuration), which would overwrite the cache on
 * every run or be overwritten by it. Each shell words the problem with its own option's name.
 */
public final class CacheFileCheck {

    private CacheFileCheck() {
    }

    /** What is wrong with a cache path. */
    public enum Kind {
        /** Empty, or only blanks (a file named " " is a typo, not a cache). */
        EMPTY,
        /** An existing directory. */
        DIRECTORY,
        /** The same file as another one the scan uses. */
        SHARED
    }

    /**
     * A problem with the cache path.
     *
     * @param kind what is wrong
     * @param text one line without the option's name: "the path is empty; give a file", "'X' is a directory; give a
     *             file", "'X' is also the report (--output); give the cache a file of its own"
     */
    public record Problem(Kind kind, String text) {
    }

    /**
     * Another file the scan uses.
     *
     * @param label what the messages call it ("the report (--output)", "the baselineFile")
     * @param file  the file (absolute, normalised), or null when the scan has none
     */
    public record Use(String label, Path file) {
    }

    private static final Problem EMPTY = new Problem(Kind.EMPTY, "the path is empty; give a file");

    /**
     * The first problem with the cache path, or empty when it can be the cache.
     *
     * @param shown  the path as the user gave it, quoted in the messages
     * @param file   the path as an absolute, normalised file; null when {@code shown} is blank (not turned into one)
     * @param others the other files of the scan, in the order the messages prefer them
     */
    public static Optional<Problem> problem(String shown, Path file, List<Use> others) {
        if (shown == null || shown.isBlank() || file == null) {
            return Optional.of(EMPTY);
        }
        if (Files.isDirectory(file)) {
            return Optional.of(new Problem(Kind.DIRECTORY, "'" + shown + "' is a directory; give a file"));
        }
        if (file.getFileName() == null || file.getFileName().toString().isBlank()) {
            return Optional.of(EMPTY); // Maven hands a blank value over as the base directory + " "
        }
        for (Use u : others) {
            if (sameFile(file, u.file())) {
                return Optional.of(new Problem(Kind.SHARED, "'" + shown + "' is also " + u.label()
                        + "; give the cache a file of its own"));
            }
        }
        return Optional.empty();
    }

    /**
     * Whether {@code a} (absolute, normalised) and {@code b} (may be null, relative or not normalised) are the same
     * file: equal paths, or existing files that are the same once links are followed.
     */
    public static boolean sameFile(Path a, Path b) {
        if (b == null) {
            return false;
        }
        Path n = b.toAbsolutePath().normalize();
        if (a.equals(n)) {
            return true;
        }
        try {
            return Files.exists(a) && Files.exists(n) && Files.isSameFile(a, n);
        } catch (IOException e) {
            return false;
        }
    }
}
