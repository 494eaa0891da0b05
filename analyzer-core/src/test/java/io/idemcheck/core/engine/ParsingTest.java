package io.idemcheck.core.engine;

import org.junit.jupiter.api.Test;

import java.nio.charset.StandardCharsets;
import java.util.Set;

import static org.assertj.core.api.Assertions.assertThat;

/** Which held test files name an identifier ({@link JavaWords#names}): whole Java identifiers, anywhere in the text. */
class ParsingTest {

    private static boolean names(String text, String... words) {
        return JavaWords.names(text.getBytes(StandardCharsets.UTF_8), Set.of(words));
    }

    @Test
    void aWholeIdentifierInCodeACommentOrAStringCounts() {
        assertThat(names("class T { void t() { job.run(); } }", "run")).isTrue();
        assertThat(names("class T { /* see Job */ }", "Job")).isTrue();
        assertThat(names("class T { String s = \"runJob\"; }", "runJob")).isTrue();
        assertThat(names("class T { void t() { new Job$Inner(); } }", "Job$Inner")).isTrue();
    }

    @Test
    void aPartOfALongerIdentifierDoesNotCount() {
        assertThat(names("class T { JobFixture f; void t() { f.runOnce(); } }", "Job", "run")).isFalse();
        assertThat(names("class T { int run2; }", "run")).isFalse();
        assertThat(names("", "run")).isFalse();
    }

    @Test
    void aNonAsciiIdentifierIsCompared() {
        assertThat(names("class T { void t() { zähler.zählen(); } }", "zählen")).isTrue();
        assertThat(names("class T { void t() { zähler.zählen(); } }", "zähl")).isFalse();
    }

    /** An identifier may be spelled with a Unicode escape, which the text does not show: such a file always counts. */
    @Test
    void aUnicodeEscapeAlwaysCounts() {
        assertThat(names("class T { void t() { job.r\\u0075n(); } }", "nothing")).isTrue();
    }

    private static Set<String> declared(String text) {
        return JavaWords.declaredTypes(text.getBytes(StandardCharsets.UTF_8));
    }

    /** The type names a held file may declare: every class, interface, enum, record and annotation type, nested too. */
    @Test
    void declaredTypesAreTheNamesAfterATypeKeyword() {
        assertThat(declared("package a; public abstract class Base<T> { static final class Inner {} "
                + "interface Api {} enum E { A } record R(int x) {} @interface Ann {} }"))
                .containsExactlyInAnyOrder("Base", "Inner", "Api", "E", "R", "Ann");
        assertThat(declared("class /* a comment */ A {}\nclass // another\n B {}")).containsExactlyInAnyOrder("A", "B");
    }

    /** A class literal, a string or a comment's words are no declaration; a variable named record is none either. */
    @Test
    void classLiteralsStringsAndCommentsDeclareNothing() {
        assertThat(declared("class T { Object o = Job.class; String s = \"class Fake\"; String b = \"\"\"\n"
                + "class Block\"\"\"; char c = '\\''; /* class Old */ // class Older\n void f(Record record) "
                + "{ record.x(); } }")).containsExactly("T");
    }

    /** The identifiers a file uses, wherever they are. */
    @Test
    void identifiersAreEveryWholeWord() {
        assertThat(JavaWords.identifiers("class T extends Base { Works w; } // Fixture".getBytes(StandardCharsets.UTF_8)))
                .containsExactlyInAnyOrder("class", "T", "extends", "Base", "Works", "w", "Fixture");
    }
}
