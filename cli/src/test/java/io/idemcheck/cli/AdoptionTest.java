package io.idemcheck.cli;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.idemcheck.core.config.ConfigLoader;
import io.idemcheck.core.report.SarifSchemaValidator;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Stream;

import static io.idemcheck.cli.EndToEndTest.SAMPLE;
import static io.idemcheck.cli.EndToEndTest.SEED;
import static io.idemcheck.cli.EndToEndTest.cli;
import static org.assertj.core.api.Assertions.assertThat;

/** Adopting on an existing codebase: configuration, suppression and the baseline, through the CLI. */
class AdoptionTest {

    static final String BILLING_SEED = SEED
            .replace("private RestTemplate restTemplate;", "private com.acme.billing.BillingGateway billing;")
            .replace("restTemplate.postForObject(\"http://pay/charge\", t, String.class);", "billing.bill(t);");

    @TempDir
    Path tmp;

    Path project(String source) throws IOException {
        Path p = tmp.resolve("p");
        Files.createDirectories(p.resolve(".git"));
        Path f = p.resolve("src/main/java/com/acme/SeedJob.java");
        Files.createDirectories(f.getParent());
        Files.writeString(f, source);
        return p;
    }

    @Test
    void customEffectInConfigMakesIdem001Fire() throws IOException {
        Path p = project(BILLING_SEED);
        CliRun before = cli("scan", p.toString(), "--debug");
        assertThat(before.code()).as(before.err()).isZero();
        assertThat(before.out()).doesNotContain("[IDEM001]");

        Files.writeString(p.resolve("idemcheck.yml"), """
                effects:
                  - {pattern: "com.acme.billing.BillingGateway#bill(*)", kind: payment}
                """);
        CliRun after = cli("scan", p.toString());
        assertThat(after.code()).isEqualTo(4);
        assertThat(after.out()).contains("src/main/java/com/acme/SeedJob.java:11:13: error: [IDEM001]")
                .contains("BillingGateway.bill()");

        // the same file named with --config from elsewhere
        Path elsewhere = tmp.resolve("conf/other.yml");
        Files.createDirectories(elsewhere.getParent());
        Files.move(p.resolve("idemcheck.yml"), elsewhere);
        assertThat(cli("scan", p.toString(), "--config", elsewhere.toString()).code()).isEqualTo(4);
        assertThat(cli("scan", p.toString()).code()).isZero();
    }

    @Test
    void configErrorExits2WithFileLineAndKey() throws IOException {
        Path p = project(SEED);
        Files.writeString(p.resolve("idemcheck.yml"), """
                rules:
                  IDEM001: error
                effects:
                  - pattern: "com.acme.billing.BillingGateway#bill(*)"
                    kind: payment
                include: []
                sideEffect: []
                """);
        CliRun r = cli("scan", p.toString());
        assertThat(r.code()).isEqualTo(2);
        assertThat(r.out()).isEmpty();
        assertThat(r.err().strip()).matches("idemcheck: error: .*idemcheck\\.yml:7: unknown key 'sideEffect' "
                + "\\(expected one of: rules, include, exclude, effects, records, claims, keyCarriers, locks, "
                + "entryPoints, statusColumns, stateValues, inProgressValues, suppressions\\)");
        assertThat(r.err().lines().count()).isEqualTo(1);

        Files.writeString(p.resolve("idemcheck.yml"), "rules:\n  IDEM042: off\n");
        r = cli("scan", p.toString());
        assertThat(r.code()).isEqualTo(2);
        assertThat(r.err()).startsWith("idemcheck: error: " + ConfigLoader.displayName(p.resolve("idemcheck.yml"))
                + ":2: rules: unknown rule 'IDEM042'");
        Path unknownKey = p.resolve("idemcheck.yml");
        Files.writeString(unknownKey, "sideEffect: []\n");
        assertThat(cli("scan", p.toString()).err()).startsWith("idemcheck: error: "
                + ConfigLoader.displayName(unknownKey) + ":1: unknown key 'sideEffect'");
        Files.writeString(unknownKey, "rules:\n  IDEM042: off\n");

        assertThat(cli("scan", p.toString(), "--config", "nope.yml").err())
                .contains("idemcheck: error: --config: 'nope.yml' does not exist");
    }

