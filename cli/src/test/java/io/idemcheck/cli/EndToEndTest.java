package io.idemcheck.cli;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;

import io.idemcheck.core.report.SarifSchemaValidator;
import io.idemcheck.core.rule.RuleRegistry;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;



import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

/** The real engine and rules through the CLI, on the bundled sample and on small hand-made trees. */
class EndToEndTest {

    static final Path SAMPLE = Path.of("../samples/noon-batch").toAbsolutePath().normalize();
    static final String SEED = """
            package com.acme;
            import java.util.List;
            import org.springframework.scheduling.annotation.Scheduled;
            import org.springframework.web.client.RestTemplate;
            public class SeedJob {
                private TaskMapper taskMapper;
                private RestTemplate restTemplate;
                @Scheduled(fixedDelay = 60000)
                public void run() {
                    for (Task t : taskMapper.selectByStatus("PENDING")) {
                        doBusiness(t);
                        taskMapper.updateStatus(t.getId(), "DONE");
                    }
                }
                private void doBusiness(Task t) {
                    restTemplate.postForObject("http://pay/charge", t, String.class);
                }
            }
            interface TaskMapper {
                List<Task> selectByStatus(String status);
                int updateStatus(long id, String status);
            }
            class Task { long id; long getId() { return id; } }
            """;

    @TempDir
    Path tmp;

    static CliRun cli(String... args) {
        return CliRun.of(args);
    }

    @Test
    void sampleReportsIdem001AtTheJobLoopAndExits4() {
        CliRun r = cli("scan", SAMPLE.toString(), "--source-root", SAMPLE.toString());
        assertThat(r.code()).isEqualTo(4);
        assertThat(r.out()).contains("src/main/java/com/example/noon/job/NoonSettlementJob.java:33:17: error: [IDEM001]")
                .contains("charges the customer again")
                .contains("taskMapper.updateStatus() at line 34");
        // the safe refund job of the sample claims first and passes a key: no finding there
        assertThat(r.out().lines().filter(l -> l.contains("RefundJob.java") && l.contains("[IDEM001]"))).isEmpty();
        assertThat(r.out().lines().filter(l -> l.contains("[IDEM001]")).count()).isEqualTo(1);
    }

    @Test
    void sampleSarifIsSchemaValidAndCarriesTheCodeFlowFromEffectToRecord() throws Exception {
        Path out = tmp.resolve("out/report.sarif");
        CliRun r = cli("scan", SAMPLE.toString(), "--source-root", SAMPLE.toString(), "--format", "sarif",
                "--output", out.toString());
        assertThat(r.code()).isEqualTo(4);
        String sarif = Files.readString(out);
        SarifSchemaValidator.assertValid(sarif);
        JsonNode run = new ObjectMapper().readTree(sarif).get("runs").get(0);
        JsonNode result = null;
        for (JsonNode r0 : run.get("results")) {
            if (r0.get("ruleId").asText().equals("IDEM001")) {
                result = r0;
            }
        }
        assertThat(result).as("the IDEM001 result").isNotNull();
        assertThat(result.get("ruleId").asText()).isEqualTo("IDEM001");
        assertThat(run.get("tool").get("driver").get("rules").get(result.get("ruleIndex").asInt()).get("id").asText())
                .isEqualTo("IDEM001");
        assertThat(result.get("locations")).hasSize(1);
        JsonNode loc = result.get("locations").get(0).get("physicalLocation");
        assertThat(loc.get("artifactLocation").get("uri").asText())
                .isEqualTo("src/main/java/com/example/noon/job/NoonSettlementJob.java");
        assertThat(loc.get("artifactLocation").get("uriBaseId").asText()).isEqualTo("%SRCROOT%");
        assertThat(loc.get("region").get("startLine").asInt()).isEqualTo(33);
        JsonNode steps = result.get("codeFlows").get(0).get("threadFlows").get(0).get("locations");
        List<String> uris = new ArrayList<>();
        for (JsonNode s : steps) {
            uris.add(s.get("location").get("physicalLocation").get("artifactLocation").get("uri").asText() + ":"
                    + s.get("location").get("physicalLocation").get("region").get("startLine").asInt());
        }
        assertThat(uris).containsExactly(
                "src/main/java/com/example/noon/job/NoonSettlementJob.java:33",
                "src/main/java/com/example/noon/job/NoonSettlementJob.java:43",
                "src/main/java/com/example/noon/service/SettlementService.java:24",
                "src/main/java/com/example/noon/client/PaymentClient.java:30",
                "src/main/java/com/example/noon/job/NoonSettlementJob.java:34");
        assertThat(result.get("partialFingerprints").get("idemcheck/v1").asText()).hasSize(32);
    }

