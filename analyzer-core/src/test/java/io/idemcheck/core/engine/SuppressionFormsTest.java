package io.idemcheck.core.engine;

import io.idemcheck.core.model.Project;
import io.idemcheck.core.config.ConfigLoader;
import io.idemcheck.core.config.ProjectConfig;
import io.idemcheck.core.finding.Finding;
import io.idemcheck.core.finding.Location;
import io.idemcheck.core.finding.ScanResult;
import io.idemcheck.core.finding.Severity;
import io.idemcheck.core.finding.SuppressedFinding;
import io.idemcheck.core.rule.Rule;
import io.idemcheck.core.rule.RuleContext;
import io.idemcheck.core.rule.RuleInfo;
import io.idemcheck.core.rule.RuleRegistry;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;

import static org.assertj.core.api.Assertions.assertThat;

/** Every suppression form, with a probe rule that flags each line containing "FLAG" in Java, XML and SQL files. */
class SuppressionFormsTest {

    @RuleInfo(id = "IDEM900", name = "FlagProbe", summary = "Flags FLAG", severity = Severity.WARNING)
    static final class FlagProbe implements Rule {
        @Override
        public void check(RuleContext ctx) {
            Project p = ctx.project();
            List<Path> files = new ArrayList<>(p.resources());
            p.files().forEach(f -> files.add(f.path()));
            for (Path f : files) {
                List<String> lines;
                try {
                    lines = Files.readAllLines(f);
                } catch (IOException e) {
                    throw new UncheckedIOException(e);
                }
                String rel = p.sourceRoot().relativize(f).toString().replace('\\', '/');
                String enclosing = p.files().stream().filter(x -> x.path().equals(f)).findFirst()
                        .map(x -> x.types().get(0).fqn() + "#" + x.types().get(0).methods().get(0).signature())
                        .orElse(rel);
                for (int i = 0; i < lines.size(); i++) {
                    int col = lines.get(i).indexOf("FLAG");
                    if (col >= 0 && !lines.get(i).contains("idemcheck:ignore")
                            || col >= 0 && lines.get(i).indexOf("idemcheck:ignore") > col) {
                        ctx.finding(new Location(rel, i + 1, col + 1, i + 1, col + 5, null))
                                .message("flag").enclosing(enclosing).construct(lines.get(i).trim()).report();
                    }
                }
            }
        }
    }

    @TempDir
    Path root;

    ScanResult scan(String yaml) throws IOException {
        Files.createDirectories(root.resolve(".git"));
        ProjectConfig config = ProjectConfig.NONE;
        if (yaml != null) {
            Files.writeString(root.resolve("idemcheck.yml"), yaml);
            config = ConfigLoader.load(root.resolve("idemcheck.yml"));
        }
        return new Analyzer().scan(new ScanRequest(List.of(root), root, 1, RuleRegistry.of(List.of(new FlagProbe())),
                ProgressListener.NONE, config));
    }

    void write(String rel, String text) throws IOException {
        Path f = root.resolve(rel);
        Files.createDirectories(f.getParent());
        Files.writeString(f, text);
    }

    static Stream<String> where(List<Finding> fs) {
        return fs.stream().map(f -> f.ruleId() + " " + f.primary().path() + ":" + f.primary().startLine());
    }

    @Test
    void javaCommentOnTheLineOrAboveWithReason() throws IOException {
        write("src/A.java", """
                class A {
                    void run() {
                        x.FLAG(); // idemcheck:ignore IDEM900 -- downstream dedupes on order_no
                        // idemcheck:ignore FlagProbe -- reviewed in PR 12
                        x.FLAG();
                        x.FLAG(); // idemcheck:ignore IDEM900
                        x.FLAG();
                    }
                }
                """);
        ScanResult r = scan(null);
        assertThat(where(r.findings())).containsExactly("IDEM900 src/A.java:6", "IDEM000 src/A.java:6",
                "IDEM900 src/A.java:7");
        assertThat(r.suppressed()).extracting(SuppressedFinding::justification)
                .containsExactly("downstream dedupes on order_no", "reviewed in PR 12");
        assertThat(r.suppressed()).allMatch(s -> s.kind() == SuppressedFinding.Kind.COMMENT);
        assertThat(r.findings().get(1).message()).contains("without a reason");
        assertThat(r.rules()).extracting(d -> d.id()).containsExactly("IDEM000", "IDEM900");
    }

