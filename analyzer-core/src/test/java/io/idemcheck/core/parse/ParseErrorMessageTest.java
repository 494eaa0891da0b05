package io.idemcheck.core.parse;

import io.idemcheck.core.discovery.SourceFile;
import io.idemcheck.core.finding.Diagnostic;
import org.junit.jupiter.api.Test;

import java.nio.charset.StandardCharsets;
import java.nio.file.Path;

import static org.assertj.core.api.Assertions.assertThat;

/** A file that does not parse gets a diagnostic in a few words, at the position where the parser gave up. */
class ParseErrorMessageTest {

    private static Diagnostic parse(String source) {
        SourceFile f = new SourceFile(Path.of("A.java"), "src/main/java/x/A.java", SourceFile.Kind.JAVA, false);
        JavaSourceParser.Result r = new JavaSourceParser().parse(f, source.getBytes(StandardCharsets.UTF_8));
        assertThat(r.facts()).isNull();
        assertThat(r.diagnostics()).hasSize(1);
        return r.diagnostics().get(0);
    }

    @Test
    void aMissingExpressionNamesTheTokenFoundAndTheFirstFewExpected() {
        Diagnostic d = parse("package x;\npublic class A { void f() { int x = ; } }\n");
        assertThat(d.kind()).isEqualTo(Diagnostic.Kind.PARSE_ERROR);
        assertThat(d.line()).isEqualTo(2);
        assertThat(d.message()).matches("found \";\" where the parser expected one of \\d+ tokens \\(\"!\", \"\\(\", "
                + "\"\\+\", \\.\\.\\.\\)").hasSizeLessThan(120);
    }

    @Test
    void aSingleExpectedTokenIsNamedAlone() {
        assertThat(JavaSourceParser.parseMessage("(line 3,col 14) Parse error. Found \"}\", expected \";\""))
                .isEqualTo("found \"}\" where the parser expected \";\"");
        assertThat(JavaSourceParser.parseMessage("Parse error. Found <EOF>, expected one of \";\" \"}\""))
                .isEqualTo("found <EOF> where the parser expected one of \";\", \"}\"");
    }

    @Test
    void aTextBlockTokenIsOneToken() {
        assertThat(JavaSourceParser.parseMessage("(line 1,col 1) Parse error. Found \"x\", expected one of "
                + "\"\\\"\\\"\\\"\" \"a\" \"b\" \"c\" \"d\""))
                .isEqualTo("found \"x\" where the parser expected one of 5 tokens (\"\\\"\\\"\\\"\", \"a\", \"b\", ...)");
    }

    /** A lexical error carries no location in JavaParser's problem, only in its text: the diagnostic is placed there. */
    @Test
    void aLexicalErrorIsAtTheLineAndColumnItsMessageNames() {
        Diagnostic unterminated = parse("package x;\nclass A {\n  void f() {\n    String s = \"abc\n  }\n}\n");
        assertThat(unterminated.kind()).isEqualTo(Diagnostic.Kind.PARSE_ERROR);
        assertThat(unterminated.line()).isEqualTo(4);
        assertThat(unterminated.column()).isEqualTo(20);
        assertThat(unterminated.message()).startsWith("lexical error: Encountered").doesNotContain("at line");
        Diagnostic hash = parse("package x;\nclass B {\n  void f() {\n    int x = 1; #\n  }\n}\n");
        assertThat(hash.line()).isEqualTo(4);
        assertThat(hash.column()).isEqualTo(16);
        assertThat(hash.message()).isEqualTo("lexical error: Encountered: \"#\" (35), after : \"\"");
    }

    @Test
    void anotherShapeIsItsFirstLineCut() {
        assertThat(JavaSourceParser.parseMessage("Lexical error at line 1\nmore")).isEqualTo("Lexical error at line 1");
        assertThat(JavaSourceParser.parseMessage("x".repeat(400))).hasSize(303).endsWith("...");
    }
}
