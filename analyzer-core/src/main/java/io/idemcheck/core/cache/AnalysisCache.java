package io.idemcheck.core.cache;

import io.idemcheck.core.discovery.SourceDiscovery;
import io.idemcheck.core.facts.FileFacts;
import io.idemcheck.core.finding.Diagnostic;
import io.idemcheck.core.finding.Finding;
import io.idemcheck.core.finding.RuleDescriptor;
import io.idemcheck.core.finding.ScanStats;
import io.idemcheck.core.finding.SuppressedFinding;

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
import java.nio.file.AccessDeniedException;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.FileSystemException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The analysis cache (as PMD's incremental analysis): the facts and parse diagnostics of each Java file, keyed by the
 * file's path relative to the source root and the SHA-256 of its content, in one file written with Java
 * serialization. A file whose content hash matches its entry is not parsed again; a changed, added or removed file
 * only changes its own entry. Everything across files (index, call graph, SQL, schema, rules) is computed again on
 * every scan from the facts, so whatever depended on a changed file is re-analysed and findings are the same with or
 * without the cache.
 *
 * <p>Beside the per-file entries the cache keeps the whole result of the scan that wrote it under a result key
 * ({@link #storeResult}): a hash the engine computes over everything a result depends on (tool and rules code, the
 * configuration, the source root, and the path and content hash of every file the scan reads). A re-scan whose key
 * matches takes the result as it is ({@link #result}) and reads no per-file entry, parses nothing and runs no rule.
 * The result comes first in the file, so that reading it does not cost reading the facts.
 *
 * <p>The whole cache is tied to the tool: {@link #toolKey()} (version, facts format and the analyzer's own jar) is
 * written first, and a cache written by another build is ignored. A cache that cannot be read (missing, corrupt,
 * another build) is never an error: {@link #load} returns an empty cache and a note saying why. Thread-safe.
 *
 * <p>File layout (one Java serialization stream): the magic string, the tool key, then two sections: the result (its
 * key and the {@link StoredResult}, or two nulls) and the entries (their count, then each path and {@link Entry}).
 * A section is a serialization stream of its own, written into the outer stream as {@code byte[]} chunks of at most
 * 1 MiB (an empty one ends it), followed by the CRC32 ({@code long}) of all its bytes ({@link CacheSections}). Chunks
 * keep the memory a section costs to write or read at one chunk besides its objects (a whole-section byte array
 * doubled a large project's peak memory while it saved). A section is used only when its bytes match their CRC32,
 * so that bytes damaged on disk give a note and a rebuild, never a result or facts read from damaged data.
 */
public final class AnalysisCache {

    /** Bumped whenever the facts records or the file layout change shape. */
    static final int FORMAT = 9;
    private static final String MAGIC = "idemcheck-analysis-cache";

    /**
     * One file's cached outcome.
     *
     * @param sha256      hex SHA-256 of the file's bytes
     * @param facts       its facts with the path left out (null when it could not be parsed)
     * @param diagnostics what parsing it reported (parse error, charset fallback)
     */
    public record Entry(String sha256, FileFacts.Stored facts, List<Diagnostic> diagnostics) implements Serializable {

        /** This outcome for the same bytes at {@code to}: the facts' and diagnostics' path {@code from} becomes it. */
        Entry movedTo(String from, String to) {
            List<Diagnostic> moved = new java.util.ArrayList<>(diagnostics.size());
            for (Diagnostic d : diagnostics) {
                moved.add(from.equals(d.path()) ? new Diagnostic(d.kind(), to, d.line(), d.column(), d.message(),
                        d.ruleId(), d.method()) : d);
            }
            return new Entry(sha256, facts == null ? null : facts.movedTo(to), List.copyOf(moved));
        }
    }

    /**
     * The whole result of one scan, as the engine handed it over before adding its own notes about the cache.
     *
     * @param rules       the enabled rules' descriptors
     * @param findings    the findings, in report order
     * @param diagnostics the diagnostics, in report order
     * @param suppressed  the suppressed findings
     * @param stats       the counts of the scan that produced it (its time is the time of that scan)
     */
    public record StoredResult(List<RuleDescriptor> rules, List<Finding> findings, List<Diagnostic> diagnostics,
                               List<SuppressedFinding> suppressed, ScanStats stats) implements Serializable {
        public StoredResult {
            rules = List.copyOf(rules);
            findings = List.copyOf(findings);
            diagnostics = List.copyOf(diagnostics);
            suppressed = List.copyOf(suppressed);
        }
    }

    private final Path file;
    private final String toolKey;
    private final String previousResultKey;
    private final StoredResult previousResult;
    /** The rest of the file after the result, not read until {@link #readEntries} asks for it; null once read. */
    private ObjectInputStream pendingEntries;
    /** The cache file's size when loaded: no array read from it can be longer. */
    private final long pendingLimit;
    private volatile Map<String, Entry> previous;
    /** For each content hash in {@link #previous}, the first path (in path order) whose entry has it; built lazily. */
    private volatile Map<String, String> pathByHash;
    private final Map<String, Entry> current = new ConcurrentHashMap<>();
    /** Lookups whose path the cache held (whatever its content), and lookups that returned an entry. */
    private final java.util.concurrent.atomic.AtomicInteger pathsKnown = new java.util.concurrent.atomic.AtomicInteger();
    private final java.util.concurrent.atomic.AtomicInteger hits = new java.util.concurrent.atomic.AtomicInteger();
    private final java.util.concurrent.atomic.AtomicInteger lookups = new java.util.concurrent.atomic.AtomicInteger();
    /** The Java files of this scan (relative paths), when the engine said ({@link #scanning}); else null. */
    private volatile Set<String> scanned;
    private volatile String note;
    private volatile boolean changed;
    /**
     * Set when the file at {@link #file} exists and is not an analysis cache (not a regular file, not a Java
     * serialization stream, or one without this cache's header): {@link #save} then leaves it as it is, so that a
     * mistyped {@code --cache} path (a source file, a baseline, a device) is never replaced.
     */
    private boolean foreign;
    private String resultKey;
    private StoredResult result;

    private AnalysisCache(Path file, String toolKey, Map<String, Entry> previous, String note) {
        this(file, toolKey, null, null, null, 0, previous, note);
    }

    private AnalysisCache(Path file, String toolKey, String previousResultKey, StoredResult previousResult,
                          ObjectInputStream pendingEntries, long pendingLimit, Map<String, Entry> previous,
                          String note) {
        this.file = file;
        this.toolKey = toolKey;
        this.previousResultKey = previousResultKey;
        this.previousResult = previousResult;
        this.pendingEntries = pendingEntries;
        this.pendingLimit = pendingLimit;
        this.previous = previous;
        this.note = note;
    }

    /** An empty cache for a file that exists and is not a cache: ignored, and never overwritten by {@link #save}. */
    private static AnalysisCache foreign(Path file, String key, String why) {
        AnalysisCache c = new AnalysisCache(file, key, Map.of(), "analysis cache " + file + " ignored: " + why
                + "; it is left as it is and nothing is cached (give the cache a new file or one idemcheck wrote)");
        c.foreign = true;
        return c;
    }

    /**
     * Reads the cache at {@code file}. Never throws: a missing file gives an empty cache without a note; an unreadable,
     * corrupt or other-build cache gives an empty cache and a one-line {@link #note()}; a file that is not a cache at all
     * (not a regular file, or not written by this class) gives the same and is never overwritten ({@link #save} does
     * nothing: the note says so).
     */
    public static AnalysisCache load(Path file) {
        String key = toolKey();
        if (!Files.exists(file)) {
            return new AnalysisCache(file, key, Map.of(), null);
        }
        if (!Files.isRegularFile(file)) {
            return foreign(file, key, "not a regular file");
        }
        ObjectInputStream ois = null;
        boolean ours = false; // the file starts with this cache's magic string: a damaged cache, not someone's file
        try {
            if (Files.size(file) == 0) {
                return new AnalysisCache(file, key, Map.of(), "analysis cache " + file + " ignored (empty); it is "
                        + "rebuilt"); // nothing in it to lose
            }
            InputStream in = new BufferedInputStream(Files.newInputStream(file), 1 << 16);
            try {
                ois = new ObjectInputStream(in);
            } catch (IOException | RuntimeException e) {
                in.close();
                throw e;
            }
            long size = Files.size(file);
            ois.setObjectInputFilter(info -> allowed(info, size));
            Object magic = ois.readObject();
            Object written = ois.readObject();
            if (!MAGIC.equals(magic)) {
                ois.close();
                return foreign(file, key, "not a cache file");
            }
            ours = true;
            if (!key.equals(written)) {
                ois.close();
                return new AnalysisCache(file, key, Map.of(), "analysis cache " + file
                        + " ignored: written by another idemcheck build (" + written + "); it is rebuilt");
            }
            String[] resultKey = new String[1];
            StoredResult[] stored = new StoredResult[1];
            if (!CacheSections.read(ois, size, s -> {
                resultKey[0] = (String) s.readObject();
                stored[0] = (StoredResult) s.readObject();
            })) {
                ois.close();
                return damaged(file, key);
            }
            return new AnalysisCache(file, key, resultKey[0], stored[0], ois, size, null, null);
        } catch (CacheSections.BodyFailed e) {
            closeQuietly(ois);
            return new AnalysisCache(file, key, Map.of(), internalNote(file, e));
        } catch (IOException | ClassNotFoundException | RuntimeException e) {
            closeQuietly(ois);
            if (!ours) { // unreadable before its magic string: some other file (or one we may not read), left alone
                return foreign(file, key, ois == null && e instanceof java.io.StreamCorruptedException
                        ? "not a cache file" : "not a cache file (unreadable: " + e.getClass().getSimpleName() + ")");
            }
            return new AnalysisCache(file, key, Map.of(), "analysis cache " + file + " ignored (unreadable: "
                    + e.getClass().getSimpleName() + "); it is rebuilt");
        }
    }

    /** An empty cache for a file whose data does not match its checksum: ignored with a note, and rebuilt. */
    private static AnalysisCache damaged(Path file, String key) {
        return new AnalysisCache(file, key, Map.of(), "analysis cache " + file + " ignored: " + DAMAGED
                + "; it is rebuilt");
    }

    private static final String DAMAGED = "its data does not match its checksum (damaged)";

    /**
     * The note for a section that failed to read although its bytes match their checksum: this build wrote them, so
     * the failure is ours ({@link #INTERNAL_PREFIX}: {@link #noteDiagnostic} makes it an internal error).
     */
    private static String internalNote(Path file, CacheSections.BodyFailed e) {
        return INTERNAL_PREFIX + "reading " + file + " failed although its checksum matched (" + e.getCause()
                + "); it is rebuilt";
    }

    /**
     * Reads the per-file entries, which {@link #load} leaves unread so that a scan that reuses the whole result does
     * not pay for them. Call once before {@link #lookup}; a cache that turns out unreadable here becomes empty and
     * gets a {@link #note()}. Idempotent.
     */
    public synchronized void readEntries() {
        if (pendingEntries == null) {
            return;
        }
        try (ObjectInputStream raw = pendingEntries) {
            Map<String, Entry> entries = new HashMap<>();
            if (!CacheSections.read(raw, pendingLimit, ois -> {
                int n = ois.readInt();
                for (int i = 0; i < n; i++) {
                    String rel = (String) ois.readObject();
                    entries.put(rel, (Entry) ois.readObject());
                }
            })) {
                previous = Map.of();
                note = "analysis cache " + this.file + " ignored: " + DAMAGED + "; it is rebuilt";
                return;
            }
            previous = entries;
        } catch (CacheSections.BodyFailed e) {
            previous = Map.of();
            note = internalNote(file, e);
        } catch (IOException | ClassNotFoundException | RuntimeException e) {
            previous = Map.of();
            note = "analysis cache " + file + " ignored (unreadable: " + e.getClass().getSimpleName()
                    + "); it is rebuilt";
        } finally {
            pendingEntries = null;
        }
    }

    /** Closes the file when the entries were never read (the whole result was reused). */
    public synchronized void close() {
        closeQuietly(pendingEntries);
        pendingEntries = null;
    }

    private static void closeQuietly(ObjectInputStream in) {
        if (in != null) {
            try {
                in.close();
            } catch (IOException e) {
                // nothing was written through it; closing a reader cannot lose anything
            }
        }
    }

    /**
     * The whole result stored under {@code key} by the scan that wrote this cache, or null when the cache holds none
     * or holds one for another key (a file, the configuration, the rules or the tool changed).
     */
    public StoredResult result(String key) {
        return key != null && key.equals(previousResultKey) ? previousResult : null;
    }

    /** Keeps {@code r} as the result for {@code key}, written by the next {@link #save}. */
    public void storeResult(String key, StoredResult r) {
        if (!key.equals(previousResultKey)) {
            changed = true;
        }
        resultKey = key;
        result = r;
    }

    /**
     * Only our own records, the JDK's collections, strings and boxed numbers may be read back, and no array longer
     * than the {@code size} bytes it is read from (a damaged length must not allocate gigabytes).
     */
    static ObjectInputFilter.Status allowed(ObjectInputFilter.FilterInfo info, long size) {
        if (info.arrayLength() > size) {
            return ObjectInputFilter.Status.REJECTED;
        }
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

    /** Every note about the cache starts with this ("analysis cache FILE ignored: ..."). */
    public static final String NOTE_PREFIX = "analysis cache ";

    /**
     * A note about a failure of this build's own code while reading the cache starts with this ("analysis cache:
     * reading FILE failed although its checksum matched (...); it is rebuilt"); no other note does, as every other one
     * names the file right after {@link #NOTE_PREFIX}.
     */
    public static final String INTERNAL_PREFIX = NOTE_PREFIX.strip() + ": ";

    /**
     * The diagnostic a scan reports a note about the cache with: no path, the text starting with {@link #NOTE_PREFIX};
     * {@link Diagnostic.Kind#INTERNAL_ERROR} for a note about our own failure ({@link #INTERNAL_PREFIX}: internal errors
     * are never silent, they are counted and fail the scan as any other), else {@link Diagnostic.Kind#INFO}
     * ({@link #isNote}).
     */
    public static Diagnostic noteDiagnostic(String text) {
        if (!text.startsWith(NOTE_PREFIX) && !text.startsWith(INTERNAL_PREFIX)) {
            throw new IllegalArgumentException("a cache note starts with '" + NOTE_PREFIX + "': " + text);
        }
        return new Diagnostic(text.startsWith(INTERNAL_PREFIX) ? Diagnostic.Kind.INTERNAL_ERROR : Diagnostic.Kind.INFO,
                null, 0, 0, text);
    }

    /** True for a note about the cache ({@link #noteDiagnostic}): the shells show it beside the report too. */
    public static boolean isNote(Diagnostic d) {
        return d.kind() == Diagnostic.Kind.INFO && d.path() == null && d.message() != null
                && d.message().startsWith(NOTE_PREFIX);
    }

    /**
     * Why writing or reading a file failed, in words, without naming the file the exception names (the cache's
     * temporary file, say): "permission denied", "no such file or directory", "a file of that name exists", the file
     * system's reason ("Read-only file system"), else the first line of the message or the exception's class. The one
     * wording of I/O errors: the CLI's messages about its options use it too.
     */
    public static String reason(IOException e) {
        if (e instanceof AccessDeniedException) {
            return "permission denied";
        }
        if (e instanceof NoSuchFileException) {
            return "no such file or directory";
        }
        if (e instanceof FileAlreadyExistsException f) {
            return "a file of that name exists";
        }
        if (e instanceof FileSystemException f && f.getReason() != null && !f.getReason().isBlank()) {
            return f.getReason();
        }
        String m = e.getMessage();
        return m == null || m.isBlank() ? e.getClass().getSimpleName() : m.strip().lines().findFirst().orElse(m);
    }

    /** The cache file. */
    public Path file() {
        return file;
    }

    /**
     * Tells the cache which Java files (relative paths) this scan has, before any {@link #lookup}: a file's cached
     * facts are then moved to another path only when their own path is not in the scan (a move, not a copy).
     */
    public void scanning(java.util.Collection<String> relPaths) {
        scanned = Set.copyOf(relPaths);
    }

    /**
     * The cached outcome of the file at {@code relPath} whose bytes hash to {@code sha256}, or null (not cached, or
     * the content changed). Keyed by the content hash: the same bytes cached under another path (a moved file, a
     * tree scanned from another source root) are a hit too, their facts and diagnostics moved to {@code relPath},
     * as long as both paths are main code or both test code by their path. A hit is kept for the next {@link #save}.
     */
    public Entry lookup(String relPath, String sha256) {
        if (previous == null) {
            readEntries();
        }
        lookups.incrementAndGet();
        Entry e = previous.get(relPath);
        if (e != null) {
            pathsKnown.incrementAndGet();
        }
        if (e == null || !e.sha256().equals(sha256)) {
            // the same bytes cached under another path: a file moved, or the tree scanned from another source root
            String from = pathsByHash().get(sha256);
            Set<String> now = scanned;
            // (a copy whose original is also in this scan is parsed: two files must never share their facts' objects)
            if (from == null || SourceDiscovery.testByPath(from) != SourceDiscovery.testByPath(relPath)
                    || now != null && now.contains(from)) {
                return null; // (test code by its path is part of the facts: only a move within main or test code)
            }
            e = previous.get(from).movedTo(from, relPath);
            changed = true; // the file on disk has it under the old path
        }
        hits.incrementAndGet();
        current.put(relPath, e);
        return e;
    }

    /**
     * A note when the cache held files but this scan found none of its paths and no content among them (also when
     * it scanned no Java file at all): the cache was written by a scan of another project (a cache file shared by two projects or
     * modules, which then replace each other's entries on every scan and reuse nothing). Null otherwise; ask after
     * the lookups.
     */
    public String unrelatedNote() {
        Map<String, Entry> p = previous;
        Set<String> now = scanned;
        if (p == null || p.isEmpty() || pathsKnown.get() > 0 || hits.get() > 0) {
            return null;
        }
        if (lookups.get() == 0 && now != null && !now.isEmpty()) {
            return null; // Java files, none looked up (all held test files): nothing says whose cache this is
        }
        return NOTE_PREFIX + file + " held " + p.size() + (p.size() == 1 ? " file" : " files") + ", none of them in "
                + "this scan: it was written by a scan of another project, and is rewritten for this one (give each "
                + "project or module its own cache file, or they replace each other's entries and reuse nothing)";
    }

    private Map<String, String> pathsByHash() {
        Map<String, String> m = pathByHash;
        if (m == null) {
            Map<String, String> built = new HashMap<>();
            for (Map.Entry<String, Entry> x : new java.util.TreeMap<>(previous).entrySet()) {
                built.putIfAbsent(x.getValue().sha256(), x.getKey());
            }
            pathByHash = m = built;
        }
        return m;
    }

    /** Records the outcome of a file just parsed. */
    public void put(String relPath, String sha256, FileFacts facts, List<Diagnostic> diagnostics) {
        changed = true;
        current.put(relPath, new Entry(sha256, facts == null ? null : facts.stored(), List.copyOf(diagnostics)));
    }

    /**
     * Writes the entries looked up or put during this scan (files no longer scanned drop out) to the cache file,
     * through a temporary file moved into place; nothing is written when every file was a hit and none went away, nor
     * over a file that is not a cache (its {@link #note()} says it is left as it is).
     *
     * @throws IOException when the file cannot be written, its message saying what failed and why without naming the
     *                     temporary file ("cannot create a file in /proc (no such file or directory)"); the caller
     *                     reports it, and the scan's results stand
     */
    public void save() throws IOException {
        if (foreign) {
            return;
        }
        readEntries();
        if (!changed && note == null && current.size() == previous.size() && Files.exists(file)) {
            return; // every file was a hit and none went away: the file on disk already says exactly this
        }
        // a symbolic link is written through (the file it names is the cache), an existing file keeps its mode/owner
        Path target = CacheFiles.linkTarget(file);
        Path dir = target.toAbsolutePath().getParent();
        if (dir != null) {
            try {
                Files.createDirectories(dir);
            } catch (IOException e) {
                throw new IOException("cannot create its directory " + dir + " (" + reason(e) + ")", e);
            }
        }
        Path tmp;
        try {
            tmp = CacheFiles.createSibling(dir == null ? Path.of("") : dir, target.getFileName().toString());
        } catch (IOException e) {
            throw new IOException("cannot create a file in " + dir + " (" + reason(e) + ")", e);
        }
        try {
            write(tmp);
        } catch (IOException | RuntimeException e) {
            Files.deleteIfExists(tmp);
            throw new IOException("cannot write it (" + (e instanceof IOException io ? reason(io) : e.toString())
                    + ")", e);
        }
        CacheFiles.keepAttributes(target, tmp);
        try {
            Files.move(tmp, target, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
        } catch (IOException e) {
            Files.deleteIfExists(tmp);
            throw new IOException("cannot replace it (" + reason(e) + ")", e);
        }
    }



    /** Writes the header, the result section and the entries section to {@code tmp}. */
    private void write(Path tmp) throws IOException {
        try (OutputStream out = new BufferedOutputStream(Files.newOutputStream(tmp), 1 << 16);
             ObjectOutputStream oos = new ObjectOutputStream(out)) {
            oos.writeObject(MAGIC);
            oos.writeObject(toolKey);
            CacheSections.write(oos, s -> {
                s.writeObject(resultKey);
                s.writeObject(result);
            });
            CacheSections.write(oos, s -> {
                List<String> keys = current.keySet().stream().sorted().toList();
                s.writeInt(keys.size());
                for (String k : keys) {
                    s.writeObject(k);
                    s.writeObject(current.get(k));
                }
            });
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
        return "idemcheck " + (version == null ? "dev" : version) + " facts " + FORMAT + " "
                + codeKey(AnalysisCache.class);
    }

    /**
     * Which build of the code {@code c} was loaded from: the name, size and modification time of its jar or class
     * folder ("idemcheck-rules-0.1.0.jar:81234:1764547200000"), "unknown" when that cannot be told. Part of the
     * result key, so that a rebuilt rules jar never reuses a result the old rules computed.
     */
    public static String codeKey(Class<?> c) {
        try {
            var src = c.getProtectionDomain().getCodeSource();
            if (src != null) {
                Path p = Path.of(src.getLocation().toURI());
                return p.getFileName() + ":" + Files.size(p) + ":" + Files.getLastModifiedTime(p).toMillis();
            }
        } catch (IOException | URISyntaxException | RuntimeException e) {
            return "unknown";
        }
        return "";
    }
}
