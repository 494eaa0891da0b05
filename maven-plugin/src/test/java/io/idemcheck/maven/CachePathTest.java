package io.idemcheck.maven;

import io.idemcheck.core.report.ReportFormat;
import org.apache.maven.plugin.MojoExecutionException;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.File;
import java.nio.file.Path;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** The mojo's cacheFile resolution: the CLI's --cache checks, in the plugin's words. */
class CachePathTest {

    @TempDir
    Path tmp;

    private CheckMojo mojo(File cacheFile) {
        CheckMojo m = new CheckMojo();
        m.cache = true;
        m.cacheFile = cacheFile;
        m.outputDirectory = tmp.resolve("target/idemcheck").toFile();
        return m;
    }

    @Test
    void aBlankPathIsTheSameUsageErrorAsAnEmptyOne() {
        String empty = "idemcheck: cacheFile: the path is empty; give a file (or -Didemcheck.cache=false)";
        assertThatThrownBy(() -> mojo(new File("")).cachePath(List.of()))
                .isInstanceOf(MojoExecutionException.class).hasMessage(empty);
        assertThatThrownBy(() -> mojo(new File(" ")).cachePath(List.of()))
                .isInstanceOf(MojoExecutionException.class).hasMessage(empty);
        // what Maven hands over for -Didemcheck.cacheFile=" ": the value resolved against the base directory (this
        // wrote a file named " ")
        assertThatThrownBy(() -> mojo(new File(tmp.toFile(), " ")).cachePath(List.of()))
                .isInstanceOf(MojoExecutionException.class).hasMessage(empty);
    }

    @Test
    void aDirectoryOrAReportIsNoCacheAndAFileOfItsOwnIs() throws MojoExecutionException {
        assertThatThrownBy(() -> mojo(tmp.toFile()).cachePath(List.of()))
                .hasMessage("idemcheck: cacheFile: '" + tmp + "' is a directory; give a file "
                        + "(or -Didemcheck.cache=false)");
        File sarif = tmp.resolve("target/idemcheck/idemcheck.sarif").toFile();
        assertThatThrownBy(() -> mojo(sarif).cachePath(List.of(ReportFormat.JSON, ReportFormat.SARIF)))
                .hasMessage("idemcheck: cacheFile: '" + sarif + "' is also the sarif report; give the cache a file "
                        + "of its own");
        CheckMojo withBaseline = mojo(tmp.resolve("b.json").toFile());
        withBaseline.baselineFile = tmp.resolve("x/../b.json").toFile();
        assertThatThrownBy(() -> withBaseline.cachePath(List.of()))
                .hasMessage("idemcheck: cacheFile: '" + tmp.resolve("b.json") + "' is also the baselineFile; give "
                        + "the cache a file of its own");
        Path own = tmp.resolve("target/idemcheck/cache");
        assertThat(mojo(own.toFile()).cachePath(List.of(ReportFormat.SARIF))).isEqualTo(own);
        CheckMojo off = mojo(new File(" "));
        off.cache = false;
        assertThat(off.cachePath(List.of())).isNull();
    }
}
