package io.idemcheck.core.cache;

import org.junit.jupiter.api.Test;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.ObjectInputStream;
import java.io.ObjectOutputStream;
import java.util.ArrayList;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

/** Sections longer than one chunk: written and read back whole, and damage in any chunk is caught by the CRC32. */
class CacheSectionsTest {

    /** About 3.5 MiB of strings: four chunks. */
    private static List<String> payload() {
        List<String> out = new ArrayList<>();
        for (int i = 0; i < 35_000; i++) {
            out.add("entry " + i + " " + "x".repeat(90));
        }
        return out;
    }

    private static byte[] file(List<String> first, String second) throws IOException {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        try (ObjectOutputStream out = new ObjectOutputStream(bytes)) {
            out.writeObject("header");
            CacheSections.write(out, s -> s.writeObject(first));
            CacheSections.write(out, s -> s.writeObject(second));
        }
        return bytes.toByteArray();
    }

    @Test
    void aSectionOfSeveralChunksIsReadBackWholeAndTheNextSectionAfterIt() throws Exception {
        List<String> first = payload();
        byte[] file = file(first, "second");
        assertThat(file.length).isGreaterThan(3 * (1 << 20));
        Object[] got = new Object[2];
        try (ObjectInputStream in = new ObjectInputStream(new ByteArrayInputStream(file))) {
            assertThat(in.readObject()).isEqualTo("header");
            assertThat(CacheSections.read(in, file.length, s -> got[0] = s.readObject())).isTrue();
            assertThat(CacheSections.read(in, file.length, s -> got[1] = s.readObject())).isTrue();
        }
        assertThat(got[0]).isEqualTo(first);
        assertThat(got[1]).isEqualTo("second");
    }

    @Test
    void aByteChangedInALaterChunkFailsTheChecksumAndTheNextSectionIsStillReadable() throws Exception {
        List<String> first = payload();
        byte[] file = file(first, "second");
        int at = indexOf(file, "entry 34000 ".getBytes()); // in the fourth chunk
        assertThat(at).isGreaterThan(3 * (1 << 20));
        file[at + 6] = (byte) 0x32; // "entry 24000": a string that deserializes fine, only the checksum can tell
        Object[] got = new Object[2];
        try (ObjectInputStream in = new ObjectInputStream(new ByteArrayInputStream(file))) {
            in.readObject();
            assertThat(CacheSections.read(in, file.length, s -> got[0] = s.readObject())).isFalse();
            assertThat(CacheSections.read(in, file.length, s -> got[1] = s.readObject())).isTrue();
        }
        assertThat(got[1]).isEqualTo("second");
    }

    @Test
    void bytesThatBreakTheObjectsAndTheChecksumAreDamageNotAnError() throws Exception {
        byte[] file = file(payload(), "second");
        int at = indexOf(file, "entry 20000 ".getBytes());
        for (int i = -40; i < 40; i++) {
            file[at + i] = (byte) 0x7f; // breaks the serialized records around it
        }
        try (ObjectInputStream in = new ObjectInputStream(new ByteArrayInputStream(file))) {
            in.readObject();
            assertThat(CacheSections.read(in, file.length, s -> s.readObject())).isFalse();
        }
    }

    private static int indexOf(byte[] hay, byte[] needle) {
        outer:
        for (int i = 0; i + needle.length <= hay.length; i++) {
            for (int j = 0; j < needle.length; j++) {
                if (hay[i + j] != needle[j]) {
                    continue outer;
                }
            }
            return i;
        }
        return -1;
    }
}
