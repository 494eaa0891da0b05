package io.idemcheck.rules;

import io.idemcheck.core.engine.Analyzer;
import io.idemcheck.core.engine.ProgressListener;
import io.idemcheck.core.engine.ScanRequest;
import io.idemcheck.core.finding.Diagnostic;
import io.idemcheck.core.finding.ScanResult;
import io.idemcheck.core.rule.RuleRegistry;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The analysis cache ({@code --cache FILE}): a re-scan of an unchanged tree takes every file's facts from the cache
 * and parses none; a changed file is parsed again and what depends on it is re-analysed; findings and diagnostics are
 * the same as without the cache; a corrupt cache is ignored with a note.
 */
class AnalysisCacheTest {

    private static final Path SAMPLE = Path.of("..", "samples", "noon-batch").toAbsolutePath().normalize();

    @Test
    void cachedScansFindExactlyWhatUncachedScansFind(@TempDir Path dir) throws IOException {
        Path tree = dir.resolve("tree");
        copy(SAMPLE, tree);
        SyntheticTree.write(tree.resolve("synthetic"), 3);
        Path cache = dir.resolve("cache/idemcheck.cache");

        ScanResult plain = scan(tree, null);
        assertThat(plain.findings()).hasSizeGreaterThan(10);
        int javaFiles = plain.stats().javaFiles();

        ScanResult cold = scan(tree, cache);
        assertThat(Files.isRegularFile(cache)).isTrue();
        assertThat(cold.stats().cachedFiles()).isZero();
        assertThat(cold.stats().parsedFiles()).isEqualTo(plain.stats().parsedFiles());
        assertThat(cold.stats().reused()).isFalse();
        assertSame(plain, cold);

        ScanResult warm = scan(tree, cache);
        assertThat(warm.stats().cachedFiles()).isEqualTo(javaFiles); // nothing parsed
        assertThat(warm.stats().parsedFiles()).isZero();
        assertThat(warm.stats().reused()).isTrue();
        assertThat(warm.stats().work()).isZero(); // nothing indexed, no rule run: the whole result was reused
        assertThat(cold.stats().work()).isPositive();
        assertSame(plain, warm);

        // a change in the job's service: only that file is parsed again, and the job's finding follows the change
        Path service = tree.resolve("synthetic/src/main/java/com/bench/m0/Service1.java");
        Files.writeString(service, Files.readString(service)
                .replace("http.post(\"http://payments/1/charge\", Http.json(t.getId(), t.getStatus()));", "log(t);"));
        ScanResult changedPlain = scan(tree, null);
        ScanResult changedCached = scan(tree, cache);
        assertThat(changedCached.stats().cachedFiles()).isEqualTo(javaFiles - 1);
        assertThat(changedCached.stats().parsedFiles()).isEqualTo(1); // the changed file alone
        assertThat(changedCached.stats().reused()).isFalse();
        assertSame(changedPlain, changedCached);
        assertThat(changedPlain.findings()).isNotEqualTo(plain.findings());
        assertThat(changedPlain.findings()).noneMatch(f -> f.ruleId().equals("IDEM001")
                && f.primary().path().endsWith("m0/Job1.java"));
        assertThat(plain.findings()).anyMatch(f -> f.ruleId().equals("IDEM001")
                && f.primary().path().endsWith("m0/Job1.java"));
    }

    @Test
    void theWholeResultIsReusedOnlyWhileNothingItDependsOnChanged(@TempDir Path dir) throws IOException {
        Path tree = dir.resolve("tree");
        copy(SAMPLE, tree);
        Path cache = dir.resolve("idemcheck.cache");
        ScanResult plain = scan(tree, null);
        scan(tree, cache);
        ScanResult reused = scan(tree, cache);
        assertThat(reused.stats().work()).isZero();
        assertSame(plain, reused);
        assertThat(reused.rules()).isEqualTo(plain.rules());
        assertThat(reused.sourceRoot()).isEqualTo(plain.sourceRoot());

        // a mapper XML is no Java file, but the result depends on it: the rules run again
        Path mapper;
        try (Stream<Path> s = Files.walk(tree)) {
            mapper = s.filter(p -> p.toString().endsWith("Mapper.xml")).findFirst().orElseThrow();
        }
        Files.writeString(mapper, Files.readString(mapper) + "\n<!-- touched -->\n");
        ScanResult afterXml = scan(tree, cache);
        assertThat(afterXml.stats().work()).isPositive();
        assertThat(afterXml.stats().cachedFiles()).isEqualTo(plain.stats().javaFiles()); // the Java facts still are
        assertSame(scan(tree, null), afterXml);

        // so does the configuration: a rule turned off is not in the reused result
        assertThat(scan(tree, cache).stats().work()).isZero();
        ScanResult withConfig = new Analyzer().scan(new ScanRequest(List.of(tree), tree, 2, RuleRegistry.load(),
                ProgressListener.NONE, configTurningOff(tree, "IDEM001"), cache));
        assertThat(withConfig.stats().work()).isPositive();
        assertThat(withConfig.findings()).isNotEmpty().noneMatch(f -> f.ruleId().equals("IDEM001"));
        assertThat(plain.findings()).anyMatch(f -> f.ruleId().equals("IDEM001"));
    }