    @Test
    void commentSuppressionShownOnlyWhenAskedAndCarriedInSarif() throws IOException {
        Path p = project(SEED.replace("doBusiness(t);",
                "doBusiness(t); // idemcheck:ignore IDEM001 -- downstream dedupes on order_no"));
        CliRun r = cli("scan", p.toString());
        assertThat(r.code()).isZero();
        // only the project-level IDEM007 note (no test sources in this scan) remains
        assertThat(r.out()).doesNotContain("[IDEM001]").contains("0 errors, 0 warnings").contains(", 1 suppressed, ");
        r = cli("scan", p.toString(), "--show-suppressed");
        assertThat(r.out()).contains("SeedJob.java:11:13: suppressed: [IDEM001]")
                .contains("suppressed by comment at src/main/java/com/acme/SeedJob.java:11: downstream dedupes");

        Path sarif = tmp.resolve("r.sarif");
        assertThat(cli("scan", p.toString(), "-f", "sarif", "-o", sarif.toString()).code()).isZero();
        for (JsonNode res : new ObjectMapper().readTree(sarif.toFile()).at("/runs/0/results")) {
            assertThat(res.get("level").asText()).as("only project-level notes are left").isEqualTo("note");
        }
        assertThat(cli("scan", p.toString(), "-f", "sarif", "-o", sarif.toString(), "--show-suppressed").code())
                .isZero();
        JsonNode log = new ObjectMapper().readTree(sarif.toFile());
        SarifSchemaValidator.assertValid(Files.readString(sarif));
        JsonNode s = null;
        for (JsonNode res : log.at("/runs/0/results")) {
            if (res.get("ruleId").asText().equals("IDEM001")) {
                s = res.at("/suppressions/0");
            }
        }
        assertThat(s).isNotNull();
        assertThat(s.get("kind").asText()).isEqualTo("inSource");
        assertThat(s.get("justification").asText()).isEqualTo("downstream dedupes on order_no");
    }

    @Test
    void fixHonoursTheSameConfigurationAsScan() throws IOException {
        Path p = project(SEED.replace("taskMapper.updateStatus(t.getId(), \"DONE\");",
                "taskMapper.claim(t.getId());\n            taskMapper.updateStatus(t.getId(), \"DONE\");")
                .replace("int updateStatus(long id, String status);", "int updateStatus(long id, String status);\n"
                        + "    @org.apache.ibatis.annotations.Update(\"UPDATE task SET status = 'RUNNING' WHERE id = #{id} "
                        + "AND status = 'PENDING'\")\n    int claim(long id);"));
        CliRun before = cli("fix", p.toString());
        assertThat(before.code()).as(before.out() + before.err()).isEqualTo(4);
        Files.writeString(p.resolve("idemcheck.yml"), "rules:\n  IDEM005: off\n");
        CliRun off = cli("fix", p.toString());
        assertThat(off.code()).as(off.out()).isZero();
        Files.writeString(p.resolve("idemcheck.yml"), "sideEffect: []\n");
        CliRun bad = cli("fix", p.toString());
        assertThat(bad.code()).isEqualTo(2);
        assertThat(bad.err()).contains("idemcheck.yml:1").contains("sideEffect");
        CliRun dir = cli("fix", p.toString(), "--config", p.toString());
        assertThat(dir.code()).isEqualTo(2);
        assertThat(dir.err()).contains("is a directory");
    }

    @Test
    void suppressionNamingAnUnknownRuleIsReportedAndSuppressesNothing() throws IOException {
        Path p = project(SEED.replace("    public void run() {",
                "    @SuppressWarnings(\"idemcheck:IDEM0001\")\n    public void run() {"));
        CliRun r = cli("scan", p.toString());
        assertThat(r.code()).isEqualTo(4);
        assertThat(r.out()).contains("[IDEM000]").contains("names a rule idemcheck does not have (IDEM0001)")
                .contains("[IDEM001]");
    }

    @Test
    void markerWithoutReasonIsReportedAndSuppressesNothing() throws IOException {
        Path p = project(SEED.replace("doBusiness(t);", "doBusiness(t); // idemcheck:ignore IDEM001"));
        CliRun r = cli("scan", p.toString());
        assertThat(r.code()).isEqualTo(4);
        assertThat(r.out()).contains("[IDEM001]").contains("note: [IDEM000] idemcheck:ignore without a reason");
    }

