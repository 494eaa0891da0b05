package io.idemcheck.core.report;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.idemcheck.core.Version;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.StringWriter;
import java.nio.file.Path;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

class JsonReportWriterTest {

    @TempDir
    Path tmp;

    private static String write(io.idemcheck.core.finding.ScanResult r) throws Exception {
        StringWriter sw = new StringWriter();
        new JsonReportWriter().write(r, sw);
        return sw.toString();
    }

    @Test
    void matchesSchemaAndCarriesEveryField() throws Exception {
        String json = write(ReportFixtures.full(tmp));
        JsonReportSchemaValidator.assertValid(json);
        JsonNode root = new ObjectMapper().readTree(json);

        assertThat(root.get("schemaVersion").asText()).isEqualTo("1");
        assertThat(root.at("/tool/name").asText()).isEqualTo("idemcheck");
        assertThat(root.at("/tool/version").asText()).isEqualTo(Version.version());
        assertThat(root.get("sourceRoot").asText()).isEqualTo(tmp.toAbsolutePath().toString().replace('\\', '/'));
        assertThat(root.get("rules")).hasSize(3);
        assertThat(root.at("/rules/1/severity").asText()).isEqualTo("error");
        assertThat(root.at("/rules/0/summary").asText()).isEqualTo(ReportFixtures.IDEM001.summary());

        JsonNode f = root.at("/findings/1");
        assertThat(f.get("ruleId").asText()).isEqualTo("IDEM001");
        assertThat(f.get("ruleName").asText()).isEqualTo("SideEffectBeforeStatusRecord");
        assertThat(f.get("severity").asText()).isEqualTo("warning");
        assertThat(f.at("/location/path").asText()).isEqualTo(ReportFixtures.PAY_JOB);
        assertThat(f.at("/location/startLine").asInt()).isEqualTo(42);
        assertThat(f.at("/location/endColumn").asInt()).isEqualTo(30);
        assertThat(f.get("related")).hasSize(2);
        assertThat(f.at("/related/0/label").asText()).isEqualTo("status DONE written here");
        assertThat(f.get("flow")).hasSize(3);
        assertThat(f.get("enclosing").asText()).isEqualTo("com.acme.PayJob#run(List)");
        assertThat(f.get("fingerprint").asText()).hasSize(32);
        assertThat(f.at("/fix/template").asText()).contains("tasks.claim");
        assertThat(f.at("/fix/edits")).isEmpty();

        JsonNode ins = root.at("/findings/2");
        assertThat(ins.at("/location/path").asText()).isEqualTo(ReportFixtures.UNICODE);
        assertThat(ins.at("/fix/template").isNull()).isTrue();
        assertThat(ins.at("/fix/edits")).hasSize(2);
        assertThat(ins.at("/fix/edits/0/replacement").asText()).isEqualTo("INSERT INTO ledger ON CONFLICT");
        assertThat(root.at("/findings/0/fix").isNull()).isTrue();
        assertThat(root.at("/findings/0/fingerprint").isNull()).isTrue();

        assertThat(root.get("diagnostics")).hasSize(3);
        assertThat(root.at("/diagnostics/0/kind").asText()).isEqualTo("PARSE_ERROR");
        assertThat(root.at("/diagnostics/0/blocksAnalysis").asBoolean()).isTrue();
        assertThat(root.at("/diagnostics/2/path").isNull()).isTrue();
        assertThat(root.at("/stats/javaFiles").asInt()).isEqualTo(12);
        assertThat(root.at("/stats/millis").asLong()).isEqualTo(400);
        assertThat(root.at("/summary/errors").asInt()).isEqualTo(1);
        assertThat(root.at("/summary/warnings").asInt()).isEqualTo(1);
        assertThat(root.at("/summary/notes").asInt()).isEqualTo(1);
        assertThat(root.at("/summary/analysisErrors").asBoolean()).isTrue();
        assertThat(root.at("/summary/filesNotAnalysed").asInt()).isEqualTo(1);
    }

    @Test
    void statsCarryTheCacheCountsTheWorkAndWhetherTheResultWasReused() throws Exception {
        String ran = write(new io.idemcheck.core.finding.ScanResult(tmp, ReportFixtures.rules(), List.of(), List.of(),
                new io.idemcheck.core.finding.ScanStats(35, 5, 2, 0, 4, 900, 12345, 33)));
        JsonReportSchemaValidator.assertValid(ran);
        JsonNode stats = new ObjectMapper().readTree(ran).get("stats");
        assertThat(stats.get("parsedFiles").asInt()).isEqualTo(2);
        assertThat(stats.get("cachedFiles").asInt()).isEqualTo(33);
        assertThat(stats.get("work").asLong()).isEqualTo(12345);
        assertThat(stats.get("reused").asBoolean()).isFalse();

        String reused = write(new io.idemcheck.core.finding.ScanResult(tmp, ReportFixtures.rules(), List.of(),
                List.of(), new io.idemcheck.core.finding.ScanStats(35, 5, 0, 0, 4, 90, 0, 35, true)));
        JsonReportSchemaValidator.assertValid(reused);
        JsonNode r = new ObjectMapper().readTree(reused).get("stats");
        assertThat(r.get("parsedFiles").asInt()).isZero();
        assertThat(r.get("cachedFiles").asInt()).isEqualTo(35);
        assertThat(r.get("work").asLong()).isZero();
        assertThat(r.get("reused").asBoolean()).isTrue();
    }

    @Test
    void cleanScanMatchesSchema() throws Exception {
        String json = write(ReportFixtures.clean(tmp));
        JsonReportSchemaValidator.assertValid(json);
        assertThat(new ObjectMapper().readTree(json).get("findings")).isEmpty();
    }

    @Test
    void documentedExampleMatchesSchema() throws Exception {
        String doc = java.nio.file.Files.readString(TestFiles.findUp("docs/json-report.md"));
        int start = doc.indexOf("```json\n") + "```json\n".length();
        String example = doc.substring(start, doc.indexOf("```", start));
        JsonReportSchemaValidator.assertValid(example);
    }

    @Test
    void schemaRejectsAMissingField() {
        assertThat(JsonReportSchemaValidator.validate("{\"schemaVersion\":\"1\"}")).isNotEmpty();
    }
}
