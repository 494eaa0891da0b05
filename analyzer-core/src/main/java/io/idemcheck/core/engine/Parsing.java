package io.idemcheck.core.engine;

import io.idemcheck.core.cache.AnalysisCache;
import io.idemcheck.core.discovery.SourceFile;
import io.idemcheck.core.facts.FileFacts;
import io.idemcheck.core.facts.MethodFacts;
import io.idemcheck.core.facts.TypeFacts;
import io.idemcheck.core.finding.Diagnostic;
import io.idemcheck.core.parse.JavaSourceParser;
import io.idemcheck.core.source.SourceTexts;
import io.idemcheck.core.summary.HeldTests;

import java.io.IOException;
import java.nio.file.Files;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.Callable;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * The parse phase of one scan: every Java file read once, its facts taken from the analysis cache or parsed on all
 * threads, and test files held back until a rule's test evidence names them ({@link HeldTests}).
 *
 * <p>A file is held back when discovery put it under {@code src/test/} and its text does not contain the suppression
 * word {@code idemcheck} (a suppression comment or annotation, an import of the runtime-test harness): such a file
 * can matter to no rule but IDEM007, which asks {@link #filesNaming} for the ones that name its jobs. Its bytes are
 * kept (read once, so the file the result key hashed is the file parsed), its progress is reported done at once.
 */
final class Parsing implements HeldTests {

    private final List<SourceFile> java;
    private final ScanRequest request;
    private final AnalysisCache cache;
    private final SourceTexts texts;
    private final boolean hold;
    private final int threads;
    private final AtomicInteger fromCache = new AtomicInteger();
    /** Per position in {@link #java}: the bytes of a held file not parsed yet, else null. */
    private final byte[][] held;
    /** Per position in {@link #java}: the facts of a file parsed (or restored), null when none (yet). */
    private final FileFacts[] facts;
    private final List<Diagnostic> lateDiagnostics = new ArrayList<>();
    /** The types' and methods' simple names declared by the test files parsed (with the main code or later). */
    private final Set<String> declaredByTests = new HashSet<>();
    /** The identifiers the texts of the test files parsed (with the main code or later) use. */
    private final Set<String> usedByTests = new HashSet<>();
    /** Per position in {@link #java}: the identifiers of a test file parsed with the main code, until merged. */
    private final Set<String>[] firstTestWords;
    /** Per position in {@link #java}: the type names a held file may declare ({@link JavaWords#declaredTypes}). */
    private Set<String>[] heldTypes;
    private int heldAtFirst;
    private int stillHeld;
    private int parsedLate;

    /**
     * @param java  the scan's Java files, in path order
     * @param hold  whether test files may be held back (false: every file is parsed at once, as a caller that
     *              looks at the whole project model needs)
     * @param cache the analysis cache, or null
     */
    Parsing(List<SourceFile> java, ScanRequest request, AnalysisCache cache, SourceTexts texts, boolean hold) {
        this.java = java;
        this.request = request;
        this.cache = cache;
        this.texts = texts;
        this.hold = hold;
        int t = request.threads() == 0 ? Runtime.getRuntime().availableProcessors() : request.threads();
        this.threads = Math.max(1, Math.min(t, Math.max(1, java.size())));
        if (cache != null) {
            cache.scanning(java.stream().map(SourceFile::relPath).toList());
        }
        this.held = new byte[java.size()][];
        this.facts = new FileFacts[java.size()];
        @SuppressWarnings("unchecked")
        Set<String>[] words = new Set[java.size()];
        this.firstTestWords = words;
    }

    /**
     * Reads every Java file and parses all but the held ones, on all threads; their diagnostics go to
     * {@code diagnostics} in path order.
     *
     * @return the facts of the files parsed (or restored from the cache), in path order
     */
    List<FileFacts> parseFirst(List<Diagnostic> diagnostics) {
        request.progress().started(java.size());
        AtomicInteger done = new AtomicInteger();
        List<Callable<JavaSourceParser.Result>> tasks = new ArrayList<>(java.size());
        for (int i = 0; i < java.size(); i++) {
            int at = i;
            tasks.add(() -> {
                try {
                    return first(at);
                } finally {
                    request.progress().fileDone(done.incrementAndGet(), java.size());
                }
            });
        }
        List<JavaSourceParser.Result> results = runAll(tasks, diagnostics, java);
        List<FileFacts> out = new ArrayList<>(java.size());
        for (int i = 0; i < results.size(); i++) {
            JavaSourceParser.Result r = results.get(i);
            if (held[i] != null) {
                heldAtFirst++;
            } else if (r != null) {
                diagnostics.addAll(r.diagnostics());
                if (r.facts() != null) {
                    facts[i] = r.facts();
                    out.add(r.facts());
                    if (firstTestWords[i] != null) {
                        declare(r.facts(), declaredByTests);
                        usedByTests.addAll(firstTestWords[i]);
                        firstTestWords[i] = null;
                    }
                }
            }
        }
        stillHeld = heldAtFirst;
        return out;
    }

    /** One file of the first parse: read, then held back, restored from the cache or parsed. */
    private JavaSourceParser.Result first(int at) {
        SourceFile f = java.get(at);
        byte[] bytes;
        try {
            bytes = Files.readAllBytes(f.path());
        } catch (IOException e) {
            return JavaSourceParser.unreadable(f, e);
        }
        boolean hasWord = texts.seen(f.path(), bytes);
        if (hold && f.test() && !hasWord) {
            held[at] = bytes;
            return null;
        }
        JavaSourceParser.Result r = parse(f, bytes);
        if (hold && r.facts() != null && r.facts().test()) {
            // test code parsed now (it holds the suppression word, or JUnit imports outside src/test/): a held file
            // may declare what it names or name what it declares, as a late one's
            firstTestWords[at] = JavaWords.identifiers(bytes);
        }
        return r;
    }

    /**
     * A file's facts: from the cache when there is one and the content hash matches, else parsed (and put in the
     * cache unless the parse met an internal error, which may be ours and fixed in the next build).
     */
    private JavaSourceParser.Result parse(SourceFile f, byte[] bytes) {
        JavaSourceParser parser = PARSERS.get();
        if (cache == null) {
            return parser.parse(f, bytes);
        }
        String hash = AnalysisCache.sha256(bytes);
        AnalysisCache.Entry hit = cache.lookup(f.relPath(), hash);
        if (hit != null) {
            FileFacts restored = hit.facts() == null ? null : hit.facts().restore(f.path());
            if (restored != null) { // counted as analysed from the cache once restored; one that did not parse is skipped
                fromCache.incrementAndGet();
            }
            return new JavaSourceParser.Result(restored, hit.diagnostics());
        }
        JavaSourceParser.Result r = parser.parse(f, bytes);
        boolean failed = r.diagnostics().stream().anyMatch(d -> d.kind() == Diagnostic.Kind.INTERNAL_ERROR);
        if (!failed) {
            cache.put(f.relPath(), hash, r.facts(), r.diagnostics());
        }
        return r;
    }

    private static final ThreadLocal<JavaSourceParser> PARSERS = ThreadLocal.withInitial(JavaSourceParser::new);

    /**
     * Runs {@code tasks} on {@link #threads} daemon threads; a task that threw becomes an INTERNAL_ERROR diagnostic
     * naming its file and a null result.
     */
    private List<JavaSourceParser.Result> runAll(List<Callable<JavaSourceParser.Result>> tasks,
                                                 List<Diagnostic> diagnostics, List<SourceFile> files) {
        int n = Math.max(1, Math.min(threads, tasks.size()));
        ExecutorService pool = Executors.newFixedThreadPool(n, r -> {
            Thread t = new Thread(r, "idemcheck-parse");
            t.setDaemon(true);
            return t;
        });
        try {
            List<Future<JavaSourceParser.Result>> futures = new ArrayList<>(tasks.size());
            for (Callable<JavaSourceParser.Result> task : tasks) {
                futures.add(pool.submit(task));
            }
            List<JavaSourceParser.Result> out = new ArrayList<>(tasks.size());
            for (int i = 0; i < futures.size(); i++) {
                try {
                    out.add(futures.get(i).get());
                } catch (ExecutionException e) {
                    diagnostics.add(new Diagnostic(Diagnostic.Kind.INTERNAL_ERROR, files.get(i).relPath(), 0, 0,
                            "could not analyse: " + e.getCause()));
                    out.add(null);
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                    throw new IllegalStateException("scan interrupted", e);
                }
            }
            return out;
        } finally {
            pool.shutdownNow();
        }
    }

    @Override
    public int held() {
        return heldAtFirst;
    }

    @Override
    public synchronized List<FileFacts> filesNaming(Set<String> words) {
        Set<String> names = new HashSet<>(words);
        names.addAll(declaredByTests);
        if (heldTypes == null && stillHeld > 0) {
            @SuppressWarnings("unchecked")
            Set<String>[] types = new Set[held.length];
            for (int i = 0; i < held.length; i++) {
                if (held[i] != null) {
                    types[i] = JavaWords.declaredTypes(held[i]);
                }
            }
            heldTypes = types;
        }
        while (stillHeld > 0) {
            List<Integer> naming = new ArrayList<>();
            for (int i = 0; i < held.length; i++) {
                if (held[i] != null && (JavaWords.names(held[i], names) || declaresOneOf(heldTypes[i], usedByTests))) {
                    naming.add(i);
                }
            }
            if (naming.isEmpty() && !anyTestParsed()) {
                // whether the scan has test sources is whether one parses: find the first that does
                naming.add(firstHeld());
            }
            if (naming.isEmpty()) {
                break;
            }
            List<Callable<JavaSourceParser.Result>> tasks = new ArrayList<>(naming.size());
            List<SourceFile> files = new ArrayList<>(naming.size());
            for (int i : naming) {
                byte[] bytes = held[i];
                SourceFile f = java.get(i);
                files.add(f);
                tasks.add(() -> parse(f, bytes));
                usedByTests.addAll(JavaWords.identifiers(bytes));
            }
            List<Diagnostic> diagnostics = new ArrayList<>();
            List<JavaSourceParser.Result> results = runAll(tasks, diagnostics, files);
            for (int k = 0; k < naming.size(); k++) {
                int i = naming.get(k);
                held[i] = null;
                heldTypes[i] = null;
                stillHeld--;
                JavaSourceParser.Result r = results.get(k);
                if (r == null) {
                    continue;
                }
                diagnostics.addAll(r.diagnostics());
                if (r.facts() != null) {
                    facts[i] = r.facts();
                    parsedLate++;
                    declare(r.facts(), names);
                    declare(r.facts(), declaredByTests);
                }
            }
            lateDiagnostics.addAll(diagnostics);
        }
        List<FileFacts> out = new ArrayList<>(facts.length);
        for (FileFacts f : facts) {
            if (f != null) {
                out.add(f);
            }
        }
        return out;
    }

    /** True when some test file was parsed (with the main code or later); facts are in path order. */
    private boolean anyTestParsed() {
        for (FileFacts f : facts) {
            if (f != null && f.test()) {
                return true;
            }
        }
        return false;
    }

    /** The position of the first file still held. */
    private int firstHeld() {
        for (int i = 0; i < held.length; i++) {
            if (held[i] != null) {
                return i;
            }
        }
        throw new IllegalStateException("no file is held");
    }

    private static boolean declaresOneOf(Set<String> declared, Set<String> used) {
        for (String t : declared) {
            if (used.contains(t)) {
                return true;
            }
        }
        return false;
    }

    /** The names a file declares that another test file may call or name: its types' and methods' simple names. */
    private static void declare(FileFacts f, Set<String> into) {
        for (TypeFacts t : f.types()) {
            into.add(t.simpleName());
            for (MethodFacts m : t.methods()) {
                into.add(m.name());
            }
        }
    }

    /** Diagnostics of the held files parsed since the first parse (parse errors, charset fallbacks). */
    synchronized List<Diagnostic> lateDiagnostics() {
        return List.copyOf(lateDiagnostics);
    }

    /** Java files whose facts came from the analysis cache, in the first parse and after. */
    int fromCache() {
        return fromCache.get();
    }

    /** Facts obtained (parsed or restored) for held files after the first parse. */
    synchronized int lateFiles() {
        return parsedLate;
    }

    /** Test files still held when asked: no rule's test evidence named them, so they were never parsed. */
    synchronized int unparsed() {
        return stillHeld;
    }
}
