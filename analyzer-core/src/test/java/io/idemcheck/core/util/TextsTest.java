package io.idemcheck.core.util;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

class TextsTest {

    @Test
    void pluralAddsAnSExceptForOne() {
        assertThat(Texts.plural(0, "finding")).isEqualTo("0 findings");
        assertThat(Texts.plural(1, "file")).isEqualTo("1 file");
        assertThat(Texts.plural(12L, "error")).isEqualTo("12 errors");
    }

    @Test
    void oneLineJoinsLinesAndKeepsBlanksWithinALine() {
        assertThat(Texts.oneLine("  a  b\n   c\r\nd \r e  ")).isEqualTo("a  b c d e");
        assertThat(Texts.oneLine(null)).isEmpty();
        assertThat(Texts.oneLine("")).isEmpty();
    }

    @Test
    void firstLineIsTheFirstNonBlankLineStripped() {
        assertThat(Texts.firstLine("index exploded\nsecond line")).isEqualTo("index exploded");
        assertThat(Texts.firstLine("  \n  x.yml:3: bad \r\nmore")).isEqualTo("x.yml:3: bad");
        assertThat(Texts.firstLine(null)).isEmpty();
        assertThat(Texts.firstLine("one")).isEqualTo("one");
    }
}
