package io.idemcheck.core.springconfig;

import static org.assertj.core.api.Assertions.assertThat;

import io.idemcheck.core.finding.Diagnostic;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class SpringConfigTest {

    @TempDir
    Path dir;

    private SpringConfig read(String name, String text) throws IOException {
        Path p = dir.resolve(name);
        Files.writeString(p, text);
        return SpringConfig.read(List.of(p), x -> x.getFileName().toString());
    }

    @Test
    void wellFormedYamlHasNoDiagnosticAndFlatKeysAtTheirLines() throws IOException {
        SpringConfig c = read("application.yml", "spring:\n  rabbitmq:\n    listener:\n      simple:\n"
                + "        default-requeue-rejected: false\n");
        assertThat(c.diagnostics()).isEmpty();
        assertThat(c.files()).hasSize(1);
        ConfigEntry e = c.files().get(0).entries().get(0);
        assertThat(e.key()).isEqualTo("spring.rabbitmq.listener.simple.default-requeue-rejected");
        assertThat(e.value()).isEqualTo("false");
        assertThat(e.line()).isEqualTo(5);
    }

    @Test
    void malformedYamlIsAParseErrorAtItsLineAndKeepsTheEntriesBeforeIt() throws IOException {
        SpringConfig c = read("application.yml", "spring:\n  rabbitmq:\n    host: mq\n"
                + "    listener:\n      simple:\n        default-requeue-rejected: [true\n   bad: : :\n");
        assertThat(c.diagnostics()).hasSize(1);
        Diagnostic d = c.diagnostics().get(0);
        assertThat(d.kind()).isEqualTo(Diagnostic.Kind.PARSE_ERROR);
        assertThat(d.path()).isEqualTo("application.yml");
        assertThat(d.line()).isBetween(6, 8);
        assertThat(d.message()).startsWith("malformed YAML: ")
                .endsWith("the settings after this point were not read")
                .doesNotContain("\n");
        assertThat(c.files().get(0).entries()).extracting(ConfigEntry::key)
                .contains("spring.rabbitmq.host");
    }

    @Test
    void aTabIndentIsReportedAtTheLineOfTheTab() throws IOException {
        SpringConfig c = read("application-dev.yml", "a:\n\tb: 1\n");
        assertThat(c.diagnostics()).singleElement().satisfies(d -> {
            assertThat(d.kind()).isEqualTo(Diagnostic.Kind.PARSE_ERROR);
            assertThat(d.line()).isEqualTo(2);
            assertThat(d.column()).isEqualTo(1);
            assertThat(d.message()).contains("TAB").doesNotContain("\n");
        });
        assertThat(c.files().get(0).profile()).isEqualTo("dev");
    }

    @Test
    void propertiesAreNeverASyntaxError() throws IOException {
        SpringConfig c = read("application.properties", "a.b=1\nbroken line without separator\n");
        assertThat(c.diagnostics()).isEmpty();
        assertThat(c.files().get(0).entries()).extracting(ConfigEntry::key).containsExactly("a.b", "broken");
    }
}
