package io.idemcheck.core.source;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The source texts of one scan, shared by the steps that read files after the parser (suppression markers, snippets,
 * fixes) so that a file is read from disk once where that is cheap. Memory stays flat: a text is kept only when a
 * later step wants it.
 *
 * <ul>
 *   <li>{@link #get} reads a file once and keeps its text for the rest of the scan (snippets and fixes ask for the few
 *       files that have findings);</li>
 *   <li>{@link #seen} is told by the parser about every file it read; the text is kept only when it contains
 *       {@link #word()}, the word the whole-file scans after the rules look for (the suppression marker), and the
 *       file is remembered as read without it otherwise;</li>
 *   <li>{@link #withWord} gives a whole-file scan the text of a file that may contain the word: null, without reading
 *       it again, for a file seen without it.</li>
 * </ul>
 * Thread-safe (the parser runs on several threads). Files are keyed by their absolute, normalised path.
 */
public final class SourceTexts {

    private final String word;
    private final byte[] wordBytes;
    private final Map<Path, SourceText> kept = new ConcurrentHashMap<>();
    private final Set<Path> without = ConcurrentHashMap.newKeySet();

    /**
     * @param word the word whole-file scans look for; ASCII, so that it is found in the raw bytes of a UTF-8 or
     *             ISO-8859-1 file alike
     * @throws IllegalArgumentException when {@code word} is empty or not ASCII
     */
    public SourceTexts(String word) {
        if (word.isEmpty() || !StandardCharsets.US_ASCII.newEncoder().canEncode(word)) {
            throw new IllegalArgumentException("the word must be non-empty ASCII, was '" + word + "'");
        }
        this.word = word;
        this.wordBytes = word.getBytes(StandardCharsets.US_ASCII);
    }

    /** The word whole-file scans look for. */
    public String word() {
        return word;
    }

    /**
     * The parser read {@code file}'s {@code bytes} (decoded as {@link SourceText#decode(byte[])} does): its text is
     * kept when the bytes contain {@link #word()}, else the file is remembered as read without it.
     *
     * @return true when the bytes contain {@link #word()}
     */
    public boolean seen(Path file, byte[] bytes) {
        Path key = key(file);
        if (indexOf(bytes, wordBytes) >= 0) {
            kept.computeIfAbsent(key, k -> SourceText.decode(bytes));
            without.remove(key);
            return true;
        } else if (!kept.containsKey(key)) {
            without.add(key);
        }
        return false;
    }

    /**
     * The text of {@code file} (read once, then kept for the rest of the scan).
     *
     * @throws IOException when the file cannot be read (nothing is kept; a later call tries again)
     */
    public SourceText get(Path file) throws IOException {
        Path key = key(file);
        SourceText t = kept.get(key);
        if (t == null) {
            t = SourceText.read(key);
            SourceText before = kept.putIfAbsent(key, t);
            if (before != null) {
                t = before;
            }
            without.remove(key);
        }
        return t;
    }

    /**
     * For a scan of whole files for {@link #word()}: the text of {@code file}, or null when it was seen without the
     * word (not read again) or its text does not contain it. A file not seen before is read (and kept when it holds
     * the word).
     *
     * @throws IOException when the file has to be read and cannot be
     */
    public SourceText withWord(Path file) throws IOException {
        Path key = key(file);
        SourceText t = kept.get(key);
        if (t == null) {
            if (without.contains(key)) {
                return null;
            }
            t = SourceText.read(key);
            if (!t.text().contains(word)) {
                without.add(key);
                return null;
            }
            kept.putIfAbsent(key, t);
        }
        return t.text().contains(word) ? t : null;
    }

    private static Path key(Path file) {
        return file.toAbsolutePath().normalize();
    }

    static int indexOf(byte[] haystack, byte[] needle) {
        outer:
        for (int i = 0; i <= haystack.length - needle.length; i++) {
            for (int j = 0; j < needle.length; j++) {
                if (haystack[i + j] != needle[j]) {
                    continue outer;
                }
            }
            return i;
        }
        return -1;
    }
}
