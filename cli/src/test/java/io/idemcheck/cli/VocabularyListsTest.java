package io.idemcheck.cli;

import io.idemcheck.core.config.ConfigLoader;
import io.idemcheck.core.config.ProjectConfig;
import io.idemcheck.core.facts.EffectKind;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The lists a user reads agree with the code (issue 15 trial: the init template left out file and db-increment,
 * docs/explain.md db-increment and file, explain --help the roles completion and runtime); a file argument that is not
 * Java is a usage error, not "1 file" next to "no Java source files found".
 */
class VocabularyListsTest {

    @TempDir
    Path tmp;

    private static List<String> backticked(String text) {
        List<String> out = new ArrayList<>();
        Matcher m = Pattern.compile("`([a-z-]+)`").matcher(text);
        while (m.find()) {
            out.add(m.group(1));
        }
        return out;
    }

    @Test
    void everyListOfEffectKindsIsEffectKind() throws Exception {
        Path docs = Path.of("..", "docs");
        String config = Files.readString(docs.resolve("configuration.md"));
        Matcher c = Pattern.compile("`kind` is one of ([^(]*)\\(").matcher(config);
        assertThat(c.find()).isTrue();
        assertThat(backticked(c.group(1))).containsExactlyElementsOf(EffectKind.labels());
        String explain = Files.readString(docs.resolve("explain.md"));
        Matcher e = Pattern.compile("\\*\\*effect\\*\\*: `kind` \\(([^)]*)\\)").matcher(explain);
        assertThat(e.find()).isTrue();
        assertThat(backticked(e.group(1))).containsExactlyElementsOf(EffectKind.labels());
        Matcher t = Pattern.compile("repeat \\(kind: ([^)]*)\\)").matcher(InitCommand.TEMPLATE);
        assertThat(t.find()).isTrue();
        assertThat(List.of(t.group(1).split(", "))).containsExactlyElementsOf(EffectKind.labels());
    }

    @Test
    void theInitTemplateIsAValidConfigurationWithEveryKey() throws Exception {
        Path yml = Files.writeString(tmp.resolve("idemcheck.yml"), InitCommand.TEMPLATE);
        ProjectConfig c = ConfigLoader.load(yml);
        assertThat(c.entryPoints()).isEmpty();
        assertThat(c.inProgressValues()).isEmpty();
        for (String key : ConfigLoader.KEYS) {
            assertThat(InitCommand.TEMPLATE).as(key).containsPattern("(?m)^" + key + ":");
        }
        assertThat(InitCommand.TEMPLATE).contains("# Terminal (completion) states", "# In-progress states");
    }

    @Test
    void explainHelpListsEveryRole() {
        CliRun r = CliRun.of("explain", "--help");
        String help = r.out().replaceAll("\\s+", " ");
        assertThat(help).contains("(effect, record, claim, completion, key, lock, read, write, runtime)");
    }

    @Test
    void aFileArgumentThatIsNotJavaIsAUsageError() throws Exception {
        Path pom = Files.writeString(tmp.resolve("pom.xml"), "<project/>\n");
        CliRun r = CliRun.of("scan", pom.toString());
        assertThat(r.code()).isEqualTo(ExitCode.USAGE);
        assertThat(r.err()).isEqualTo("idemcheck: error: path '" + pom + "' is not a Java source file: idemcheck "
                + "analyses .java files (with the mapper XML, SQL and Spring configuration of the project); scan the "
                + "project's folder, or a .java file" + System.lineSeparator());
        // a .java file next to it is analysed as before
        Path java = Files.writeString(tmp.resolve("Job.java"), "class Job {}\n");
        assertThat(CliRun.of("scan", java.toString(), pom.toString()).code()).isEqualTo(ExitCode.OK);
    }
}
