package io.idemcheck.core.cache;

import io.idemcheck.core.engine.Analyzer;
import io.idemcheck.core.engine.ProgressListener;
import io.idemcheck.core.engine.ScanRequest;
import io.idemcheck.core.finding.Diagnostic;
import io.idemcheck.core.finding.ScanResult;
import io.idemcheck.core.rule.RuleRegistry;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.AccessDeniedException;
import java.nio.file.FileSystemException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * What a scan says about its analysis cache (fresh-user trial of issue 16): a cache that cannot be written names the
 * file the user gave and why (it named the temporary file, with no reason), a file that is not a cache is one note
 * (it was two), and every such note is recognisable ({@link AnalysisCache#isNote}) so the shells can show it beside
 * the report.
 */
class AnalysisCacheNotesTest {

    @TempDir
    Path tmp;
    Path project;

    @BeforeEach
    void project() throws IOException {
        project = Files.createDirectories(tmp.resolve("p/src/main/java/a"));
        Files.writeString(project.resolve("Job.java"), "package a; class Job { void run() { } }\n");
        project = tmp.resolve("p");
    }

    private ScanResult scan(Path cache) {
        return new Analyzer().scan(new ScanRequest(List.of(project), project, 1, RuleRegistry.of(List.of()),
                ProgressListener.NONE, null, cache));
    }

    private static List<String> notes(ScanResult r) {
        return r.diagnostics().stream().filter(AnalysisCache::isNote).map(Diagnostic::message).toList();
    }

    /**
     * The cache gets the permissions of any new file (the umask's), not a temporary file's owner-only mode, so a CI
     * cache restored for another user stays readable. Compared with a file created beside it, whatever the umask.
     */
    @Test
    void theCacheHasTheModeOfANewFileNotOwnerOnly() throws IOException {
        Assumptions.assumeTrue(tmp.getFileSystem().supportedFileAttributeViews().contains("posix"));
        Path cache = tmp.resolve("c/idemcheck.cache");
        assertThat(notes(scan(cache))).isEmpty();
        Path plain = Files.createFile(tmp.resolve("c/plain"));
        assertThat(Files.getPosixFilePermissions(cache)).isEqualTo(Files.getPosixFilePermissions(plain));
        try (var left = Files.list(tmp.resolve("c"))) {
            assertThat(left.map(p -> p.getFileName().toString()).sorted().toList())
                    .containsExactly("idemcheck.cache", "plain"); // no temporary file left behind
        }
    }

    /**
     * Rewriting the cache keeps the mode the user gave the file (fresh-user trial: 600 became 644), and a symbolic
     * link is written through: the file it names is updated and the link stays a link.
     */
    @Test
    void aRewrittenCacheKeepsItsModeAndALinkIsWrittenThrough() throws IOException {
        Assumptions.assumeTrue(tmp.getFileSystem().supportedFileAttributeViews().contains("posix"));
        Path cache = tmp.resolve("c/idemcheck.cache");
        scan(cache);
        Files.setPosixFilePermissions(cache, java.nio.file.attribute.PosixFilePermissions.fromString("rw-------"));
        Files.writeString(project.resolve("src/main/java/a/Job.java"), "package a; class Job { void run2() { } }\n");
        long before = Files.size(cache);
        assertThat(notes(scan(cache))).isEmpty();
        assertThat(Files.size(cache)).isNotEqualTo(before); // rewritten
        assertThat(java.nio.file.attribute.PosixFilePermissions.toString(Files.getPosixFilePermissions(cache)))
                .isEqualTo("rw-------");

        Path real = tmp.resolve("shared/real.cache");
        Path link = Files.createSymbolicLink(tmp.resolve("c/link.cache"), Path.of("../shared/real.cache"));
        Files.createDirectories(real.getParent());
        ScanResult first = scan(link);
        assertThat(notes(first)).isEmpty();
        assertThat(Files.isSymbolicLink(link)).isTrue();
        assertThat(Files.size(real)).isPositive();
        assertThat(scan(link).stats().reused()).isTrue(); // read back through the link
    }

    /** A scan of a folder without Java files over another project's cache says so (fresh-user trial: silent). */
    @Test
    void aScanOfNoJavaOverAnotherProjectsCacheIsTheNote() throws IOException {
        Path cache = tmp.resolve("c/idemcheck.cache");
        scan(cache);
        Path empty = Files.createDirectories(tmp.resolve("empty"));
        ScanResult r = new Analyzer().scan(new ScanRequest(List.of(empty), empty, 1, RuleRegistry.of(List.of()),
                ProgressListener.NONE, null, cache));
        assertThat(notes(r)).singleElement().satisfies(n -> assertThat(n).contains("none of them in this scan"));
    }

    @Test
    void aCacheThatCannotBeWrittenNamesTheFileGivenAndWhy() throws IOException {
        Path plain = Files.writeString(tmp.resolve("plain.txt"), "x");
        Path cache = plain.resolve("cache");
        assertThat(notes(scan(cache))).containsExactly("analysis cache " + cache + " not written: cannot create its "
                + "directory " + plain + " (a file of that name exists)");
    }

    @Test
    void aCacheInProcNamesTheFileGivenNotTheTemporaryFile() {
        Assumptions.assumeTrue(Files.isDirectory(Path.of("/proc/self")), "a Linux /proc");
        List<String> notes = notes(scan(Path.of("/proc/x")));
        assertThat(notes).hasSize(1);
        assertThat(notes.get(0)).startsWith("analysis cache /proc/x not written: cannot create a file in /proc (")
                .endsWith(")").doesNotContain(".tmp");
    }

    @Test
    void aFileThatIsNotACacheIsOneNote() throws IOException {
        Path notCache = Files.writeString(tmp.resolve("notes.txt"), "mine");
        assertThat(notes(scan(notCache))).containsExactly("analysis cache " + notCache + " ignored: not a cache "
                + "file; it is left as it is and nothing is cached (give the cache a new file or one idemcheck wrote)");
        assertThat(Files.readString(notCache)).isEqualTo("mine");
    }

    @Test
    void anotherProgramsSerializedFileAndATinyFileAreNeverOverwritten() throws IOException {
        // both failed to read before the magic string and were "unreadable; rebuilt": replaced by the cache
        Path serialized = tmp.resolve("state.ser");
        try (var out = new java.io.ObjectOutputStream(Files.newOutputStream(serialized))) {
            out.writeObject(new java.util.ArrayList<>(List.of(new int[64])));
        }
        byte[] before = Files.readAllBytes(serialized);
        assertThat(notes(scan(serialized))).singleElement().asString().startsWith("analysis cache " + serialized
                + " ignored: not a cache file (unreadable: ").contains("it is left as it is");
        assertThat(Files.readAllBytes(serialized)).isEqualTo(before);
        Path tiny = Files.write(tmp.resolve("tiny"), new byte[] {1, 2});
        assertThat(notes(scan(tiny))).singleElement().asString().contains("it is left as it is");
        assertThat(Files.readAllBytes(tiny)).containsExactly(1, 2);
    }

    @Test
    void anEmptyFileBecomesTheCache() throws IOException {
        Path empty = Files.createFile(tmp.resolve("empty"));
        assertThat(notes(scan(empty))).containsExactly("analysis cache " + empty + " ignored (empty); it is rebuilt");
        assertThat(Files.size(empty)).isPositive();
        assertThat(notes(scan(empty))).isEmpty();
    }

    @Test
    void aCacheNamedLikeAResourceInsideTheTreeIsNoInputAndIsReused() throws IOException {
        // it was read as a mapper XML: one more resource, and a result key that changed with every scan
        Files.createDirectories(project.resolve("src/main/resources/mapper"));
        Path cache = project.resolve("src/main/resources/mapper/cache.xml");
        ScanResult plain = scan(null);
        ScanResult first = scan(cache);
        ScanResult second = scan(cache);
        assertThat(first.stats().resourceFiles()).isEqualTo(plain.stats().resourceFiles());
        assertThat(second.stats().resourceFiles()).isEqualTo(plain.stats().resourceFiles());
        assertThat(second.stats().reused()).isTrue();
    }

    @Test
    void aWrittenCacheGivesNoNote() {
        Path cache = tmp.resolve("c/cache");
        assertThat(notes(scan(cache))).isEmpty();
        assertThat(notes(scan(cache))).isEmpty();
        assertThat(Files.isRegularFile(cache)).isTrue();
    }

    @Test
    void reasonsAreWordsWithoutTheFileTheExceptionNames() {
        assertThat(AnalysisCache.reason(new AccessDeniedException("/d/x123.tmp"))).isEqualTo("permission denied");
        assertThat(AnalysisCache.reason(new NoSuchFileException("/d/x123.tmp"))).isEqualTo("no such file or directory");
        assertThat(AnalysisCache.reason(new FileSystemException("/d/x123.tmp", null, "Read-only file system")))
                .isEqualTo("Read-only file system");
        assertThat(AnalysisCache.reason(new IOException())).isEqualTo("IOException");
        assertThat(AnalysisCache.reason(new IOException("No space left on device\nmore"))).isEqualTo(
                "No space left on device");
    }

    /** A cache of this build whose sections match their checksums but hold what this build cannot read back. */
    private Path cacheOfThisBuild(CacheSections.SectionBody result, CacheSections.SectionBody entries)
            throws IOException {
        Path cache = tmp.resolve("ours.cache");
        try (java.io.ObjectOutputStream out = new java.io.ObjectOutputStream(Files.newOutputStream(cache))) {
            out.writeObject("idemcheck-analysis-cache");
            out.writeObject(AnalysisCache.toolKey());
            CacheSections.write(out, result);
            CacheSections.write(out, entries);
        }
        return cache;
    }

    private static List<Diagnostic> internalErrors(ScanResult r) {
        return r.diagnostics().stream().filter(d -> d.kind() == Diagnostic.Kind.INTERNAL_ERROR).toList();
    }

    @Test
    void aSectionThatFailsWithAMatchingChecksumIsAnInternalErrorAndTheCacheIsRebuilt() throws IOException {
        // was an INFO note "ignored (unreadable: ClassCastException); it is rebuilt": the bytes are ours, so is the bug
        Path cache = cacheOfThisBuild(s -> {
            s.writeObject("some key");
            s.writeObject("not a stored result");
        }, s -> s.writeInt(0));
        ScanResult first = scan(cache);
        assertThat(notes(first)).isEmpty();
        assertThat(internalErrors(first)).singleElement().satisfies(d -> {
            assertThat(d.path()).isNull();
            assertThat(d.message()).startsWith("analysis cache: reading " + cache + " failed although its checksum "
                    + "matched (java.lang.ClassCastException: class java.lang.String cannot be cast to class "
                    + AnalysisCache.StoredResult.class.getName()).endsWith("); it is rebuilt");
        });
        assertThat(first.internalErrorSummary()).contains("1 internal error in the run");
        assertThat(first.stats().parsedFiles()).isEqualTo(1); // the scan went on
        ScanResult second = scan(cache); // and rebuilt the cache
        assertThat(second.diagnostics()).isEmpty();
        assertThat(second.stats().cachedFiles()).isEqualTo(1);
    }

    @Test
    void anEntriesSectionThatFailsWithAMatchingChecksumIsAnInternalError() throws IOException {
        Path cache = cacheOfThisBuild(s -> {
            s.writeObject(null);
            s.writeObject(null);
        }, s -> {
            s.writeInt(1);
            s.writeObject("src/main/java/a/Job.java");
            s.writeObject(List.of("not an entry"));
        });
        ScanResult r = scan(cache);
        assertThat(notes(r)).isEmpty();
        assertThat(internalErrors(r)).extracting(Diagnostic::message).singleElement().satisfies(m -> assertThat(m)
                .startsWith("analysis cache: reading " + cache + " failed although its checksum matched "
                        + "(java.lang.ClassCastException: ").endsWith("; it is rebuilt"));
        assertThat(r.stats().parsedFiles()).isEqualTo(1);
        assertThat(notes(scan(cache))).isEmpty();
    }

    @Test
    void onlyOurOwnFailuresAreInternalErrors() {
        assertThat(AnalysisCache.noteDiagnostic("analysis cache: reading /c failed although its checksum matched (x)")
                .kind()).isEqualTo(Diagnostic.Kind.INTERNAL_ERROR);
        assertThat(AnalysisCache.noteDiagnostic("analysis cache /c ignored (unreadable: X); it is rebuilt").kind())
                .isEqualTo(Diagnostic.Kind.INFO);
    }

    @Test
    void onlyCacheNotesAreNotes() {
        assertThat(AnalysisCache.isNote(AnalysisCache.noteDiagnostic("analysis cache /c ignored: x"))).isTrue();
        assertThat(AnalysisCache.isNote(new Diagnostic(Diagnostic.Kind.INFO, null, 0, 0, "no Java source files")))
                .isFalse();
        assertThat(AnalysisCache.isNote(new Diagnostic(Diagnostic.Kind.INFO, "a/B.java", 0, 0, "analysis cache x")))
                .isFalse();
        assertThatThrownBy(() -> AnalysisCache.noteDiagnostic("something else"))
                .isInstanceOf(IllegalArgumentException.class);
    }
}
