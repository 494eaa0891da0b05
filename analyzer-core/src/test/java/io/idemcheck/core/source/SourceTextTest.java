package io.idemcheck.core.source;

import io.idemcheck.core.finding.Diagnostic;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** The one reader of source text: UTF-8, else ISO-8859-1 with one diagnostic; a byte order mark is not text. */
class SourceTextTest {

    @TempDir
    Path tmp;

    private static byte[] bytes(int... b) {
        byte[] out = new byte[b.length];
        for (int i = 0; i < b.length; i++) {
            out[i] = (byte) b[i];
        }
        return out;
    }

    @Test
    void utf8IsReadAsIs() throws IOException {
        Path f = Files.writeString(tmp.resolve("Größe.java"), "class Größe {}\n// ü\n", StandardCharsets.UTF_8);
        SourceText t = SourceText.read(f);
        assertThat(t.text()).isEqualTo("class Größe {}\n// ü\n");
        assertThat(t.raw()).isEqualTo(t.text());
        assertThat(t.charset()).isEqualTo(StandardCharsets.UTF_8);
        assertThat(t.fellBack()).isFalse();
        assertThat(t.hadBom()).isFalse();
        assertThat(t.fallbackDiagnostic("src/Größe.java")).isNull();
        assertThat(t.lines()).containsExactly("class Größe {}", "// ü");
    }

    @Test
    void latin1FileFallsBackWithOneDiagnostic() throws IOException {
        // "// Größe" in ISO-8859-1: ö is 0xF6 and ß 0xDF, neither valid UTF-8 on its own
        Path f = Files.write(tmp.resolve("Latin.java"), "class A {}\n// Größe\n".getBytes(StandardCharsets.ISO_8859_1));
        SourceText t = SourceText.read(f);
        assertThat(t.text()).isEqualTo("class A {}\n// Größe\n");
        assertThat(t.fellBack()).isTrue();
        assertThat(t.charset()).isEqualTo(StandardCharsets.ISO_8859_1);
        assertThat(t.line(2)).isEqualTo("// Größe");
        Diagnostic d = t.fallbackDiagnostic("src/Latin.java");
        assertThat(d).isEqualTo(new Diagnostic(Diagnostic.Kind.CHARSET_FALLBACK, "src/Latin.java", 0, 0,
                "not valid UTF-8; read as ISO-8859-1"));
        assertThat(d.kind().blocksAnalysis()).isFalse();
    }

    @Test
    void malformedUtf8NeverFailsAndKeepsEveryByte() {
        // a truncated 3-byte sequence, a lone continuation byte, an overlong encoding of '/'
        byte[] b = bytes('a', 0xE2, 0x82, '\n', 0x80, 'b', '\r', '\n', 0xC0, 0xAF, '\r', 'c');
        SourceText t = SourceText.decode(b);
        assertThat(t.fellBack()).isTrue();
        assertThat(t.text()).hasSize(b.length);
        assertThat(t.text().charAt(1)).isEqualTo('\u00E2');
        assertThat(t.lines()).hasSize(4);
        assertThat(t.line(4)).isEqualTo("c");
        assertThat(t.line(0)).isNull();
        assertThat(t.line(5)).isNull();
    }

    @Test
    void byteOrderMarkIsNotText() throws IOException {
        Path f = Files.write(tmp.resolve("Bom.java"), bytes(0xEF, 0xBB, 0xBF, 'c', 'l', 'a', 's', 's', '\n'));
        SourceText t = SourceText.read(f);
        assertThat(t.text()).isEqualTo("class\n");
        assertThat(t.hadBom()).isTrue();
        assertThat(t.raw()).isEqualTo("\uFEFFclass\n");
        assertThat(t.line(1)).isEqualTo("class");
        assertThat(t.fellBack()).isFalse();

        // a BOM in front of bytes that are not UTF-8: the fallback keeps every byte, the BOM shows as ISO-8859-1
        SourceText latin = SourceText.decode(bytes(0xEF, 0xBB, 0xBF, 'x', 0xFF));
        assertThat(latin.fellBack()).isTrue();
        assertThat(latin.hadBom()).isFalse();
        assertThat(latin.text()).isEqualTo("\u00EF\u00BB\u00BFx\u00FF");
    }