    private static io.idemcheck.core.config.ProjectConfig configTurningOff(Path tree, String rule) throws IOException {
        Path yml = tree.resolve("idemcheck.yml");
        Files.writeString(yml, "rules:\n  " + rule + ": off\n");
        return io.idemcheck.core.config.ConfigLoader.load(yml);
    }

    @Test
    void parsedAndCachedFilesAddUpToTheFilesAnalysed(@TempDir Path dir) throws IOException {
        Path tree = dir.resolve("tree");
        SyntheticTree.write(tree, 2);
        Files.writeString(tree.resolve("Broken.java"), "class Broken { void f( }\n");
        Path cache = dir.resolve("cache");
        ScanResult cold = scan(tree, cache);
        int java = cold.stats().javaFiles();
        assertThat(cold.stats().skippedFiles()).isEqualTo(1);
        assertThat(cold.stats().parsedFiles()).isEqualTo(java - 1);
        assertThat(cold.stats().cachedFiles()).isZero();

        Path service = tree.resolve("src/main/java/com/bench/m0/Service1.java");
        Files.writeString(service, Files.readString(service) + "\n// touched\n");
        ScanResult partial = scan(tree, cache); // the broken file's parse error comes from the cache: still skipped
        assertThat(partial.stats().parsedFiles()).isEqualTo(1);
        assertThat(partial.stats().cachedFiles()).isEqualTo(java - 2);
        assertThat(partial.stats().skippedFiles()).isEqualTo(1);
        assertThat(partial.stats().reused()).isFalse();

        ScanResult reused = scan(tree, cache);
        assertThat(reused.stats().reused()).isTrue();
        assertThat(reused.stats().parsedFiles()).isZero();
        assertThat(reused.stats().cachedFiles()).isEqualTo(java - 1);
        assertThat(reused.stats().skippedFiles()).isEqualTo(1);
    }

    @Test
    void aCorruptCacheIsIgnoredWithANote(@TempDir Path dir) throws IOException {
        Path tree = dir.resolve("tree");
        SyntheticTree.write(tree, 2);
        ScanResult plain = scan(tree, null);
        Path cache = dir.resolve("cache");
        assertThat(scan(tree, cache).stats().cachedFiles()).isZero();
        assertThat(scan(tree, cache).stats().cachedFiles()).isEqualTo(plain.stats().javaFiles());

        // truncated in the middle of an entry: ignored with a note, and rebuilt
        byte[] whole = Files.readAllBytes(cache);
        Files.write(cache, java.util.Arrays.copyOf(whole, whole.length / 2));
        ScanResult t = scan(tree, cache);
        assertThat(t.stats().cachedFiles()).isZero();
        assertThat(t.findings()).isEqualTo(plain.findings());
        assertThat(t.diagnostics()).anySatisfy(d -> {
            assertThat(d.kind()).isEqualTo(Diagnostic.Kind.INFO);
            assertThat(d.message()).contains("analysis cache").contains("ignored").contains("rebuilt");
        });
        assertThat(scan(tree, cache).stats().cachedFiles()).isEqualTo(plain.stats().javaFiles());
    }

    @Test
    void bytesDamagedInTheStoredResultAreNoticedAndTheCacheRebuilt(@TempDir Path dir) throws IOException {
        Path tree = dir.resolve("tree");
        copy(SAMPLE, tree);
        Path cache = dir.resolve("cache");
        ScanResult plain = scan(tree, null);
        scan(tree, cache);
        String fix = plain.findings().stream().filter(f -> f.fix() != null && f.fix().description() != null
                && f.fix().description().length() > 20).findFirst().orElseThrow().fix().description();

        // four bytes in the middle of a fix text the stored result holds (the trial gave that damaged text back)
        overwrite(cache, indexOf(Files.readAllBytes(cache), fix, false) + fix.length() / 2);
        ScanResult damaged = scan(tree, cache);
        assertThat(damaged.stats().work()).isPositive(); // not reused
        assertSame(plain, damaged);
        assertThat(damaged.findings()).isEqualTo(plain.findings());
        assertThat(damaged.diagnostics()).anySatisfy(d -> {
            assertThat(d.kind()).isEqualTo(Diagnostic.Kind.INFO);
            assertThat(d.message()).isEqualTo("analysis cache " + cache + " ignored: its data does not match its "
                    + "checksum (damaged); it is rebuilt");
        });
        ScanResult rebuilt = scan(tree, cache);
        assertThat(rebuilt.stats().work()).isZero();
        assertThat(rebuilt.findings()).isEqualTo(plain.findings());
        assertThat(rebuilt.diagnostics()).isEqualTo(plain.diagnostics());
    }

