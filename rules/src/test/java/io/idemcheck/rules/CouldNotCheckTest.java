package io.idemcheck.rules;

import io.idemcheck.core.engine.Analyzer;
import io.idemcheck.core.engine.ProgressListener;
import io.idemcheck.core.engine.ScanRequest;
import io.idemcheck.core.finding.Diagnostic;
import io.idemcheck.core.finding.ScanResult;
import io.idemcheck.core.rule.Rule;
import io.idemcheck.core.rule.RuleRegistry;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Rules that need the whole project (tests for IDEM007, SQL for IDEM008 and IDEM012) say once that they could not be
 * checked, as a diagnostic about the scan, instead of a finding about the code.
 */
class CouldNotCheckTest {

    @ParameterizedTest
    @CsvSource({
            "MissingKillMidwayTest, Neg20_NoTestSourcesAtAllIsADiagnostic, IDEM007, no test sources",
            "StaleRunningNotRecovered, Neg20_NoSqlVisibleAtAllIsADiagnostic.java, IDEM008, no SQL",
            "NoReconciliation, Neg20_NoSqlVisibleIsADiagnostic.java, IDEM012, no SQL"})
    void saysOnceThatItCouldNotCheck(String rule, String caseName, String id, String reason) throws Exception {
        Rule r = RuleRegistry.load().rules().stream().filter(x -> x.info().name().equals(rule)).findFirst()
                .orElseThrow();
        Path c = Path.of("src/test/resources/rules", rule, caseName);
        Path root = Files.isDirectory(c) ? c : c.getParent();
        ScanResult result = new Analyzer().scan(new ScanRequest(List.of(c), root, 1, RuleRegistry.of(List.of(r)),
                ProgressListener.NONE));
        assertThat(result.findings()).isEmpty();
        assertThat(result.diagnostics()).filteredOn(d -> d.message().startsWith(id + " ")).singleElement()
                .satisfies(d -> {
                    assertThat(d.kind()).isEqualTo(Diagnostic.Kind.INFO);
                    assertThat(d.message()).contains("could not be checked").contains(reason);
                    assertThat(d.path()).isNotNull();
                });
        assertThat(result.hasAnalysisErrors()).isFalse();
    }
}
