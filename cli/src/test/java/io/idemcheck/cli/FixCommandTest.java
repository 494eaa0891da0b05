package io.idemcheck.cli;

import io.idemcheck.core.engine.Analyzer;
import io.idemcheck.core.engine.ProgressListener;
import io.idemcheck.core.engine.ScanRequest;
import io.idemcheck.core.finding.Finding;
import io.idemcheck.core.finding.ScanResult;
import io.idemcheck.core.fix.FixStage;
import io.idemcheck.core.rule.RuleRegistry;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;


import java.io.IOException;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;

import static org.assertj.core.api.Assertions.assertThat;

/** {@code idemcheck fix} on a copy of samples/noon-batch in a fresh git repository. */
class FixCommandTest {

    static final Path SAMPLE = Path.of("..", "samples", "noon-batch").toAbsolutePath().normalize();

    @TempDir
    Path tmp;

    static CliRun cli(String... args) {
        return CliRun.of(args);
    }

    private Path copySample() throws IOException {
        Path dst = tmp.resolve("noon-batch");
        try (Stream<Path> s = Files.walk(SAMPLE)) {
            for (Path p : s.filter(p -> !p.toString().contains("/target")).toList()) {
                Path t = dst.resolve(SAMPLE.relativize(p).toString());
                if (Files.isDirectory(p)) {
                    Files.createDirectories(t);
                } else {
                    Files.copy(p, t);
                }
            }
        }
        return dst;
    }

    private static String git(Path dir, String... args) throws Exception {
        List<String> cmd = new java.util.ArrayList<>(List.of("git", "-c", "user.name=t", "-c", "user.email=t@t",
                "-c", "commit.gpgsign=false"));
        cmd.addAll(List.of(args));
        Process p = new ProcessBuilder(cmd).directory(dir.toFile()).redirectErrorStream(true).start();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertThat(p.waitFor()).as(out).isZero();
        return out;
    }

    private static ScanResult scan(Path dir) {
        return new Analyzer().scan(new ScanRequest(List.of(dir), dir, 1, RuleRegistry.load(), ProgressListener.NONE));
    }

    @Test
    void dryRunThenApplyOnTheSample() throws Exception {
        Path dir = copySample();
        git(dir, "init", "-q");
        git(dir, "add", "-A");
        git(dir, "commit", "-qm", "sample");
        ScanResult before = scan(dir);
        List<String> mechanical = before.findings().stream().filter(f -> f.fix() != null && f.fix().mechanical())
                .map(Finding::fingerprint).toList();
        assertThat(mechanical).isNotEmpty();

        CliRun dry = cli("fix", dir.toString());
        assertThat(dry.code()).as(dry.err()).isEqualTo(4);
        assertThat(dry.out()).contains("+++ b/src/main/resources/mapper/TaskMapper.xml", "AND status = 'PENDING'");
        // IDEM011: the next Flyway version after V2__maintenance.sql / V2__coupon.sql, as a new file
        assertThat(dry.out()).contains("+++ b/src/main/resources/db/migration/V3__add_unique_t_order.sql",
                "+ALTER TABLE t_order ADD UNIQUE KEY uk_t_order_task_id (task_id);");
        assertThat(git(dir, "status", "--porcelain")).as("dry run writes nothing").isEmpty();

        Files.writeString(dir.resolve("src/main/resources/mapper/TaskMapper.xml"), "\n", java.nio.file.StandardOpenOption.APPEND);
        CliRun refused = cli("fix", dir.toString(), "--apply");
        assertThat(refused.code()).isEqualTo(2);
        assertThat(refused.err().strip().lines().count()).isEqualTo(1);
        assertThat(refused.err()).contains("uncommitted changes", "TaskMapper.xml");
        git(dir, "checkout", "--", ".");

        CliRun applied = cli("fix", dir.toString(), "--apply");
        assertThat(applied.code()).as(applied.out() + applied.err()).isZero();

        // every Java file still parses
        try (Stream<Path> s = Files.walk(dir)) {
            for (Path p : s.filter(p -> p.toString().endsWith(".java")).toList()) {
                assertThat(FixStage.parses(Files.readString(p))).as(p.toString()).isTrue();
            }
        }
        // the mechanically fixable findings are gone, nothing new appeared
        ScanResult after = scan(dir);
        assertThat(after.findings()).extracting(Finding::fingerprint).doesNotContainAnyElementsOf(mechanical);
        assertThat(after.findings().size()).isEqualTo(before.findings().size() - mechanical.size());
        // the diff touches only the intended lines
        String diff = git(dir, "diff", "-U0");
        List<String> changed = diff.lines().filter(l -> (l.startsWith("+") || l.startsWith("-"))
                && !l.startsWith("+++") && !l.startsWith("---")).toList();
        assertThat(changed).containsSubsequence(
                "-            couponMapper.redeem(c.getId(), c.getVersion());",
                "+            if (couponMapper.redeem(c.getId(), c.getVersion()) != 1) {",
                "+                // another run owns or finished this row",
                "+                continue;",
                "+            }");
        assertThat(changed).allMatch(l -> l.contains("!= 1") || l.contains("another run") || l.contains("continue;")
                || l.matches("\\+\\s*}") || l.contains("AND status = ")
                || l.startsWith("-"), "only row-count checks and status predicates are added");
        assertThat(changed).containsSubsequence(
                "-  <update id=\"updateStatus\">UPDATE settlement_task SET status = #{status}, gmt_modified = NOW() "
                        + "WHERE id = #{id}</update>",
                "+  <update id=\"updateStatus\">UPDATE settlement_task SET status = #{status}, gmt_modified = NOW() "
                        + "WHERE id = #{id} AND status = 'PENDING'</update>");
        assertThat(changed).noneMatch(l -> l.contains("taskMapper.updateStatus"));

        // the new migration is untracked, so not in the diff above: exactly this one file was added
        assertThat(git(dir, "status", "--porcelain").lines().filter(l -> l.startsWith("??")).toList())
                .containsExactly("?? src/main/resources/db/migration/V3__add_unique_t_order.sql");
        assertThat(Files.readString(dir.resolve("src/main/resources/db/migration/V3__add_unique_t_order.sql")))
                .isEqualTo("-- idemcheck IDEM011: a second insert of the same task_id fails (remove existing "
                        + "duplicates first)\nALTER TABLE t_order ADD UNIQUE KEY uk_t_order_task_id (task_id);\n");

        CliRun again = cli("fix", dir.toString());
        assertThat(again.code()).isZero();
    }

    @Test
    void usageErrors() {
        CliRun r = cli("fix", SAMPLE.toString(), "--rule", "IDEM999");
        assertThat(r.code()).isEqualTo(2);
        assertThat(r.err()).startsWith("idemcheck: error: --rule: unknown rule 'IDEM999'");
        CliRun both = cli("fix", SAMPLE.toString(), "--apply", "--dry-run");
        assertThat(both.code()).isEqualTo(2);
    }

    @Test
    void ruleFilterLimitsTheFixes() throws Exception {
        CliRun r = cli("fix", SAMPLE.toString(), "--rule", "IDEM001");
        assertThat(r.code()).isZero();
        assertThat(r.out()).contains("0 mechanical fixes");
    }
}