    @Test
    void xmlAndSqlComments() throws IOException {
        write("src/main/resources/mapper/TaskMapper.xml", """
                <mapper namespace="com.acme.TaskMapper">
                  <!-- idemcheck:ignore IDEM900 -- the job that uses it runs once a year, by hand -->
                  <update id="finish">
                    UPDATE task SET FLAG = 'DONE'
                    WHERE id = #{id}
                  </update>
                  <update id="other">UPDATE task SET FLAG = 1</update>
                </mapper>
                """);
        write("db/migration/V1__task.sql", """
                -- idemcheck:ignore IDEM900 -- table owned by the billing team
                CREATE TABLE task (
                  id BIGINT PRIMARY KEY,
                  FLAG VARCHAR(10)
                );
                CREATE TABLE other (FLAG INT);
                """);
        ScanResult r = scan(null);
        assertThat(where(r.findings())).containsExactly("IDEM900 db/migration/V1__task.sql:6",
                "IDEM900 src/main/resources/mapper/TaskMapper.xml:7");
        assertThat(r.suppressed()).extracting(s -> s.finding().primary().startLine()).containsExactly(4, 4);
    }

    @Test
    void onlyRealCommentsAreMarkersInJava() throws IOException {
        // a marker in a string, a text block, Javadoc or a comment's prose suppressed the line below it, or was an
        // unused suppression (IDEM000); comments of their own still count, also after a string holding the word
        write("src/N.java", """
                class N {
                    void run() {
                        String a = "// idemcheck:ignore IDEM900 -- in a string";
                        x.FLAG();
                        String b = \"""
                            // idemcheck:ignore IDEM900 -- in a text block
                            \""";
                        x.FLAG();
                        /**
                         * idemcheck:ignore IDEM900 -- in Javadoc
                         */
                        x.FLAG();
                        /** Write idemcheck:ignore IDEM900 -- reason, above the line. */
                        x.FLAG();
                        // see the docs: idemcheck:ignore IDEM900 -- prose in a comment
                        x.FLAG();
                        char q = '"'; String c = "http://host/ idemcheck:ignore IDEM900 -- in a URL";
                        x.FLAG();
                    }
                    void ok() {
                        x.FLAG("idemcheck:ignore"); // idemcheck:ignore IDEM900 -- after a string with the word
                        x.FLAG(); /* idemcheck:ignore IDEM900 -- block comment */
                        /*
                         * idemcheck:ignore IDEM900 -- multi-line block comment
                         */
                        x.FLAG();
                    }
                }
                """);
        ScanResult r = scan(null);
        assertThat(where(r.findings())).containsExactly("IDEM900 src/N.java:4", "IDEM900 src/N.java:8",
                "IDEM900 src/N.java:12", "IDEM900 src/N.java:14", "IDEM900 src/N.java:16", "IDEM900 src/N.java:18");
        assertThat(r.suppressed()).extracting(x -> x.finding().primary().startLine() + " " + x.justification())
                .containsExactly("21 after a string with the word", "22 block comment",
                        "26 multi-line block comment");
    }

