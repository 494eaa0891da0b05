package io.idemcheck.maven;

import io.idemcheck.core.finding.Diagnostic;
import io.idemcheck.core.finding.ScanResult;
import io.idemcheck.core.finding.ScanStats;
import org.junit.jupiter.api.Test;

import java.nio.file.Path;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

/** failOnError fails the build with the CLI's one line about internal errors, or the count of files not analysed. */
class FailOnErrorMessageTest {

    private static ScanResult result(Diagnostic... diagnostics) {
        return new ScanResult(Path.of("/p"), List.of(), List.of(), List.of(diagnostics), new ScanStats(3, 0, 3, 0, 0, 5));
    }

    private static Diagnostic ruleFailed(String rule, String method, String path, int line) {
        return new Diagnostic(Diagnostic.Kind.INTERNAL_ERROR, path, line, 0, "rule " + rule + " failed on " + method,
                rule, method);
    }

    @Test
    void internalErrorsGiveTheCliLine() {
        ScanResult r = result(ruleFailed("IDEM008", "a.B#c()", "src/B.java", 3),
                ruleFailed("IDEM004", "a.B#c()", "src/B.java", 3),
                ruleFailed("IDEM004", "a.B#d()", "src/B.java", 9));
        assertThat(AbstractIdemcheckMojo.analysisErrorMessage(r, "target/idemcheck/idemcheck.sarif"))
                .contains("idemcheck: 3 internal errors in 2 methods (IDEM004, IDEM008); details in "
                        + "target/idemcheck/idemcheck.sarif");
    }

    @Test
    void parseErrorsAloneCountFiles() {
        ScanResult r = result(new Diagnostic(Diagnostic.Kind.PARSE_ERROR, "src/X.java", 1, 1, "';' expected"));
        assertThat(AbstractIdemcheckMojo.internalErrorLine(r, "x")).isEmpty();
        assertThat(AbstractIdemcheckMojo.analysisErrorMessage(r, "x")).contains("idemcheck: 1 file could not be analysed; see x");
    }

    @Test
    void nothingWhenEverythingWasAnalysed() {
        ScanResult r = result(new Diagnostic(Diagnostic.Kind.INFO, null, 0, 0, "fine"));
        assertThat(AbstractIdemcheckMojo.analysisErrorMessage(r, "x")).isEmpty();
    }
}
