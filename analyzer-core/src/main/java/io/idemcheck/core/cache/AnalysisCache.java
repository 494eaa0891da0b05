package io.idemcheck.core.cache;

import io.idemcheck.core.facts.FileFacts;
import io.idemcheck.core.finding.Diagnostic;

import java.io.BufferedInputStream;
import java.io.BufferedOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.ObjectInputFilter;
import java.io.ObjectInputStream;
import java.io.ObjectOutputStream;
import java.io.OutputStream;
import java.io.Serializable;
import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The analysis cache (as PMD's incremental analysis): the facts and parse diagnostics of each Java file, keyed by the
 * file's path relative to the source root and the SHA-256 of its content, in one file written with Java
 * serialization. A file whose content hash matches its entry is not parsed again; a changed, added or removed file
 * only changes its own entry. Everything across files (index, call graph, SQL, schema, rules) is computed again on
 * every scan from the facts, so whatever depended on a changed file is re-analysed and findings are the same with or
 * without the cache.
 *
 * <p>The whole cache is tied to the tool: {@link #toolKey()} (version, facts format and the analyzer's own jar) is
 * written first, and a cache written by another build is ignored. A cache that cannot be read (missing, corrupt,
 * another build) is never an error: {@link #load} returns an empty cache and a note saying why. Thread-safe.
 */
public final class AnalysisCache {

    /** Bumped whenever the facts records change shape. */
    static final int FORMAT = 2;
    private static final String MAGIC = "idemcheck-analysis-cache";

    /**
     * One file's cached outcome.
     *
     * @param sha256      hex SHA-256 of the file's bytes
     * @param facts       its facts with the path left out (null when it could not be parsed)
     * @param diagnostics what parsing it reported (parse error, charset fallback)
     */
    public record Entry(String sha256, FileFacts.Stored facts, List<Diagnostic> diagnostics) implements Serializable {
    }

    private final Path file;
    private final String toolKey;
    private final Map<String, Entry> previous;
    private final Map<String, Entry> current = new ConcurrentHashMap<>();
    private final String note;
    private volatile boolean changed;

    private AnalysisCache(Path file, String toolKey, Map<String, Entry> previous, String note) {
        this.file = file;
        this.toolKey = toolKey;
        this.previous = previous;
        this.note = note;
    }

    /**
     * Reads the cache at {@code file}. Never throws: a missing file gives an empty cache without a note; an unreadable,
     * corrupt or other-build cache gives an empty cache and a one-line {@link #note()}.
     */
    public static AnalysisCache load(Path file) {
        String key = toolKey();
        if (!Files.exists(file)) {
            return new AnalysisCache(file, key, Map.of(), null);
        }
        try (InputStream in = new BufferedInputStream(Files.newInputStream(file), 1 << 16);
             ObjectInputStream ois = new ObjectInputStream(in)) {
            ois.setObjectInputFilter(AnalysisCache::allowed);
            Object magic = ois.readObject();
            Object written = ois.readObject();
            if (!MAGIC.equals(magic)) {
                return new AnalysisCache(file, key, Map.of(), "analysis cache " + file + " ignored: not a cache file");
            }
            if (!key.equals(written)) {
                return new AnalysisCache(file, key, Map.of(), "analysis cache " + file
                        + " ignored: written by another idemcheck build (" + written + "); it is rebuilt");
            }
            int n = ois.readInt();
            Map<String, Entry> entries = new HashMap<>(Math.max(16, n * 2));
            for (int i = 0; i < n; i++) {
                String rel = (String) ois.readObject();
                entries.put(rel, (Entry) ois.readObject());
            }
            return new AnalysisCache(file, key, entries, null);
        } catch (IOException | ClassNotFoundException | ClassCastException | IllegalStateException e) {
            return new AnalysisCache(file, key, Map.of(), "analysis cache " + file + " ignored (unreadable: "
                    + e.getClass().getSimpleName() + "); it is rebuilt");
        }
    }

    /** Only our own records, the JDK's collections, strings and boxed numbers may be read back. */
    private static ObjectInputFilter.Status allowed(ObjectInputFilter.FilterInfo info) {
        Class<?> c = info.serialClass();
        if (c == null) {
            return ObjectInputFilter.Status.UNDECIDED;
        }
        while (c.isArray()) {
            c = c.getComponentType();
        }
        String n = c.getName();
        if (c.isPrimitive() || n.startsWith("io.idemcheck.core.") || n.startsWith("java.util.")
                || n.equals("java.lang.String") || n.startsWith("java.lang.Integer") || n.startsWith("java.lang.Long")
                || n.equals("java.lang.Number") || n.equals("java.lang.Boolean") || n.equals("java.lang.Enum")
                || n.equals("java.lang.Object")) {
            return ObjectInputFilter.Status.ALLOWED;
        }
        return ObjectInputFilter.Status.REJECTED;
    }

    /** Why the cache file was not used, or null. */
    public String note() {
        return note;
    }

    /** The cache file. */
    public Path file() {
        return file;
    }

    /**
     * The cached outcome of the file at {@code relPath} whose bytes hash to {@code sha256}, or null (not cached, or
     * the content changed). A hit is kept for the next {@link #save}.
     */
    public Entry lookup(String relPath, String sha256) {
        Entry e = previous.get(relPath);
        if (e == null || !e.sha256().equals(sha256)) {
            return null;
        }
        current.put(relPath, e);
        return e;
    }

    /** Records the outcome of a file just parsed. */
    public void put(String relPath, String sha256, FileFacts facts, List<Diagnostic> diagnostics) {
        changed = true;
        current.put(relPath, new Entry(sha256, facts == null ? null : facts.stored(), List.copyOf(diagnostics)));
    }

    /**
     * Writes the entries looked up or put during this scan (files no longer scanned drop out) to the cache file,
     * through a temporary file moved into place; nothing is written when every file was a hit and none went away.
     *
     * @throws IOException when the file cannot be written (the caller reports it; the scan's results stand)
     */
    public void save() throws IOException {
        if (!changed && note == null && current.size() == previous.size() && Files.exists(file)) {
            return; // every file was a hit and none went away: the file on disk already says exactly this
        }
        Path dir = file.toAbsolutePath().getParent();
        if (dir != null) {
            Files.createDirectories(dir);
        }
        Path tmp = Files.createTempFile(dir, file.getFileName().toString(), ".tmp");
        try {
            try (OutputStream out = new BufferedOutputStream(Files.newOutputStream(tmp), 1 << 16);
                 ObjectOutputStream oos = new ObjectOutputStream(out)) {
                oos.writeObject(MAGIC);
                oos.writeObject(toolKey);
                List<String> keys = current.keySet().stream().sorted().toList();
                oos.writeInt(keys.size());
                for (String k : keys) {
                    oos.writeObject(k);
                    oos.writeObject(current.get(k));
                }
            }
            Files.move(tmp, file, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
        } catch (IOException | RuntimeException e) {
            Files.deleteIfExists(tmp);
            throw e instanceof IOException io ? io : new IOException(e);
        }
    }

    /** Hex SHA-256 of {@code bytes}. */
    public static String sha256(byte[] bytes) {
        try {
            byte[] d = MessageDigest.getInstance("SHA-256").digest(bytes);
            StringBuilder sb = new StringBuilder(64);
            for (byte b : d) {
                sb.append(Character.forDigit((b >> 4) & 0xF, 16)).append(Character.forDigit(b & 0xF, 16));
            }
            return sb.toString();
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("SHA-256 is not available", e);
        }
    }

    /**
     * What a cache must have been written by to be used: the analyzer's version, the facts format, and the size and
     * modification time of the jar (or class folder) the analyzer runs from, so that a rebuilt snapshot never reads
     * facts an older build extracted.
     */
    public static String toolKey() {
        String version = AnalysisCache.class.getPackage().getImplementationVersion();
        String code = "";
        try {
            var src = AnalysisCache.class.getProtectionDomain().getCodeSource();
            if (src != null) {
                Path p = Path.of(src.getLocation().toURI());
                code = p.getFileName() + ":" + Files.size(p) + ":" + Files.getLastModifiedTime(p).toMillis();
            }
        } catch (IOException | URISyntaxException | RuntimeException e) {
            code = "unknown";
        }
        return "idemcheck " + (version == null ? "dev" : version) + " facts " + FORMAT + " " + code;
    }
}