    @Test
    void onlyRealCommentsAreMarkersInXmlAndSql() throws IOException {
        write("src/main/resources/mapper/M.xml", """
                <mapper namespace="com.acme.M">
                  <update id="a"><![CDATA[
                    idemcheck:ignore IDEM900 -- text in CDATA
                    UPDATE t SET FLAG = 1
                  ]]></update>
                  <update id="b">
                    idemcheck:ignore IDEM900 -- text of an element
                    UPDATE t SET FLAG = 2
                  </update>
                  <!--
                    idemcheck:ignore IDEM900 -- multi-line XML comment
                  -->
                  <update id="c">UPDATE t SET FLAG = 3</update>
                </mapper>
                """);
        write("db/V2__t.sql", """
                INSERT INTO t VALUES ('-- idemcheck:ignore IDEM900 -- in a string');
                UPDATE t SET FLAG = 1;
                /* idemcheck:ignore IDEM900 -- block comment */
                UPDATE t SET FLAG = 2;
                """);
        ScanResult r = scan(null);
        assertThat(where(r.findings())).containsExactly("IDEM900 db/V2__t.sql:2",
                "IDEM900 src/main/resources/mapper/M.xml:4", "IDEM900 src/main/resources/mapper/M.xml:8");
        assertThat(r.suppressed()).extracting(x -> x.finding().primary().path() + ":"
                + x.finding().primary().startLine()).containsExactly("db/V2__t.sql:4",
                "src/main/resources/mapper/M.xml:13");
    }

    @Test
    void fieldAnnotationCoversCallsOnTheField() throws IOException {
        write("src/B.java", """
                class B {
                    @SuppressWarnings("idemcheck:IDEM900")
                    private Client legacy;
                    private Client other;
                    void run() {
                        legacy.FLAG();
                        other.FLAG();
                    }
                }
                """);
        ScanResult r = scan(null);
        assertThat(where(r.findings())).containsExactly("IDEM900 src/B.java:7");
        assertThat(r.suppressed()).singleElement().satisfies(s -> {
            assertThat(s.kind()).isEqualTo(SuppressedFinding.Kind.ANNOTATION);
            assertThat(s.finding().primary().startLine()).isEqualTo(6);
        });
    }

    @Test
    void methodAnnotationAndUnusedOnes() throws IOException {
        write("src/C.java", """
                class C {
                    @SuppressWarnings("idemcheck:IDEM900")
                    void run() {
                        x.FLAG();
                    }
                    @SuppressWarnings("idemcheck")
                    void clean() {
                        // idemcheck:ignore IDEM900 -- stale
                        x.call();
                    }
                }
                """);
        ScanResult r = scan(null);
        assertThat(r.suppressed()).hasSize(1);
        assertThat(where(r.findings())).containsExactly("IDEM000 src/C.java:6", "IDEM000 src/C.java:8");
        assertThat(r.findings()).allMatch(f -> f.severity() == Severity.NOTE && f.message().contains("suppresses nothing"));
    }

    @Test
    void configSuppressionByRuleAndPathAndUnusedEntry() throws IOException {
        write("vendor/D.java", "class D { void run() { x.FLAG(); } }\n");
        write("src/E.java", "class E { void run() { x.FLAG(); } }\n");
        ScanResult r = scan("""
                suppressions:
                  - rule: IDEM900
                    path: "vendor/**"
                    reason: "vendored code, not ours"
                  - rule: all
                    path: "gone/**"
                    reason: "removed last year"
                """);
        assertThat(where(r.findings())).containsExactly("IDEM000 idemcheck.yml:5", "IDEM900 src/E.java:1");
        assertThat(r.suppressed()).singleElement().satisfies(s -> {
            assertThat(s.kind()).isEqualTo(SuppressedFinding.Kind.CONFIG);
            assertThat(s.justification()).isEqualTo("vendored code, not ours");
            assertThat(s.where()).isEqualTo("idemcheck.yml:2");
        });
    }

    @Test
    void configRulesAndGlobs() throws IOException {
        write("src/E.java", "class E { void run() { x.FLAG(); } }\n");
        write("src/generated/G.java", "class G { void run() { x.FLAG(); } }\n");
        ScanResult r = scan("rules:\n  IDEM900: error\nexclude: [\"**/generated/**\"]\n");
        assertThat(where(r.findings())).containsExactly("IDEM900 src/E.java:1");
        assertThat(r.findings().get(0).severity()).isEqualTo(Severity.ERROR);
        assertThat(r.rules().get(0).defaultSeverity()).isEqualTo(Severity.ERROR);
        assertThat(scan("rules:\n  FlagProbe: off\n").findings()).isEmpty();
    }
}
