package io.idemcheck.core.source;

import io.idemcheck.core.finding.Diagnostic;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.Charset;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Objects;

/**
 * The decoded text of one source file, read the one way the tool reads sources: the file's charset (UTF-8 unless a
 * caller knows better, as an XML declaration does), strictly; when the bytes are not valid in it, ISO-8859-1, which
 * decodes any byte sequence, and the file gets one {@link Diagnostic.Kind#CHARSET_FALLBACK} diagnostic. A leading
 * UTF-8 byte order mark is not part of {@link #text()} (it is kept in {@link #raw()} for writing the file back).
 * Line numbers are 1-based; lines end at "\n", "\r\n" or a lone "\r", as {@link String#lines()} splits them.
 */
public final class SourceText {

    private static final String BOM = "\uFEFF";

    private final String text;
    private final Charset charset;
    private final Charset tried;
    private final boolean bom;
    private volatile List<String> lines;

    private SourceText(String text, Charset charset, Charset tried, boolean bom) {
        this.text = text;
        this.charset = charset;
        this.tried = tried;
        this.bom = bom;
    }

    /** Decodes {@code bytes} as UTF-8, else ISO-8859-1; a leading byte order mark is dropped from the text. */
    public static SourceText decode(byte[] bytes) {
        return decode(bytes, 0, StandardCharsets.UTF_8);
    }

    /**
     * Decodes {@code bytes} from {@code offset} (past a byte order mark the caller has already recognised) as
     * {@code charset}, else as ISO-8859-1. When {@code charset} is UTF-8, a byte order mark still at {@code offset} is
     * dropped from the text.
     *
     * @throws IndexOutOfBoundsException when {@code offset} is not within {@code bytes}
     */
    public static SourceText decode(byte[] bytes, int offset, Charset charset) {
        Objects.requireNonNull(charset, "charset");
        String text;
        try {
            text = charset.newDecoder().onMalformedInput(CodingErrorAction.REPORT)
                    .onUnmappableCharacter(CodingErrorAction.REPORT)
                    .decode(ByteBuffer.wrap(bytes, offset, bytes.length - offset)).toString();
        } catch (CharacterCodingException e) {
            return new SourceText(new String(bytes, offset, bytes.length - offset, StandardCharsets.ISO_8859_1),
                    StandardCharsets.ISO_8859_1, charset, false);
        }
        boolean bom = charset.equals(StandardCharsets.UTF_8) && text.startsWith(BOM);
        return new SourceText(bom ? text.substring(1) : text, charset, charset, bom);
    }

    /**
     * Reads and decodes {@code file} ({@link #decode(byte[])}).
     *
     * @throws IOException when the file cannot be read
     */
    public static SourceText read(Path file) throws IOException {
        return decode(Files.readAllBytes(file));
    }

    /** The text, without a leading byte order mark. */
    public String text() {
        return text;
    }

    /** The text as the file holds it: with its byte order mark when it had one (to write the file back unchanged). */
    public String raw() {
        return bom ? BOM + text : text;
    }

    /** The charset the text was decoded with: the one asked for, or ISO-8859-1 after a fallback. */
    public Charset charset() {
        return charset;
    }

    /** True when the bytes were not valid in the charset asked for and were read as ISO-8859-1. */
    public boolean fellBack() {
        return charset != tried;
    }

    /** True when the file started with a UTF-8 byte order mark (dropped from {@link #text()}). */
    public boolean hadBom() {
        return bom;
    }

    /** The lines, without their line ends (computed once). */
    public List<String> lines() {
        List<String> l = lines;
        if (l == null) {
            l = text.lines().toList();
            lines = l;
        }
        return l;
    }

    /** Line {@code n} (1-based) without its line end; null when the text has no such line. */
    public String line(int n) {
        List<String> l = lines();
        return n >= 1 && n <= l.size() ? l.get(n - 1) : null;
    }

    /**
     * The diagnostic every reader reports for a fallback: {@code CHARSET_FALLBACK} at the file (line 0), "not valid
     * UTF-8; read as ISO-8859-1"; null when the text did not fall back.
     *
     * @param relPath the file's report path
     */
    public Diagnostic fallbackDiagnostic(String relPath) {
        return fellBack() ? new Diagnostic(Diagnostic.Kind.CHARSET_FALLBACK, relPath, 0, 0,
                "not valid " + tried.name() + "; read as ISO-8859-1") : null;
    }
}
