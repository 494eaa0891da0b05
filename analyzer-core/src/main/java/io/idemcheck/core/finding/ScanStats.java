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
 */
public record ScanStats(int javaFiles, int testFiles, int parsedFiles, int skippedFiles, int resourceFiles, long millis) {
}
