package io.idemcheck.core.engine;

import org.junit.jupiter.api.Test;

import java.nio.charset.StandardCharsets;
import java.util.Set;

import static org.assertj.core.api.Assertions.assertThat;

/** Which held test files name an identifier ({@link Parsing#names}): whole Java identifiers, anywhere in the text. */
class ParsingTest {

    private static boolean names(String text, String... words) {
        return Parsing.names(text.getBytes(StandardCharsets.UTF_8), Set.of(words));
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
}