    @Test
    void bytesDamagedInTheEntriesAreNoticedWhenTheyAreReadAndTheCacheRebuilt(@TempDir Path dir) throws IOException {
        Path tree = dir.resolve("tree");
        copy(SAMPLE, tree);
        Path cache = dir.resolve("cache");
        scan(tree, cache);
        // the last occurrence of a file's path is its entry's key (the entries follow the result)
        String job = "src/main/java/com/example/noon/job/NoonSettlementJob.java";
        overwrite(cache, indexOf(Files.readAllBytes(cache), job, true) + job.length() / 2);
        Path other;
        try (Stream<Path> s = Files.walk(tree)) {
            other = s.filter(p -> p.toString().endsWith(".java") && !p.endsWith("NoonSettlementJob.java"))
                    .findFirst().orElseThrow();
        }
        Files.writeString(other, Files.readString(other) + "\n// touched\n"); // the entries are read
        ScanResult plain = scan(tree, null);
        ScanResult damaged = scan(tree, cache);
        assertThat(damaged.stats().cachedFiles()).isZero();
        assertSame(plain, damaged);
        assertThat(damaged.diagnostics()).anySatisfy(d -> assertThat(d.message())
                .isEqualTo("analysis cache " + cache + " ignored: its data does not match its checksum (damaged); "
                        + "it is rebuilt"));
        Files.writeString(other, Files.readString(other) + "// again\n");
        ScanResult rebuilt = scan(tree, cache);
        assertThat(rebuilt.stats().cachedFiles()).isEqualTo(plain.stats().javaFiles() - 1);
        assertThat(rebuilt.diagnostics()).noneMatch(d -> d.message().startsWith("analysis cache"));
    }

    /** Where {@code text}'s ASCII bytes are in {@code bytes}: the first or the last occurrence. */
    private static int indexOf(byte[] bytes, String text, boolean last) {
        byte[] t = text.getBytes(java.nio.charset.StandardCharsets.US_ASCII);
        int found = -1;
        for (int i = 0; i + t.length <= bytes.length; i++) {
            if (java.util.Arrays.equals(bytes, i, i + t.length, t, 0, t.length)) {
                found = i;
                if (!last) {
                    break;
                }
            }
        }
        assertThat(found).as("'%s' in the cache file", text).isNotNegative();
        return found;
    }

    /** Overwrites four bytes at {@code at} with "XXXX", as a damaged disk block would. */
    private static void overwrite(Path file, int at) throws IOException {
        byte[] b = Files.readAllBytes(file);
        for (int i = 0; i < 4; i++) {
            b[at + i] = 'X';
        }
        Files.write(file, b);
    }

    @Test
    void aFileThatIsNotACacheIsNeverOverwritten(@TempDir Path dir) throws IOException {
        Path tree = dir.resolve("tree");
        SyntheticTree.write(tree, 2);
        ScanResult plain = scan(tree, null);
        Path notCache = dir.resolve("Job.java");
        Files.writeString(notCache, "not a cache at all");
        for (int run = 0; run < 2; run++) {
            ScanResult r = scan(tree, notCache);
            assertThat(r.stats().cachedFiles()).isZero();
            assertThat(r.findings()).isEqualTo(plain.findings());
            assertThat(r.diagnostics()).anySatisfy(d -> assertThat(d.message())
                    .contains("analysis cache").contains("ignored: not a cache file").contains("left as it is"));
            assertThat(r.diagnostics()).noneMatch(d -> d.message().contains("not written")); // one note says it all
            assertThat(Files.readString(notCache)).isEqualTo("not a cache at all");
        }
    }

    /**
     * The per-file facts are keyed by content: the same tree scanned from another source root (its paths all
     * different) parses nothing, and finds what an uncached scan from that root finds, at the new paths.
     */
    @Test
    void theSameTreeScannedFromAnotherSourceRootReusesEveryFilesFacts(@TempDir Path dir) throws IOException {
        Path tree = dir.resolve("tree");
        copy(SAMPLE, tree);
        Path cache = dir.resolve("idemcheck.cache");
        ScanResult first = scan(tree, cache);
        assertThat(first.stats().parsedFiles()).isPositive();

        ScanResult moved = scan(List.of(tree), dir, cache);
        ScanResult plain = scan(List.of(tree), dir, null);
        assertThat(moved.stats().parsedFiles()).isZero();
        assertThat(moved.stats().cachedFiles()).isEqualTo(first.stats().parsedFiles());
        assertThat(moved.stats().reused()).isFalse(); // another root: the whole result is not the same
        assertSame(plain, moved);
        assertThat(moved.findings()).allMatch(f -> f.primary().path().startsWith("tree/"));
        assertThat(moved.diagnostics()).noneMatch(d -> d.message().startsWith("analysis cache"));
    }

