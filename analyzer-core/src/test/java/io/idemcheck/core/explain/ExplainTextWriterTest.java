package io.idemcheck.core.explain;

import org.junit.jupiter.api.Test;

import java.io.StringWriter;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

/** {@link ExplainTextWriter}'s header lines, on a hand-built {@link Explanation}. */
class ExplainTextWriterTest {

    @Test
    void diagnosticsPrintUnderTheHeaderAsDiagnosticWithTheirLineNotAsNotes() throws Exception {
        Explanation e = new Explanation(Explanation.SCHEMA_VERSION, "idemcheck test", "/src", "app",
                "app/V1__init.sql", 17, List.of(), List.of("line 17: a statement idemcheck could not parse",
                "file-wide remark"));
        StringWriter out = new StringWriter();
        new ExplainTextWriter().write(e, out);
        assertThat(out.toString().lines().toList()).containsExactly(
                "explain app/V1__init.sql:17   (project: app)",
                "  diagnostic: line 17: a statement idemcheck could not parse",
                "  diagnostic: file-wide remark");
    }
}