    /** rule id, path and line of each finding, from the JSON report. */
    static List<String> findingKeys(String json) throws Exception {
        List<String> out = new ArrayList<>();
        for (JsonNode f : new ObjectMapper().readTree(json).get("findings")) {
            out.add(f.get("ruleId").asText() + " " + f.get("location").get("path").asText() + ":"
                    + f.get("location").get("startLine").asInt());
        }
        return out;
    }

    @Test
    void findingsComeFromTheSqlNotFromMethodNames() throws Exception {
        CliRun original = cli("scan", SAMPLE.toString(), "--source-root", SAMPLE.toString(), "--format", "json");
        Path copy = tmp.resolve("renamed");
        try (var files = Files.walk(SAMPLE)) {
            for (Path p : files.filter(Files::isRegularFile).filter(p -> !p.toString().contains("/target/")).toList()) {
                Path dest = copy.resolve(SAMPLE.relativize(p).toString());
                Files.createDirectories(dest.getParent());
                String text = Files.readString(p);
                Files.writeString(dest, text.replace("updateStatus", "touch"));
            }
        }
        CliRun renamed = cli("scan", copy.toString(), "--source-root", copy.toString(), "--format", "json");
        assertThat(findingKeys(original.out())).contains("IDEM001 src/main/java/com/example/noon/job/NoonSettlementJob.java:33");
        assertThat(findingKeys(renamed.out())).isEqualTo(findingKeys(original.out()));
        assertThat(renamed.out()).contains("the record was recognised from its SQL");
    }

    @Test
    void findingsInMapperXmlCarryTheirXmlLinesInEveryFormat() throws Exception {
        CliRun text = cli("scan", SAMPLE.toString(), "--source-root", SAMPLE.toString());
        assertThat(text.out()).contains("src/main/resources/mapper/TaskMapper.xml:16:3: warning: [IDEM003]");
        CliRun json = cli("scan", SAMPLE.toString(), "--source-root", SAMPLE.toString(), "--format", "json");
        assertThat(findingKeys(json.out())).contains("IDEM003 src/main/resources/mapper/TaskMapper.xml:16");
        CliRun sarif = cli("scan", SAMPLE.toString(), "--source-root", SAMPLE.toString(), "--format", "sarif");
        SarifSchemaValidator.assertValid(sarif.out());
        boolean found = false;
        for (JsonNode r : new ObjectMapper().readTree(sarif.out()).get("runs").get(0).get("results")) {
            JsonNode pl = r.get("locations").get(0).get("physicalLocation");
            if (r.get("ruleId").asText().equals("IDEM003")
                    && pl.get("artifactLocation").get("uri").asText().endsWith(".xml")) {
                assertThat(pl.get("artifactLocation").get("uri").asText())
                        .isEqualTo("src/main/resources/mapper/TaskMapper.xml");
                assertThat(pl.get("region").get("startLine").asInt()).isEqualTo(16);
                found = true;
            }
        }
        assertThat(found).isTrue();
    }

