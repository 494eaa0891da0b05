package io.idemcheck.core.report;

import org.junit.jupiter.api.Test;

import java.nio.file.Path;

import static org.assertj.core.api.Assertions.assertThat;

class ReportUrisTest {

    @Test
    void relativeUrisAreEncodedPerSegment() {
        assertThat(ReportUris.relative("src/main/java/A.java")).isEqualTo("src/main/java/A.java");
        assertThat(ReportUris.relative("my dir/Ä#1%.java")).isEqualTo("my%20dir/%C3%84%231%25.java");
        assertThat(ReportUris.relative("a\\b\\c:d.java")).isEqualTo("a/b/c%3Ad.java");
        assertThat(ReportUris.relative("./x.java")).isEqualTo("x.java");
    }

    @Test
    void directoryUriIsAbsoluteFileUriEndingWithSlash() {
        assertThat(ReportUris.directoryUri(Path.of("/home/me/my src"))).isEqualTo("file:///home/me/my%20src/");
        assertThat(ReportUris.directoryUri(Path.of("/"))).isEqualTo("file:///");
    }

    @Test
    void markdownToText() {
        assertThat(MarkdownText.toPlainText("# Title\n\nSome **bold** and `code` and [link](http://x.y).\n\n\n\n"
                + "```java\nint a_b = 1;\n```\nsnake_case_name stays"))
                .isEqualTo("Title\n\nSome bold and code and link (http://x.y).\n\n    int a_b = 1;\nsnake_case_name stays");
    }
}
