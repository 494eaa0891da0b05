package io.idemcheck.cli;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.idemcheck.core.report.JsonReportSchemaValidator;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * {@code scan --cache FILE} as a fresh user meets it (trial of issue 16): a path that cannot be a cache is a usage
 * error, and a note about the cache reaches standard error even when the report goes to a file.
 */
class CacheOptionTest {

    @TempDir
    Path tmp;
    Path project;

    @BeforeEach
    void project() throws IOException {
        project = tmp.resolve("p");
        Files.createDirectories(project.resolve("src/main/java/a"));
        Files.writeString(project.resolve("src/main/java/a/Job.java"), "package a; class Job { void run() { } }\n");
    }

    private CliRun scan(String... extra) {
        String[] args = new String[extra.length + 2];
        args[0] = "scan";
        args[1] = project.toString();
        System.arraycopy(extra, 0, args, 2, extra.length);
        return CliRun.of(args);
    }

    private static void assertUsage(CliRun r, String line) {
        assertThat(r.code()).isEqualTo(ExitCode.USAGE);
        assertThat(r.err().lines().toList()).containsExactly(line);
        assertThat(r.out()).isEmpty();
    }

    @Test
    void aReusedResultIsVisibleInTheJsonStatsAndTheSummaryLine() throws IOException {
        Path sample = Path.of("..", "samples", "noon-batch").toAbsolutePath().normalize();
        Path cache = tmp.resolve("cache");
        Path cold = tmp.resolve("cold.json");
        Path warm = tmp.resolve("warm.json");
        String[] common = {"scan", sample.toString(), "--cache", cache.toString(), "--fail-on", "none"};
        assertThat(CliRun.of(concat(common, "-f", "json", "-o", cold.toString())).code()).isEqualTo(ExitCode.OK);
        assertThat(CliRun.of(concat(common, "-f", "json", "-o", warm.toString())).code()).isEqualTo(ExitCode.OK);
        ObjectMapper json = new ObjectMapper();
        JsonNode c = json.readTree(cold.toFile()).get("stats");
        JsonNode w = json.readTree(warm.toFile()).get("stats");
        JsonReportSchemaValidator.assertValid(Files.readString(warm));
        assertThat(c.get("reused").asBoolean()).isFalse();
        assertThat(c.get("work").asLong()).isPositive();
        assertThat(c.get("cachedFiles").asInt()).isZero();
        assertThat(c.get("parsedFiles").asInt()).isEqualTo(c.get("javaFiles").asInt());
        assertThat(w.get("reused").asBoolean()).isTrue();
        assertThat(w.get("work").asLong()).isZero();
        assertThat(w.get("parsedFiles").asInt()).isZero();
        assertThat(w.get("cachedFiles").asInt()).isEqualTo(c.get("parsedFiles").asInt());

        CliRun text = CliRun.of(common);
        assertThat(text.out().strip().lines().reduce((a, b) -> b).orElseThrow())
                .startsWith("idemcheck: ").endsWith(" s (result reused from the analysis cache)");
    }

    @Test
    void outputIoErrorsAreWordedAsTheCacheWordsThem() throws IOException {
        // one wording of I/O errors (AnalysisCache.reason): was "('.../plain' is a file)" here and "(a file of that
        // name exists)" in the cache's notes
        Path plain = Files.writeString(tmp.resolve("plain"), "x");
        String out = plain.resolve("report.json").toString();
        assertUsage(scan("-o", out), "idemcheck: error: --output: cannot create the directory of '" + out
                + "' (a file of that name exists)");
    }

    private static String[] concat(String[] a, String... b) {
        String[] out = Arrays.copyOf(a, a.length + b.length);
        System.arraycopy(b, 0, out, a.length, b.length);
        return out;
    }

    @Test
    void anEmptyPathIsItsOwnUsageError() {
        assertUsage(scan("--cache", ""), "idemcheck: error: --cache: the path is empty; give a file");
        assertUsage(scan("--cache", " "), "idemcheck: error: --cache: the path is empty; give a file");
    }

    @Test
    void theCacheCannotBeTheReportTheBaselineOrTheConfiguration() throws IOException {
        String same = tmp.resolve("same.json").toString();
        assertUsage(scan("--cache", same, "-o", same), "idemcheck: error: --cache: '" + same + "' is also the "
                + "report (--output); give the cache a file of its own");
        assertThat(Files.exists(Path.of(same))).isFalse(); // refused before anything was written

        Path baseline = tmp.resolve("baseline.json");
        assertUsage(scan("--cache", baseline.toString(), "--baseline", baseline.toString(), "--update-baseline"),
                "idemcheck: error: --cache: '" + baseline + "' is also the baseline (--baseline); give the cache a "
                        + "file of its own");
        Path defaultBaseline = project.resolve("idemcheck-baseline.json");
        assertUsage(scan("--source-root", project.toString(), "--update-baseline", "--cache",
                defaultBaseline.toString()), "idemcheck: error: --cache: '" + defaultBaseline + "' is also the "
                + "baseline --update-baseline writes; give the cache a file of its own");

        Path yml = Files.writeString(tmp.resolve("idemcheck.yml"), "rules: {}\n");
        assertUsage(scan("--config", yml.toString(), "--cache", yml.toString()), "idemcheck: error: --cache: '"
                + yml + "' is also the configuration (--config); give the cache a file of its own");
    }

    @Test
    void theSameFileThroughAnotherPathIsTheSameFile() throws IOException {
        Path report = Files.writeString(tmp.resolve("r.json"), "{}");
        Path link = Files.createSymbolicLink(tmp.resolve("link.json"), report);
        assertUsage(scan("--cache", link.toString(), "-o", report.toString()), "idemcheck: error: --cache: '"
                + link + "' is also the report (--output); give the cache a file of its own");
    }

    @Test
    void aNoteAboutTheCacheIsOnStandardErrorWhenTheReportGoesToAFile() throws IOException {
        Path cache = tmp.resolve("cache");
        Path report = tmp.resolve("report.json");
        CliRun cold = scan("--cache", cache.toString(), "-f", "json", "-o", report.toString());
        assertThat(cold.code()).isEqualTo(ExitCode.OK);
        assertThat(cold.err()).isEmpty(); // nothing to say about a cache written as it should be

        byte[] whole = Files.readAllBytes(cache);
        Files.write(cache, Arrays.copyOf(whole, whole.length / 2));
        CliRun damaged = scan("--cache", cache.toString(), "-f", "json", "-o", report.toString());
        assertThat(damaged.code()).isEqualTo(ExitCode.OK);
        assertThat(damaged.out()).isEmpty();
        assertThat(damaged.err().lines().toList()).singleElement().satisfies(line -> assertThat(line)
                .startsWith("idemcheck: analysis cache " + cache + " ignored").endsWith("; it is rebuilt"));
        assertThat(Files.readString(report)).contains("analysis cache " + cache + " ignored"); // still in the report

        CliRun notWritten = scan("--cache", tmp.resolve("report.json/cache").toString(), "-o",
                tmp.resolve("r.txt").toString());
        assertThat(notWritten.err().lines().toList()).containsExactly("idemcheck: analysis cache "
                + tmp.resolve("report.json/cache") + " not written: cannot create its directory " + report
                + " (a file of that name exists)");
    }
}