    @Test
    void anotherCharsetFromAnOffsetNamesItInTheDiagnostic() {
        byte[] utf16 = bytes(0xFE, 0xFF, 0x00, 'a', 0x00, '\n', 0x00, 'b');
        SourceText t = SourceText.decode(utf16, 2, StandardCharsets.UTF_16BE);
        assertThat(t.text()).isEqualTo("a\nb");
        assertThat(t.fellBack()).isFalse();
        SourceText odd = SourceText.decode(bytes(0xFE, 0xFF, 0x00, 'a', 0x00), 2, StandardCharsets.UTF_16BE);
        assertThat(odd.fellBack()).isTrue();
        assertThat(odd.fallbackDiagnostic("m.xml").message()).isEqualTo("not valid UTF-16BE; read as ISO-8859-1");
    }

    @Test
    void emptyAndMissingFiles() throws IOException {
        SourceText empty = SourceText.read(Files.write(tmp.resolve("Empty.java"), new byte[0]));
        assertThat(empty.text()).isEmpty();
        assertThat(empty.lines()).isEmpty();
        assertThatThrownBy(() -> SourceText.read(tmp.resolve("missing.java"))).isInstanceOf(NoSuchFileException.class);
    }

    @Test
    void scanTextsKeepOnlyWhatLaterStepsWant() throws IOException {
        Path plain = Files.writeString(tmp.resolve("Plain.java"), "class Plain {}\n");
        Path marked = Files.writeString(tmp.resolve("Marked.java"), "class M {} // idemcheck:ignore IDEM001 -- ok\n");
        Path latin = Files.write(tmp.resolve("Latin.xml"),
                "<!-- idemcheck:ignore IDEM003 -- Größe -->\n".getBytes(StandardCharsets.ISO_8859_1));
        SourceTexts texts = new SourceTexts("idemcheck");
        texts.seen(plain, Files.readAllBytes(plain));
        texts.seen(marked, Files.readAllBytes(marked));

        // seen without the word: not read again, even when the file changed since
        Files.writeString(plain, "class Plain {} // idemcheck:ignore\n");
        assertThat(texts.withWord(plain)).isNull();
        // seen with it: the text the parser saw
        Files.delete(marked);
        assertThat(texts.withWord(marked).text()).startsWith("class M {}");
        // never seen: read now, decoded the one way
        SourceText l = texts.withWord(latin);
        assertThat(l.text()).contains("Größe");
        assertThat(l.fellBack()).isTrue();
        Path other = Files.writeString(tmp.resolve("Other.sql"), "select 1;\n");
        assertThat(texts.withWord(other)).isNull();

        // get() reads once and keeps: snippets and fixes of one file share one read
        SourceText first = texts.get(plain);
        Files.delete(plain);
        assertThat(texts.get(plain)).isSameAs(first);
        assertThat(texts.get(tmp.resolve("./Plain.java"))).isSameAs(first);
        assertThatThrownBy(() -> texts.get(tmp.resolve("gone.java"))).isInstanceOf(NoSuchFileException.class);
        assertThatThrownBy(() -> new SourceTexts("")).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> new SourceTexts("größe")).isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void wordIsFoundInRawBytes() {
        byte[] w = "idemcheck".getBytes(StandardCharsets.US_ASCII);
        assertThat(SourceTexts.indexOf("// idemcheck:ignore".getBytes(StandardCharsets.UTF_8), w)).isEqualTo(3);
        assertThat(SourceTexts.indexOf("idemchec".getBytes(StandardCharsets.UTF_8), w)).isEqualTo(-1);
        assertThat(SourceTexts.indexOf(new byte[0], w)).isEqualTo(-1);
        assertThat(SourceTexts.indexOf(List.of("ü", "idemcheck").toString().getBytes(StandardCharsets.UTF_8), w))
                .isEqualTo(5);
    }
}
