package io.idemcheck.core.finding;

/**
 * Counts and timing of one scan.
 *
 * @param javaFiles      Java files found (main and test)
 * @param testFiles      of which test code
 * @param parsedFiles    Java files parsed successfully
 * @param skippedFiles   files found but not analysed (Kotlin, unreadable, unparseable)
 * @param resourceFiles  mapper XML and SQL files collected
 * @param millis         wall-clock time of the scan in milliseconds
 * @param work           units of work the engine did after parsing ({@code ProjectIndex.work()}: methods and types
 *                       handed out by whole-index passes, calls resolved, call-graph steps); deterministic for a
 *                       given input, 0 when not measured. A scan whose work grows faster than its input has a
 *                       superlinear phase.
 * @param cachedFiles    of the Java files, how many were taken from the analysis cache instead of parsed (0 without
 *                       a cache)
 */
public record ScanStats(int javaFiles, int testFiles, int parsedFiles, int skippedFiles, int resourceFiles, long millis,
                        long work, int cachedFiles) implements java.io.Serializable {

    /** Stats without a work count. */
    public ScanStats(int javaFiles, int testFiles, int parsedFiles, int skippedFiles, int resourceFiles, long millis) {
        this(javaFiles, testFiles, parsedFiles, skippedFiles, resourceFiles, millis, 0, 0);
    }
}
