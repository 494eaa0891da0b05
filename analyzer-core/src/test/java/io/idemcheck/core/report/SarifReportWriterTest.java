package io.idemcheck.core.report;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.idemcheck.core.Version;
import io.idemcheck.core.finding.Diagnostic;
import io.idemcheck.core.finding.Location;
import io.idemcheck.core.finding.ScanResult;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.StringWriter;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class SarifReportWriterTest {

    private static final ObjectMapper MAPPER = new ObjectMapper();

    @TempDir
    Path tmp;

    private static String write(SarifReportWriter w, ScanResult r) throws Exception {
        StringWriter sw = new StringWriter();
        w.write(r, sw);
        return sw.toString();
    }

    private JsonNode run(String sarif) throws Exception {
        JsonNode log = MAPPER.readTree(sarif);
        assertThat(log.get("runs")).hasSize(1);
        return log.get("runs").get(0);
    }

    private Path root() {
        return tmp.resolve("my repo").resolve("Ärger");
    }

    @Test
    void fullResultIsValidSarifWithHeaderAndTool() throws Exception {
        String sarif = write(new SarifReportWriter(), ReportFixtures.full(root()));
        SarifSchemaValidator.assertValid(sarif);

        JsonNode log = MAPPER.readTree(sarif);
        assertThat(log.get("$schema").asText()).isEqualTo("https://json.schemastore.org/sarif-2.1.0.json");
        assertThat(log.get("version").asText()).isEqualTo("2.1.0");
        JsonNode driver = run(sarif).at("/tool/driver");
        assertThat(driver.get("name").asText()).isEqualTo("idemcheck");
        assertThat(driver.get("version").asText()).isEqualTo(Version.version());
        assertThat(driver.get("semanticVersion").asText()).isEqualTo(Version.version());
        assertThat(driver.get("informationUri").asText()).isEqualTo(Version.INFORMATION_URI);
        assertThat(run(sarif).at("/automationDetails/id").asText()).isEqualTo("idemcheck/");
    }

    @Test
    void everyRuleIsListedInIdOrderWithHelpAndProperties() throws Exception {
        JsonNode rules = run(write(new SarifReportWriter(), ReportFixtures.full(root()))).at("/tool/driver/rules");
        assertThat(rules).hasSize(3);
        assertThat(rules.get(0).get("id").asText()).isEqualTo("IDEM001");
        assertThat(rules.get(1).get("id").asText()).isEqualTo("IDEM002");
        assertThat(rules.get(2).get("id").asText()).isEqualTo("IDEM003");

        JsonNode r1 = rules.get(0);
        assertThat(r1.get("name").asText()).isEqualTo("SideEffectBeforeStatusRecord");
        assertThat(r1.at("/shortDescription/text").asText()).isEqualTo(ReportFixtures.IDEM001.summary());
        assertThat(r1.at("/fullDescription/text").asText()).startsWith("A job that performs an **external side");
        assertThat(r1.at("/help/markdown").asText()).isEqualTo(ReportFixtures.IDEM001.docMarkdown());
        assertThat(r1.at("/help/text").asText())
                .contains("A job that performs an external side effect")
                .contains("records DONE")
                .contains("the runtime (https://example.org/runtime)")
                .doesNotContain("```").doesNotContain("**").doesNotContain("# ");
        assertThat(r1.at("/defaultConfiguration/level").asText()).isEqualTo("warning");
        assertThat(r1.at("/properties/tags").toString()).isEqualTo("[\"idempotency\",\"batch\"]");
        assertThat(r1.at("/properties/precision").asText()).isEqualTo("high");
        assertThat(r1.at("/properties/problem.severity").asText()).isEqualTo("warning");
        assertThat(r1.has("helpUri")).isFalse();

        // a rule without doc falls back to its summary
        assertThat(rules.get(1).at("/help/text").asText()).isEqualTo(ReportFixtures.IDEM002.summary());
        assertThat(rules.get(1).at("/properties/problem.severity").asText()).isEqualTo("error");
        assertThat(rules.get(2).at("/properties/problem.severity").asText()).isEqualTo("recommendation");
        assertThat(rules.get(2).at("/defaultConfiguration/level").asText()).isEqualTo("note");
    }

    @Test
    void helpUriOnlyWithAnAbsoluteDocsBase() throws Exception {
        String sarif = write(new SarifReportWriter("https://example.org/docs/rules"), ReportFixtures.full(root()));
        SarifSchemaValidator.assertValid(sarif);
        JsonNode rules = run(sarif).at("/tool/driver/rules");
        assertThat(rules.get(0).get("helpUri").asText())
                .isEqualTo("https://example.org/docs/rules/SideEffectBeforeStatusRecord.md");
        assertThatThrownBy(() -> new SarifReportWriter("docs/rules")).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("docs/rules");
    }

    @Test
    void resultsAreSortedAndPointAtTheirRule() throws Exception {
        JsonNode results = run(write(new SarifReportWriter(), ReportFixtures.full(root()))).get("results");
        assertThat(results).hasSize(3);
        // sorted by path (Pay Job < Ünïcödé), then line: clock (20) before side effect (42)
        assertThat(results.get(0).get("ruleId").asText()).isEqualTo("IDEM003");
        assertThat(results.get(1).get("ruleId").asText()).isEqualTo("IDEM001");
        assertThat(results.get(2).get("ruleId").asText()).isEqualTo("IDEM002");
        JsonNode rules = run(write(new SarifReportWriter(), ReportFixtures.full(root()))).at("/tool/driver/rules");
        for (JsonNode r : results) {
            int idx = r.get("ruleIndex").asInt();
            assertThat(rules.get(idx).get("id").asText()).isEqualTo(r.get("ruleId").asText());
            assertThat(r.get("locations")).hasSize(1);
        }
        assertThat(results.get(0).get("level").asText()).isEqualTo("note");
        assertThat(results.get(1).get("level").asText()).isEqualTo("warning");
        assertThat(results.get(2).get("level").asText()).isEqualTo("error");
    }

    @Test
    void contextRegionOnlyWhenItIsAProperSupersetOfTheRegion() {
        String line = "        payments.charge(card);"; // 30 characters
        assertThat(SarifReportWriter.contextIsProperSuperset(new Location("A.java", 42, 9, 42, 30, null), line)).isTrue();
        assertThat(SarifReportWriter.contextIsProperSuperset(new Location("A.java", 42, 1, 42, 10, null), line)).isTrue();
        // exactly the whole line: identical, so omitted
        assertThat(SarifReportWriter.contextIsProperSuperset(new Location("A.java", 42, 1, 42, 31, null), line)).isFalse();
        // a loop over lines 29-32 is not inside its first line (SARIF1008 on the sample)
        assertThat(SarifReportWriter.contextIsProperSuperset(new Location("A.java", 29, 9, 32, 10, null), line)).isFalse();
        assertThat(SarifReportWriter.contextIsProperSuperset(new Location("A.java", 42, 9, 42, 30, null), null)).isFalse();
    }

    @Test
    void urisAreRelativeEncodedAndBasedOnSrcroot() throws Exception {
        JsonNode run = run(write(new SarifReportWriter(), ReportFixtures.full(root())));
        String base = run.at("/originalUriBaseIds/%SRCROOT%/uri").asText();
        assertThat(base).startsWith("file:///").endsWith("/").contains("my%20repo/%C3%84rger/")
                .doesNotContain(" ").doesNotContain("\\");

        JsonNode loc = run.at("/results/1/locations/0/physicalLocation");
        assertThat(loc.at("/artifactLocation/uri").asText()).isEqualTo("src/main/java/com/acme/Pay%20Job.java");
        assertThat(loc.at("/artifactLocation/uriBaseId").asText()).isEqualTo("%SRCROOT%");
        assertThat(loc.at("/region/startLine").asInt()).isEqualTo(42);
        assertThat(loc.at("/region/startColumn").asInt()).isEqualTo(9);
        assertThat(loc.at("/region/endLine").asInt()).isEqualTo(42);
        assertThat(loc.at("/region/endColumn").asInt()).isEqualTo(30);
        assertThat(loc.at("/contextRegion/snippet/text").asText()).isEqualTo("        payments.charge(card);");

        assertThat(run.at("/results/2/locations/0/physicalLocation/artifactLocation/uri").asText())
                .isEqualTo("src/main/java/com/acme/%C3%9Cn%C3%AFc%C3%B6d%C3%A9.java");
        for (JsonNode r : run.get("results")) {
            String uri = r.at("/locations/0/physicalLocation/artifactLocation/uri").asText();
            assertThat(uri).doesNotStartWith("/").doesNotStartWith("file:");
        }
    }

    @Test
    void relatedLocationsCodeFlowsAndFingerprints() throws Exception {
        JsonNode r = run(write(new SarifReportWriter(), ReportFixtures.full(root()))).at("/results/1");
        assertThat(r.get("ruleId").asText()).isEqualTo("IDEM001");
        JsonNode related = r.get("relatedLocations");
        assertThat(related).hasSize(2);
        assertThat(related.get(0).get("id").asInt()).isEqualTo(1);
        assertThat(related.get(1).get("id").asInt()).isEqualTo(2);
        assertThat(related.get(0).at("/message/text").asText()).isEqualTo("status DONE written here");
        assertThat(related.get(1).at("/physicalLocation/artifactLocation/uri").asText())
                .isEqualTo("src/main/resources/mapper/TaskMapper.xml");

        JsonNode steps = r.at("/codeFlows/0/threadFlows/0/locations");
        assertThat(steps).hasSize(3);
        assertThat(steps.get(0).at("/location/message/text").asText()).isEqualTo("charge() performs the payment");
        assertThat(steps.get(1).at("/location/physicalLocation/region/startLine").asInt()).isEqualTo(44);
        assertThat(steps.get(2).at("/location/message/text").asText()).isEqualTo("status DONE written");
        assertThat(steps.get(2).get("executionOrder").asInt()).isEqualTo(3);

        assertThat(r.at("/partialFingerprints/idemcheck~1v1").asText())
                .isEqualTo(ReportFixtures.sideEffect().fingerprint()).hasSize(32);
        assertThat(r.get("partialFingerprints").has("primaryLocationLineHash")).isFalse();
        assertThat(r.at("/locations/0/logicalLocations/0/fullyQualifiedName").asText())
                .isEqualTo("com.acme.PayJob#run(List)");

        // a template-only fix goes to properties and the markdown message, not to fixes
        assertThat(r.has("fixes")).isFalse();
        assertThat(r.at("/properties/fixDescription").asText()).startsWith("Claim the task");
        assertThat(r.at("/properties/fixTemplate").asText()).contains("tasks.claim(task.id());");
        assertThat(r.at("/message/markdown").asText()).contains("**Fix:** Claim the task").contains("```java");

        // the note: no related, no flow, no fingerprint, no fix
        JsonNode note = run(write(new SarifReportWriter(), ReportFixtures.full(root()))).at("/results/0");
        assertThat(note.has("relatedLocations")).isFalse();
        assertThat(note.has("codeFlows")).isFalse();
        assertThat(note.has("partialFingerprints")).isFalse();
        assertThat(note.has("fixes")).isFalse();
        assertThat(note.at("/message").has("markdown")).isFalse();
    }

    @Test
    void fixWithEditsBecomesSarifFix() throws Exception {
        JsonNode r = run(write(new SarifReportWriter(), ReportFixtures.full(root()))).at("/results/2");
        JsonNode fixes = r.get("fixes");
        assertThat(fixes).hasSize(1);
        assertThat(fixes.at("/0/description/text").asText()).isEqualTo("Use an upsert keyed by the task id");
        JsonNode changes = fixes.at("/0/artifactChanges");
        assertThat(changes).hasSize(1);
        assertThat(changes.at("/0/artifactLocation/uri").asText()).endsWith("%C3%9Cn%C3%AFc%C3%B6d%C3%A9.java");
        JsonNode reps = changes.at("/0/replacements");
        assertThat(reps).hasSize(2);
        assertThat(reps.at("/0/deletedRegion/startColumn").asInt()).isEqualTo(20);
        assertThat(reps.at("/0/deletedRegion/endColumn").asInt()).isEqualTo(26);
        assertThat(reps.at("/0/insertedContent/text").asText()).isEqualTo("INSERT INTO ledger ON CONFLICT");
        assertThat(reps.at("/1/insertedContent/text").asText()).isEqualTo("// keyed\n");
    }

    @Test
    void diagnosticsBecomeToolExecutionNotifications() throws Exception {
        JsonNode inv = run(write(new SarifReportWriter(), ReportFixtures.full(root()))).at("/invocations/0");
        assertThat(inv.get("executionSuccessful").asBoolean()).isTrue();
        JsonNode n = inv.get("toolExecutionNotifications");
        assertThat(n).hasSize(3);
        assertThat(n.at("/0/level").asText()).isEqualTo("error");
        assertThat(n.at("/0/message/text").asText()).isEqualTo("';' expected");
        assertThat(n.at("/0/descriptor/id").asText()).isEqualTo("PARSE_ERROR");
        assertThat(n.at("/0/locations/0/physicalLocation/artifactLocation/uri").asText())
                .isEqualTo("src/main/java/com/acme/Broken.java");
        assertThat(n.at("/0/locations/0/physicalLocation/region/startLine").asInt()).isEqualTo(3);
        assertThat(n.at("/0/locations/0/physicalLocation/region/startColumn").asInt()).isEqualTo(14);
        assertThat(n.at("/1/level").asText()).isEqualTo("note");
        assertThat(n.at("/1/locations/0/physicalLocation").has("region")).isFalse();
        assertThat(n.at("/2/level").asText()).isEqualTo("note");
        assertThat(n.get(2).has("locations")).isFalse();
    }

    @Test
    void everyDiagnosticKindAndAnEmptyScanAreValid() throws Exception {
        List<Diagnostic> all = new ArrayList<>();
        int line = 1;
        for (Diagnostic.Kind k : Diagnostic.Kind.values()) {
            all.add(new Diagnostic(k, "a b/c" + line + ".java", line, line, k + " happened"));
            line++;
        }
        SarifSchemaValidator.assertValid(write(new SarifReportWriter(), ReportFixtures.of(root(), List.of(), all)));
        SarifSchemaValidator.assertValid(write(new SarifReportWriter(), ReportFixtures.clean(root())));
        ScanResult noRules = new ScanResult(root(), List.of(), List.of(), List.of(), ReportFixtures.stats());
        SarifSchemaValidator.assertValid(write(new SarifReportWriter(), noRules));
    }

    @Test
    void outputIsDeterministic() throws Exception {
        String a = write(new SarifReportWriter(), ReportFixtures.full(root()));
        ScanResult reversed = ReportFixtures.of(root(),
                List.of(ReportFixtures.clock(), ReportFixtures.insert(), ReportFixtures.sideEffect()),
                ReportFixtures.diagnostics());
        assertThat(write(new SarifReportWriter(), reversed)).isEqualTo(a);
    }

    @Test
    void validatorRejectsBrokenSarif() {
        assertThat(SarifSchemaValidator.validate("{\"version\":\"2.1.0\",\"runs\":[{\"tool\":{}}]}")).isNotEmpty();
    }
}