    @Test
    void baselineSurvivesLinesMovingAndOnlyNewFindingsFail() throws IOException {
        Path p = tmp.resolve("noon");
        copy(SAMPLE, p);
        Files.createDirectories(p.resolve(".git"));
        Path base = p.resolve("idemcheck-baseline.json");

        Path json = tmp.resolve("before.json");
        assertThat(cli("scan", p.toString(), "-f", "json", "-o", json.toString()).code()).isEqualTo(4);
        JsonNode findings = new ObjectMapper().readTree(json.toFile()).get("findings");
        assertThat(findings.size()).isPositive();

        CliRun w = cli("scan", p.toString(), "--update-baseline");
        assertThat(w.code()).isZero();
        assertThat(w.err()).contains("baseline idemcheck-baseline.json written: " + findings.size() + " finding");
        String written = Files.readString(base);
        assertThat(written).endsWith("}\n").contains("\"fingerprintVersion\" : \"idemcheck/v1\"")
                .contains("\"path\" : \"src/main/java/com/example/noon/job/NoonSettlementJob.java\"");
        // stable: writing again gives the same bytes
        assertThat(cli("scan", p.toString(), "--update-baseline", "--baseline", base.toString()).code()).isZero();
        assertThat(Files.readString(base)).isEqualTo(written);

        // a line inserted above every finding
        Map<String, List<Integer>> byFile = new TreeMap<>();
        for (JsonNode f : findings) {
            byFile.computeIfAbsent(f.at("/location/path").asText(), k -> new ArrayList<>())
                    .add(f.at("/location/startLine").asInt());
        }
        for (Map.Entry<String, List<Integer>> e : byFile.entrySet()) {
            Path file = p.resolve(e.getKey());
            List<String> lines = new ArrayList<>(Files.readAllLines(file));
            String name = file.getFileName().toString();
            String comment = name.endsWith(".sql") ? "-- a new line above the finding"
                    : name.endsWith(".xml") ? "<!-- a new line above the finding -->"
                    : name.endsWith(".yml") || name.endsWith(".yaml") || name.endsWith(".properties")
                    ? "# a new line above the finding" : "        // a new line above the finding";
            e.getValue().stream().sorted((a, b) -> b - a).distinct().forEach(l -> lines.add(l - 1, comment));
            Files.write(file, lines);
        }
        CliRun moved = cli("scan", p.toString(), "--baseline", base.toString());
        assertThat(moved.code()).isZero();
        assertThat(moved.out()).contains("0 findings").contains(findings.size() + " suppressed")
                .doesNotContain("matches nothing");

        // a new finding fails the scan alone
        Path seed = p.resolve("src/main/java/com/acme/SeedJob.java");
        Files.createDirectories(seed.getParent());
        Files.writeString(seed, SEED);
        CliRun fresh = cli("scan", p.toString(), "--baseline", base.toString());
        assertThat(fresh.code()).isEqualTo(4);
        assertThat(fresh.out().lines().filter(l -> l.contains("[IDEM001]")).toList()).singleElement()
                .asString().startsWith("src/main/java/com/acme/SeedJob.java:11:13: error: [IDEM001]");

        // the old finding fixed: reported, and dropped on update
        Files.delete(p.resolve("src/main/java/com/example/noon/job/NoonSettlementJob.java"));
        CliRun fixed = cli("scan", p.toString(), "--baseline", base.toString(), "--fail-on", "none");
        assertThat(fixed.out()).contains("matches nothing any more (fixed)");
        JsonNode nowFindings = new ObjectMapper().readTree(cli("scan", p.toString(), "--format", "json", "--fail-on",
                "none").out()).get("findings");
        int added = 0;
        for (JsonNode f : nowFindings) {
            if (f.at("/location/path").asText().endsWith("SeedJob.java")) {
                added++;
            }
        }
        int dropped = findings.size() - (nowFindings.size() - added);
        assertThat(dropped).isGreaterThanOrEqualTo(1);
        CliRun upd = cli("scan", p.toString(), "--baseline", base.toString(), "--update-baseline");
        assertThat(upd.err()).contains("(" + added + " new, " + dropped + " fixed and dropped)");
        assertThat(Files.readString(base)).doesNotContain("NoonSettlementJob").contains("SeedJob");
    }

    @Test
    void missingBaselineIsAUsageError() throws IOException {
        Path p = project(SEED);
        CliRun r = cli("scan", p.toString(), "--baseline", tmp.resolve("none.json").toString());
        assertThat(r.code()).isEqualTo(2);
        assertThat(r.err()).contains("--baseline:").contains("does not exist (write it with --update-baseline)");
    }

    @Test
    void initWritesAValidCommentedFileAndRefusesToOverwrite() throws IOException {
        Path p = project(SEED);
        CliRun r = cli("init", p.toString());
        assertThat(r.code()).isZero();
        Path yml = p.resolve("idemcheck.yml");
        assertThat(Files.readString(yml)).contains("# ").contains("effects:").contains("suppressions:");
        assertThat(ConfigLoader.load(yml).rules()).containsKey("IDEM001");
        assertThat(cli("scan", p.toString()).code()).isEqualTo(4);
        r = cli("init", p.toString());
        assertThat(r.code()).isEqualTo(2);
        assertThat(r.err()).contains("already exists (use --force to overwrite it)");
        assertThat(cli("init", p.toString(), "--force").code()).isZero();
    }

    static void copy(Path from, Path to) throws IOException {
        try (Stream<Path> s = Files.walk(from)) {
            for (Path src : s.toList()) {
                String rel = from.relativize(src).toString();
                if (rel.startsWith("target")) {
                    continue;
                }
                Path dst = to.resolve(rel);
                if (Files.isDirectory(src)) {
                    Files.createDirectories(dst);
                } else {
                    Files.copy(src, dst);
                }
            }
        }
    }
}
