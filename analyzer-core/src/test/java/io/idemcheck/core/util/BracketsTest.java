package io.idemcheck.core.util;

import org.junit.jupiter.api.Test;

import static io.idemcheck.core.util.Brackets.Quotes.JAVA;
import static io.idemcheck.core.util.Brackets.Quotes.SQL;
import static org.assertj.core.api.Assertions.assertThat;

/** {@link Brackets}: splitting at depth 0 outside brackets and quoted text, Java and SQL quoting. */
class BracketsTest {

    @Test
    void splitsArgumentsAtTopLevelCommasOnly() {
        assertThat(Brackets.split("a, f(b, c), new int[]{1, 2}, \"x, y\", ','", ',', JAVA))
                .containsExactly("a", " f(b, c)", " new int[]{1, 2}", " \"x, y\"", " ','");
        assertThat(Brackets.split("", ',', JAVA)).containsExactly("");
        assertThat(Brackets.split("one", ',', JAVA)).containsExactly("one");
    }

    @Test
    void javaEscapesDoNotEndAQuoteSqlQuotesHaveNoEscapes() {
        assertThat(Brackets.split("\"a\\\"+b\" + c + '+'", '+', JAVA)).containsExactly("\"a\\\"+b\" ", " c ", " '+'");
        assertThat(Brackets.split("id INT, name VARCHAR(10) DEFAULT 'a,b', `k,ey` INT", ',', SQL))
                .containsExactly("id INT", " name VARCHAR(10) DEFAULT 'a,b'", " `k,ey` INT");
        // SQL doubles a quote inside a literal: it closes and reopens, so the comma stays inside
        assertThat(Brackets.split("'it''s, fine', x", ',', SQL)).containsExactly("'it''s, fine'", " x");
    }

    @Test
    void aStrayClosingBracketDoesNotHideLaterSeparators() {
        assertThat(Brackets.split("a), b, c", ',', JAVA)).containsExactly("a)", " b", " c");
    }

    @Test
    void closingFindsTheMatchingBracketOrMinusOne() {
        String s = "new FileWriter(name(\"a)\"), true).write(x)";
        assertThat(Brackets.closing(s, s.indexOf('('), JAVA)).isEqualTo(s.indexOf(", true)") + 6);
        assertThat(Brackets.closing("f(a, (b)", 1, JAVA)).isEqualTo(-1);
        assertThat(Brackets.closing("abc", 0, JAVA)).isEqualTo(-1);
        assertThat(Brackets.closing("abc", -1, JAVA)).isEqualTo(-1);
        assertThat(Brackets.closing("CREATE TABLE t (a INT, b VARCHAR(3) DEFAULT ')') ENGINE=x", 15, SQL)).isEqualTo(47);
    }

    @Test
    void callArgsAreTrimmedAndEmptyForNoArgumentsOrAnUnclosedCall() {
        String s = "new FileWriter(path, true)";
        assertThat(Brackets.callArgs(s, s.indexOf('('), JAVA)).containsExactly("path", "true");
        assertThat(Brackets.callArgs("now()", 3, JAVA)).isEmpty();
        assertThat(Brackets.callArgs("new FileWriter(path, tr", 14, JAVA)).isEmpty();
    }
}