    @Test
    void theRestartSafeSampleIsCleanWithEveryRuleRegisteredAndRun() throws Exception {
        Path safe = Path.of("../samples/noon-batch-safe").toAbsolutePath().normalize();
        CliRun r = cli("scan", safe.toString(), "--source-root", safe.toString(), "--format", "json");
        JsonNode json = new ObjectMapper().readTree(r.out());
        List<String> ids = new ArrayList<>();
        json.get("rules").forEach(x -> ids.add(x.get("id").asText()));
        assertThat(ids).as("every rule is registered and enabled").containsAll(List.of("IDEM001", "IDEM002", "IDEM003",
                "IDEM004", "IDEM005", "IDEM006", "IDEM007", "IDEM008", "IDEM009", "IDEM010", "IDEM011", "IDEM012"));
        assertThat(json.toString()).as("no rule failed").doesNotContain("failed: ");
        assertThat(json.get("findings")).isEmpty();
        assertThat(r.code()).isZero();
        // and the same rules do fire on the unsafe twin, so "clean" is not an accident of missing inputs
        CliRun unsafe = cli("scan", SAMPLE.toString(), "--source-root", SAMPLE.toString(), "--format", "json");
        assertThat(findingKeys(unsafe.out())).extracting(k -> k.substring(0, 7)).contains("IDEM001", "IDEM002",
                "IDEM003", "IDEM004", "IDEM005", "IDEM006", "IDEM007", "IDEM008", "IDEM009", "IDEM010", "IDEM011",
                "IDEM012");
    }

    @Test
    void folderWithoutFindingsExits0() throws Exception {
        Path src = tmp.resolve("clean/src/main/java/com/acme");
        Files.createDirectories(src);
        Files.writeString(src.resolve("Clean.java"), """
                package com.acme;
                public class Clean {
                    int add(int a, int b) { return a + b; }
                }
                """);
        CliRun r = cli("scan", tmp.resolve("clean").toString());
        assertThat(r.code()).isZero();
        assertThat(r.out()).contains("0 findings");
    }

    @Test
    void unparseableFileIsReportedAndTheOtherFilesStillProduceFindings() throws Exception {
        Path src = tmp.resolve("mixed/src/main/java/com/acme");
        Files.createDirectories(src);
        Files.writeString(src.resolve("SeedJob.java"), SEED);
        Files.writeString(src.resolve("Broken.java"), "package com.acme;\npublic class Broken {\n  void x( {\n}\n");
        CliRun r = cli("scan", tmp.resolve("mixed").toString(), "--source-root", tmp.resolve("mixed").toString());
        assertThat(r.code()).as(r.out() + r.err()).isEqualTo(4);
        assertThat(r.out()).contains("src/main/java/com/acme/SeedJob.java:11:13: error: [IDEM001]")
                .contains("src/main/java/com/acme/Broken.java:3");
        // without findings, the same unparseable file gives exit code 5, and --no-fail-on-error turns it into 0
        Files.delete(src.resolve("SeedJob.java"));
        assertThat(cli("scan", tmp.resolve("mixed").toString()).code()).isEqualTo(5);
        assertThat(cli("scan", tmp.resolve("mixed").toString(), "--no-fail-on-error").code()).isZero();
    }

    @Test
    void nonUtf8FileIsReadWithAFallbackNotDropped() throws Exception {
        Path src = tmp.resolve("latin/src/main/java/com/acme");
        Files.createDirectories(src);
        byte[] bytes = SEED.replace("public class SeedJob {", "public class SeedJob { // caf\u00e9")
                .getBytes(StandardCharsets.ISO_8859_1);
        Files.write(src.resolve("SeedJob.java"), bytes);
        CliRun r = cli("scan", tmp.resolve("latin").toString(), "--source-root", tmp.resolve("latin").toString());
        assertThat(r.code()).isEqualTo(4);
        assertThat(r.out()).contains("SeedJob.java:11:13: error: [IDEM001]");
    }

    @Test
    void kotlinFilesAreCountedAsNotAnalysedAndBuildFoldersAreSkipped() throws Exception {
        Path root = tmp.resolve("kt");
        Files.createDirectories(root.resolve("src/main/kotlin"));
        Files.writeString(root.resolve("src/main/kotlin/Job.kt"), "class Job");
        Files.createDirectories(root.resolve("target/generated"));
        Files.writeString(root.resolve("target/generated/SeedJob.java"), SEED);
        CliRun r = cli("scan", root.toString(), "--source-root", root.toString(), "--format", "json");
        assertThat(r.code()).isZero();
        JsonNode json = new ObjectMapper().readTree(r.out());
        assertThat(json.get("findings")).isEmpty();
        assertThat(json.toString()).contains("src/main/kotlin/Job.kt").contains("not analysed");
    }
}
