package io.idemcheck.core.cache;

import java.io.IOException;
import java.io.InputStream;
import java.io.ObjectInputStream;
import java.io.ObjectOutputStream;
import java.io.OutputStream;
import java.util.zip.CRC32;

/**
 * The checksummed sections of an {@link AnalysisCache} file: a section is a serialization stream of its own, written
 * into the outer stream as unshared {@code byte[]} chunks of at most {@link #CHUNK} bytes (an empty one ends it), then
 * the CRC32 ({@code long}) of all its bytes. Writing or reading a section holds one chunk in
 * memory besides its objects.
 */
final class CacheSections {

    private CacheSections() {
    }

    /**
     * Reads the next section of {@code in} with {@code body}: its objects are read from the section's chunks while
     * their CRC32 is computed, then the rest of the section is drained and the CRC32 stored after it compared. Returns
     * false when they differ, whatever {@code body} read (the caller then uses none of it); also when {@code body}
     * failed on damaged bytes that the checksum then shows to be damaged.
     *
     * @throws IOException            when the section cannot be read and its checksum matches (an unreadable cache)
     * @throws ClassNotFoundException as {@link ObjectInputStream#readObject()}, with a matching checksum
     * @throws BodyFailed             when {@code body} threw a RuntimeException and the checksum matches: the bytes
     *                                are the ones this build wrote, so the failure is a bug of this build
     */
    static boolean read(ObjectInputStream in, long limit, SectionReader body)
            throws IOException, ClassNotFoundException {
        ChunkInput chunks = new ChunkInput(in);
        Exception failed = null;
        try {
            ObjectInputStream s = new ObjectInputStream(chunks);
            s.setObjectInputFilter(info -> AnalysisCache.allowed(info, limit));
            body.read(s);
        } catch (IOException | ClassNotFoundException | RuntimeException e) {
            failed = e;
        } catch (OutOfMemoryError | StackOverflowError e) {
            // damaged counts or nesting: a collection sized by a damaged length, records nested without end; the
            // checksum below tells damage from a cache this build cannot read
            failed = new java.io.StreamCorruptedException("section unreadable: " + e);
        }
        chunks.drain();
        long stored = in.readLong();
        if (stored != chunks.crc.getValue()) {
            return false;
        }
        if (failed instanceof IOException io) {
            throw io;
        }
        if (failed instanceof ClassNotFoundException cnf) {
            throw cnf;
        }
        if (failed instanceof RuntimeException re) {
            throw new BodyFailed(re);
        }
        return true;
    }

    /**
     * A RuntimeException thrown while reading a section whose bytes match their checksum: not damage on disk but a
     * bug of the code that wrote or reads it (an internal error, never a quiet note). The cause is the exception.
     */
    static final class BodyFailed extends RuntimeException {
        BodyFailed(RuntimeException cause) {
            super(cause.toString(), cause);
        }
    }

    /** What one section holds, read. */
    interface SectionReader {
        void read(ObjectInputStream in) throws IOException, ClassNotFoundException;
    }

    /** Largest chunk of a section, in bytes: what a section costs in memory besides its objects, written or read. */
    private static final int CHUNK = 1 << 20;

    /**
     * A section's bytes as unshared {@code byte[]} chunks of the outer stream (1 to {@link #CHUNK} bytes; an empty one
     * ends the section), with the CRC32 of every byte read so far.
     */
    private static final class ChunkInput extends InputStream {
        private final ObjectInputStream outer;
        final CRC32 crc = new CRC32();
        private byte[] buf = new byte[0];
        private int pos;
        private int len;
        private boolean ended;

        ChunkInput(ObjectInputStream outer) {
            this.outer = outer;
        }

        /** Reads the next chunk; false at the end of the section. */
        private boolean fill() throws IOException {
            if (ended) {
                return false;
            }
            Object next;
            try {
                next = outer.readUnshared();
            } catch (ClassNotFoundException e) {
                throw new java.io.StreamCorruptedException("not a chunk: " + e.getMessage());
            }
            if (!(next instanceof byte[] chunk) || chunk.length > CHUNK) {
                throw new java.io.StreamCorruptedException("not a chunk of at most " + CHUNK + " bytes");
            }
            if (chunk.length == 0) {
                ended = true;
                return false;
            }
            crc.update(chunk, 0, chunk.length);
            buf = chunk;
            pos = 0;
            len = chunk.length;
            return true;
        }

        @Override
        public int read() throws IOException {
            if (pos == len && !fill()) {
                return -1;
            }
            return buf[pos++] & 0xFF;
        }

        @Override
        public int read(byte[] b, int off, int n) throws IOException {
            if (n == 0) {
                return 0;
            }
            if (pos == len && !fill()) {
                return -1;
            }
            int k = Math.min(n, len - pos);
            System.arraycopy(buf, pos, b, off, k);
            pos += k;
            return k;
        }

        /** Reads what is left of the section, so that the outer stream stands at its CRC32. */
        void drain() throws IOException {
            while (fill()) {
                pos = len;
            }
        }

        @Override
        public void close() {
            // the outer stream stays open: the next section and the CRC32 follow
        }
    }

    /**
     * Writes a section into the outer stream as unshared {@code byte[]} chunks of at most {@link #CHUNK} bytes,
     * computing their CRC32; {@link #close()} ends the section (a 0 length) and writes the CRC32.
     */
    private static final class ChunkOutput extends OutputStream {
        private final ObjectOutputStream outer;
        private final CRC32 crc = new CRC32();
        private final byte[] buf = new byte[CHUNK];
        private int len;
        private boolean closed;

        ChunkOutput(ObjectOutputStream outer) {
            this.outer = outer;
        }

        @Override
        public void write(int b) throws IOException {
            if (len == CHUNK) {
                emit();
            }
            buf[len++] = (byte) b;
        }

        @Override
        public void write(byte[] b, int off, int n) throws IOException {
            while (n > 0) {
                if (len == CHUNK) {
                    emit();
                }
                int k = Math.min(n, CHUNK - len);
                System.arraycopy(b, off, buf, len, k);
                len += k;
                off += k;
                n -= k;
            }
        }

        private void emit() throws IOException {
            if (len > 0) {
                // unshared: the outer stream keeps no reference to the chunk, so the buffer is reused
                outer.writeUnshared(len == CHUNK ? buf : java.util.Arrays.copyOf(buf, len));
                crc.update(buf, 0, len);
                len = 0;
            }
        }

        @Override
        public void close() throws IOException {
            if (!closed) {
                closed = true;
                emit();
                outer.writeUnshared(new byte[0]);
                outer.writeLong(crc.getValue());
            }
        }
    }

    /** Writes {@code body}'s objects as one section: its chunks, then the CRC32 of their bytes. */
    static void write(ObjectOutputStream out, SectionBody body) throws IOException {
        try (ObjectOutputStream s = new ObjectOutputStream(new ChunkOutput(out))) {
            body.write(s);
        }
    }

    /** What one section holds. */
    interface SectionBody {
        void write(ObjectOutputStream out) throws IOException;
    }
}
