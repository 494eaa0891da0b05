package io.idemcheck.maven;

import org.junit.jupiter.api.Test;

import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

class GlobsTest {

    @Test
    void doubleStarSpansFoldersAndMatchesNoFolder() {
        Globs g = Globs.of(List.of("**/*Job.java"));
        assertThat(g.matchesAny("com/acme/SeedJob.java")).isTrue();
        assertThat(g.matchesAny("SeedJob.java")).isTrue();
        assertThat(g.matchesAny("com/acme/Clean.java")).isFalse();
    }

    @Test
    void singleStarStaysInOneSegment() {
        Globs g = Globs.of(List.of("com/*.java"));
        assertThat(g.matchesAny("com/A.java")).isTrue();
        assertThat(g.matchesAny("com/acme/A.java")).isFalse();
    }

    @Test
    void trailingSlashMeansEverythingBelow() {
        Globs g = Globs.of(List.of("com/acme/generated/"));
        assertThat(g.matchesAny("com/acme/generated/x/Y.java")).isTrue();
        assertThat(g.matchesAny("com/acme/Y.java")).isFalse();
    }

    @Test
    void commaSeparatedEntriesAndAnyCandidatePath() {
        Globs g = Globs.of(List.of("a/B.java, src/main/java/c/D.java", " "));
        assertThat(g.isEmpty()).isFalse();
        assertThat(g.matchesAny("x/B.java", "a/B.java")).isTrue();
        assertThat(g.matchesAny("c/D.java", "src/main/java/c/D.java")).isTrue();
        assertThat(g.matchesAny("c/E.java", "src/main/java/c/E.java")).isFalse();
        assertThat(Globs.of(null).isEmpty()).isTrue();
    }

    @Test
    void regexCharactersAreLiteral() {
        Globs g = Globs.of(List.of("a+b/(x).java"));
        assertThat(g.matchesAny("a+b/(x).java")).isTrue();
        assertThat(g.matchesAny("aab/x.java")).isFalse();
    }

    @Test
    void backslashesAndLeadingDotSlashesAreWhatAPomMayWrite() {
        Globs g = Globs.of(List.of("././com\\acme\\**\\*Job.java"));
        assertThat(g.matchesAny("com/acme/SeedJob.java")).isTrue();
        assertThat(g.matchesAny("com/acme/x/SeedJob.java")).isTrue();
        assertThat(g.matchesAny("org/acme/SeedJob.java")).isFalse();
    }
}
