package io.idemcheck.core.sql.mybatis;

import java.util.Arrays;

/**
 * Growable text in which every char carries its source: a file id (index into the reader's file table) and a char
 * offset in that file, packed in a long.
 */
final class Buf {

    private final StringBuilder sb;
    private long[] src;

    Buf() {
        this(32);
    }

    private Buf(int capacity) {
        sb = new StringBuilder(capacity);
        src = new long[Math.max(capacity, 4)];
    }

    static long pack(int file, int offset) {
        return ((long) file << 32) | (offset & 0xffffffffL);
    }

    static int file(long packed) {
        return (int) (packed >>> 32);
    }

    static int offset(long packed) {
        return (int) packed;
    }

    /** A copy of {@code text} whose chars come from {@code file}. */
    static Buf of(PosText text, int file) {
        Buf b = new Buf(text.text().length());
        b.append(text, file);
        return b;
    }

    void append(char c, long source) {
        if (sb.length() == src.length) {
            src = Arrays.copyOf(src, src.length * 2);
        }
        src[sb.length()] = source;
        sb.append(c);
    }

    void append(PosText text, int file) {
        for (int i = 0; i < text.text().length(); i++) {
            append(text.text().charAt(i), pack(file, text.offsets()[i]));
        }
    }

    void append(Buf other) {
        append(other, 0, other.length());
    }

    void append(Buf other, int from, int to) {
        for (int i = from; i < to; i++) {
            append(other.sb.charAt(i), other.src[i]);
        }
    }

    /** Appends {@code text}, every char mapped to {@code source}. */
    void appendSynthetic(String text, long source) {
        for (int i = 0; i < text.length(); i++) {
            append(text.charAt(i), source);
        }
    }

    int length() {
        return sb.length();
    }

    char charAt(int i) {
        return sb.charAt(i);
    }

    long src(int i) {
        return src[i];
    }

    Buf copy() {
        Buf b = new Buf(sb.length() + 16);
        b.append(this);
        return b;
    }

    @Override
    public String toString() {
        return sb.toString();
    }
}