    /**
     * A copy of a file whose original is still scanned is parsed, never given the original's cached facts by content
     * (two files sharing their facts' objects would alias each other's methods in the index).
     */
    @Test
    void aCopyOfAScannedFileIsParsedNotTakenByContent(@TempDir Path dir) throws IOException {
        Path tree = dir.resolve("tree");
        copy(SAMPLE, tree);
        Path cache = dir.resolve("idemcheck.cache");
        scan(tree, cache);
        Path job = tree.resolve("src/main/java/com/example/noon/job/NoonSettlementJob.java");
        Path copy = tree.resolve("copy/src/main/java/com/example/noon/job/NoonSettlementJob.java");
        Files.createDirectories(copy.getParent());
        Files.copy(job, copy);
        ScanResult again = scan(tree, cache);
        assertThat(again.stats().parsedFiles()).isEqualTo(1); // the copy
        assertSame(scan(tree, null), again);
    }

    /** A scan of only a project's held test files looks nothing up, so it cannot tell whose cache it is: no note. */
    @Test
    void aScanOfHeldTestFilesOnlyGivesNoOtherProjectNote(@TempDir Path dir) throws IOException {
        Path tree = dir.resolve("tree");
        copy(SAMPLE, tree);
        Path cache = dir.resolve("idemcheck.cache");
        scan(tree, cache);
        ScanResult tests = scan(List.of(tree.resolve("src/test/java")), tree, cache);
        assertThat(tests.stats().testFiles()).isPositive();
        assertThat(tests.diagnostics()).noneMatch(d -> d.message().contains("none of them in this scan"));
    }

    /** A cache written by a scan of another project reuses nothing and says so, once; then it serves this one. */
    @Test
    void aCacheWrittenForAnotherProjectIsOneNote(@TempDir Path dir) throws IOException {
        Path a = dir.resolve("a");
        copy(SAMPLE, a);
        Path b = dir.resolve("b");
        Files.createDirectories(b.resolve("src/main/java/x"));
        Files.writeString(b.resolve("src/main/java/x/Other.java"), "package x;\nclass Other { void f() { } }\n");
        Path cache = dir.resolve("shared.cache");
        scan(a, cache);
        ScanResult other = scan(b, cache);
        assertThat(other.diagnostics()).filteredOn(d -> d.message().startsWith("analysis cache")).singleElement()
                .satisfies(d -> assertThat(d.message()).contains("none of them in this scan")
                        .contains("give each project or module its own cache file"));
        ScanResult again = scan(b, cache);
        assertThat(again.stats().reused()).isTrue();
        assertThat(again.diagnostics()).noneMatch(d -> d.message().contains("none of them in this scan"));
    }

    private static void assertSame(ScanResult expected, ScanResult actual) {
        assertThat(actual.findings()).isEqualTo(expected.findings());
        assertThat(actual.suppressed()).isEqualTo(expected.suppressed());
        assertThat(withoutCacheNotes(actual.diagnostics())).isEqualTo(withoutCacheNotes(expected.diagnostics()));
        // parsed now or taken from the cache, the same files are analysed
        assertThat(actual.stats().parsedFiles() + actual.stats().cachedFiles())
                .isEqualTo(expected.stats().parsedFiles() + expected.stats().cachedFiles());
    }

    private static List<Diagnostic> withoutCacheNotes(List<Diagnostic> ds) {
        return ds.stream().filter(d -> !d.message().startsWith("analysis cache")).toList();
    }

    private static ScanResult scan(Path root, Path cache) {
        return scan(List.of(root), root, cache);
    }

    private static ScanResult scan(List<Path> paths, Path root, Path cache) {
        return new Analyzer().scan(new ScanRequest(paths, root, 2, RuleRegistry.load(), ProgressListener.NONE,
                null, cache));
    }

    private static void copy(Path from, Path to) throws IOException {
        try (Stream<Path> s = Files.walk(from)) {
            for (Path p : s.toList()) {
                Path t = to.resolve(from.relativize(p).toString());
                if (Files.isDirectory(p)) {
                    Files.createDirectories(t);
                } else {
                    Files.copy(p, t);
                }
            }
        }
    }
}
