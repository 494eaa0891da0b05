package io.idemcheck.core.cache;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

/** The cache-path checks the CLI's --cache and the Maven plugin's cacheFile share. */
class CacheFileCheckTest {

    @TempDir
    Path tmp;

    @Test
    void emptyOrBlankPathsAreEmpty() {
        CacheFileCheck.Problem empty = new CacheFileCheck.Problem(CacheFileCheck.Kind.EMPTY,
                "the path is empty; give a file");
        assertThat(CacheFileCheck.problem("", null, List.of())).contains(empty);
        assertThat(CacheFileCheck.problem(" ", null, List.of())).contains(empty);
        // Maven resolves a blank -Didemcheck.cacheFile=" " against the base directory: a file named " "
        assertThat(CacheFileCheck.problem(tmp.resolve(" ").toString(), tmp.resolve(" "), List.of())).contains(empty);
        assertThat(CacheFileCheck.problem(tmp.resolve("\t").toString(), tmp.resolve("\t"), List.of()))
                .contains(empty);
    }

    @Test
    void aDirectoryIsNoCache() {
        assertThat(CacheFileCheck.problem("d", tmp, List.of())).contains(new CacheFileCheck.Problem(
                CacheFileCheck.Kind.DIRECTORY, "'d' is a directory; give a file"));
        assertThat(CacheFileCheck.problem("/", Path.of("/"), List.of()).orElseThrow().kind())
                .isEqualTo(CacheFileCheck.Kind.DIRECTORY);
    }

    @Test
    void theFirstOtherUseOfTheSameFileIsNamed() throws IOException {
        Path cache = tmp.resolve("c.json");
        Path link = Files.createSymbolicLink(tmp.resolve("link.json"), cache);
        Files.writeString(cache, "{}");
        List<CacheFileCheck.Use> others = List.of(new CacheFileCheck.Use("the report", null),
                new CacheFileCheck.Use("the baseline", tmp.resolve("x/../link.json")),
                new CacheFileCheck.Use("the configuration", cache));
        assertThat(CacheFileCheck.problem("c.json", cache, others)).contains(new CacheFileCheck.Problem(
                CacheFileCheck.Kind.SHARED, "'c.json' is also the baseline; give the cache a file of its own"));
        assertThat(CacheFileCheck.problem("n", tmp.resolve("n"), others)).isEmpty();
        assertThat(CacheFileCheck.sameFile(cache, link)).isTrue();
        assertThat(CacheFileCheck.sameFile(cache, null)).isFalse();
        assertThat(CacheFileCheck.sameFile(tmp.resolve("a"), tmp.resolve("b"))).isFalse(); // neither exists
        assertThat(CacheFileCheck.sameFile(tmp.resolve("a"), tmp.resolve("q/../a"))).isTrue();
    }
}
