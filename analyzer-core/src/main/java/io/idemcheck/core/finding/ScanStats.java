package io.idemcheck.core.finding;

/**
 * Counts and timing of one scan.
 *
 * @param javaFiles      Java files found (main and test)
 * @param testFiles      of which test code
 * @param parsedFiles    Java files this scan parsed successfully; those whose facts came from the analysis cache are
 *                       counted in {@code cachedFiles} instead, so {@code parsedFiles + cachedFiles} is the number of
 *                       Java files analysed (0 parsed when the whole result was reused)
 * @param skippedFiles   files found but not analysed (Kotlin, unreadable, unparseable)
 * @param resourceFiles  mapper XML and SQL files collected
 * @param millis         wall-clock time of the scan in milliseconds
 * @param work           units of work the engine did after parsing ({@code ProjectIndex.work()}: methods and types
 *                       handed out by whole-index passes, calls resolved, call-graph steps); deterministic for a
 *                       given input, 0 when not measured and when the whole result was reused. A scan whose work
 *                       grows faster than its input has a superlinear phase.
 * @param cachedFiles    Java files whose facts were taken from the analysis cache instead of parsed (0 without a
 *                       cache); when the whole result was reused, every Java file that result analysed
 * @param reused         true when the whole result was taken from the analysis cache: nothing was parsed or analysed
 * @param unparsedTestFiles test files (under {@code src/test/}) never parsed because no rule needed them: only IDEM007
 *                       reads test code, and only the test files whose text names one of its jobs (or a test helper
 *                       that does); 0 when every test file was parsed. Counted in {@code testFiles}, not in
 *                       {@code skippedFiles}; a parse error in such a file is not reported, since nothing read it
 */
public record ScanStats(int javaFiles, int testFiles, int parsedFiles, int skippedFiles, int resourceFiles, long millis,
                        long work, int cachedFiles, boolean reused, int unparsedTestFiles)
        implements java.io.Serializable {

    /** Stats with every test file parsed (or none held back). */
    public ScanStats(int javaFiles, int testFiles, int parsedFiles, int skippedFiles, int resourceFiles, long millis,
                     long work, int cachedFiles, boolean reused) {
        this(javaFiles, testFiles, parsedFiles, skippedFiles, resourceFiles, millis, work, cachedFiles, reused, 0);
    }

    /** Stats of a scan that ran (not a reused result). */
    public ScanStats(int javaFiles, int testFiles, int parsedFiles, int skippedFiles, int resourceFiles, long millis,
                     long work, int cachedFiles) {
        this(javaFiles, testFiles, parsedFiles, skippedFiles, resourceFiles, millis, work, cachedFiles, false);
    }

    /** Stats without a work count. */
    public ScanStats(int javaFiles, int testFiles, int parsedFiles, int skippedFiles, int resourceFiles, long millis) {
        this(javaFiles, testFiles, parsedFiles, skippedFiles, resourceFiles, millis, 0, 0);
    }
}
