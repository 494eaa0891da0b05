package io.idemcheck.core.report;

import io.idemcheck.core.finding.ScanResult;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.StringWriter;
import java.nio.file.Path;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

class TextReportWriterTest {

    @TempDir
    Path tmp;

    private static String write(ScanResult r) throws Exception {
        StringWriter sw = new StringWriter();
        new TextReportWriter().write(r, sw);
        return sw.toString();
    }

    @Test
    void compilerStyleBlocksDiagnosticsAndSummary() throws Exception {
        String text = write(ReportFixtures.full(tmp));
        assertThat(text).isEqualTo("""
                src/main/java/com/acme/Pay Job.java:20:13: note: [IDEM003] work is selected with now(); a restart picks a different set
                \tList<Task> t = select(now());
                \t           ^~~~~~~~~~~
                src/main/java/com/acme/Pay Job.java:42:9: warning: [IDEM001] payments.charge(card) runs before the task is marked DONE; a crash in between charges again on restart
                        payments.charge(card);
                        ^~~~~~~~~~~~~~~~~~~~~
                  fix: Claim the task (status IN_PROGRESS) before charging, and pass an idempotency key
                      tasks.claim(task.id());
                      payments.charge(card, task.idempotencyKey());
                  src/main/java/com/acme/Pay Job.java:47:9: note: status DONE written here
                  src/main/resources/mapper/TaskMapper.xml:12:5: note: UPDATE task SET status = 'DONE'
                src/main/java/com/acme/Ünïcödé.java:7:5: error: [IDEM002] INSERT INTO ledger has no natural key; a restart inserts the row twice
                  fix: Use an upsert keyed by the task id
                src/main/java/com/acme/Broken.java:3:14: error: could not parse: ';' expected
                src/main/kotlin/A.kt: note: not analysed: Kotlin is not analysed
                idemcheck: note: call-graph depth limit 12 reached
                idemcheck: 14 files, 3 findings (1 error, 1 warning, 1 note), 1 file not analysed, 0.4 s
                """);
    }

    @Test
    void cleanSummary() throws Exception {
        assertThat(write(ReportFixtures.clean(tmp)))
                .isEqualTo("idemcheck: 5 files, 0 findings (0 errors, 0 warnings, 0 notes), 0 files not analysed, 0.1 s\n");
    }

    @Test
    void aReusedResultSaysSoOnTheSummaryLine() throws Exception {
        ScanResult r = new ScanResult(tmp, ReportFixtures.rules(), List.of(), List.of(),
                new io.idemcheck.core.finding.ScanStats(5, 1, 0, 0, 0, 80, 0, 5, true));
        assertThat(write(r)).isEqualTo("idemcheck: 5 files, 0 findings (0 errors, 0 warnings, 0 notes), 0 files not "
                + "analysed, 0.1 s (result reused from the analysis cache)\n");
        ScanResult ran = new ScanResult(tmp, ReportFixtures.rules(), List.of(), List.of(),
                new io.idemcheck.core.finding.ScanStats(5, 1, 1, 0, 0, 80, 300, 4));
        assertThat(TextReportWriter.summaryLine(ran)).endsWith("0.1 s"); // some files from the cache: a scan that ran
    }

    @Test
    void summaryCountsFilesWithBlockingDiagnostics() {
        ScanResult r = ReportFixtures.of(tmp, List.of(), List.of(ReportFixtures.parseError(),
                new io.idemcheck.core.finding.Diagnostic(io.idemcheck.core.finding.Diagnostic.Kind.IO_ERROR,
                        "x/Y.java", 0, 0, "permission denied"),
                new io.idemcheck.core.finding.Diagnostic(io.idemcheck.core.finding.Diagnostic.Kind.PARSE_ERROR,
                        "x/Z.java", 1, 1, "bad")));
        assertThat(TextReportWriter.summaryLine(r)).contains("3 files not analysed");
    }
}
