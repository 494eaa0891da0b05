package io.idemcheck.core.summary;

import io.idemcheck.core.util.Texts;
import io.idemcheck.core.catalog.Vocabulary;
import io.idemcheck.core.catalog.Catalog;
import io.idemcheck.core.facts.AnnotationFact;
import io.idemcheck.core.facts.Arg;
import io.idemcheck.core.facts.Body;
import io.idemcheck.core.facts.CallSite;
import io.idemcheck.core.facts.LambdaFact;
import io.idemcheck.core.facts.LocalVar;
import io.idemcheck.core.facts.Range;
import io.idemcheck.core.facts.Receiver;
import io.idemcheck.core.index.MethodRef;
import io.idemcheck.core.sql.SqlFacts;
import io.idemcheck.core.sql.SqlStatement;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.atomic.AtomicReferenceArray;
import java.util.regex.Pattern;

/**
 * Distributed locks in a method: ShedLock's {@code @SchedulerLock}, Redisson {@code RLock}, Spring Integration
 * {@code LockRegistry.obtain(..)}, Redis {@code setIfAbsent}/{@code SETNX}, database advisory locks, hand-rolled
 * Redis Lua lock scripts, and database lock rows read {@code FOR UPDATE} in a transaction ({@link LockRows}), each
 * with the calls of the locked region.
 */
public final class Locks {

    /**
     * A lock and the region it guards.
     *
     * @param kind    what it is, for messages ("ShedLock @SchedulerLock(name = \"noon\")", "RLock.tryLock()")
     * @param range   where it is acquired (the annotation or the call)
     * @param call    the acquiring call, or null for an annotation
     * @param from    first call id of the locked region (inclusive)
     * @param to      last call id of the region (exclusive)
     * @param lambda  for a lock that runs a lambda ({@code executeWithLock}), that lambda's id, else -1
     * @param task    for a lock that runs a method reference ({@code executeWithLock((Runnable) this::work, cfg)}),
     *                the reference's text ({@code this::work}, a cast dropped), else null: the referenced method runs
     *                under the lock, nothing of this method does
     */
    public record Lock(String kind, Range range, CallSite call, int from, int to, int lambda, String task) {

        /** A lock over a region of calls or a lambda, with no method-reference task. */
        public Lock(String kind, Range range, CallSite call, int from, int to, int lambda) {
            this(kind, range, call, from, to, lambda, null);
        }

        /** True when {@code c} runs while the lock is held. */
        public boolean holds(Body body, CallSite c) {
            if (lambda >= 0) {
                int l = c.lambdaId();
                while (l >= 0) {
                    if (l == lambda) {
                        return true;
                    }
                    l = body.lambdas().get(l).parentId();
                }
                return false;
            }
            return c.id() >= from && c.id() < to;
        }
    }

    /** The catalog's {@code advisoryLockCalls}, {@code advisoryUnlockCalls} and {@code luaLockCommands}. */
    private static final Pattern ADVISORY = Catalog.builtin().terms(Vocabulary.ADVISORY_LOCK_CALLS).regex("(?i)(%s)");
    private static final Pattern ADVISORY_RELEASE = Catalog.builtin().terms(Vocabulary.ADVISORY_UNLOCK_CALLS)
            .regex("(?i)(%s)");
    private static final Pattern LUA_LOCK = Catalog.builtin().terms(Vocabulary.LUA_LOCK_COMMANDS)
            .regex("(?is)redis\\.call.*(%s)");

    private Locks() {
    }

    /** The distributed locks of {@code m} with their regions. */
    public static List<Lock> in(Semantics sem, MethodRef m) {
        List<Lock> out = new ArrayList<>();
        Body body = m.method().body();
        List<CallSite> calls = body.calls();
        AnnotationFact sl = m.method().annotation("SchedulerLock");
        if (sl != null) {
            String name = sl.strings().get("name");
            out.add(new Lock("ShedLock @SchedulerLock" + (name != null ? "(name = \"" + name + "\")" : ""),
                    sl.range(), null, 0, calls.size(), -1));
        }
        List<CallInfo> infos = sem.calls(m);
        for (CallSite c : calls) {
            String wrapped = lockedTask(sem, c, infos.get(c.id()));
            if (wrapped != null) {
                String kind = c.name().equals("executeWithLock") ? "ShedLock LockingTaskExecutor.executeWithLock()"
                        : Sites.display(c) + " (" + wrapped + ")";
                boolean any = false;
                for (LambdaFact lf : body.lambdas()) {
                    if (lf.ownerCallId() == c.id()) {
                        out.add(new Lock(kind, c.range(), c, 0, 0, lf.id()));
                        any = true;
                    }
                }
                for (int i = 0; !any && i < c.args().size(); i++) {
                    String ref = methodReference(c.args().get(i).text());
                    if (ref != null) {
                        out.add(new Lock(kind, c.range(), c, 0, 0, -1, ref));
                        any = true;
                    }
                }
                continue;
            }
            String kind = acquisition(sem, m, c);
            if (kind == null) {
                Lock row = LockRows.lockRow(sem, m, c, infos.get(c.id()));
                if (row != null) {
                    out.add(row);
                }
                continue;
            }
            int to = calls.size();
            for (int j = c.id() + 1; j < calls.size(); j++) {
                if (isRelease(sem.catalog(), calls.get(j), infos.get(j))) {
                    to = j;
                    break;
                }
            }
            out.add(new Lock(kind, c.range(), c, c.id() + 1, to, -1));
        }
        return out;
    }

    /**
     * A lock acquisition.
     *
     * @param kind  what it is, for messages ("RLock.tryLock()", "registryClient.getLock() (RegistryClient.getLock()
     *              takes InterProcessMutex.acquire())")
     * @param tries true when it can come back without the lock and says so in its result ({@code tryLock},
     *              {@code setIfAbsent}, {@code acquire(timeout)}, a boolean helper over one of these); false for a
     *              blocking acquisition ({@code lock()}, {@code acquire()}), which returns holding the lock or throws
     */
    public record Acquire(String kind, boolean tries) {
    }

    /** The lock {@code c} takes (a library lock call, or a project helper that returns holding one), or null. */
    public static Acquire acquisitionOf(Semantics sem, MethodRef m, CallSite c) {
        CallInfo ci = sem.calls(m).get(c.id());
        String direct = libraryAcquisition(sem, m, c);
        if (direct != null) {
            return new Acquire(direct, tries(c, direct));
        }
        for (MethodRef t : ci.target().targets()) {
            Acquire via = helper(sem, t);
            if (via != null) {
                return new Acquire(Sites.display(c) + " (" + via.kind() + ")", via.tries());
            }
        }
        return null;
    }

    private static final Pattern METHOD_REFERENCE =
            Pattern.compile("^\\s*(?:\\(\\s*[\\w$.<>?, ]+\\)\\s*)?((?:this|[A-Za-z_$][\\w$]*)\\s*::\\s*[\\w$]+)\\s*$");

    /** The method reference an argument's text is ({@code this::work}), a cast around it dropped, or null. */
    public static String methodReference(String text) {
        java.util.regex.Matcher mr = METHOD_REFERENCE.matcher(text);
        return mr.matches() ? mr.group(1).replaceAll("\\s+", "") : null;
    }

    /**
     * What lock a call runs its task argument under, or null: ShedLock's {@code executeWithLock}; a project helper
     * ({@link #taskHelper}); or, when no project body stands behind the call, a library call named in the catalog's
     * {@code lockedTaskCalls} ({@code lockExecutor.executeInLock(key, () -> ..)}) or a task-running call
     * ({@code taskRunCalls}) on a type of its {@code lockTaskTypes} ({@code redisLockTemplate.run(key, () -> ..)}).
     */
    static String lockedTask(Semantics sem, CallSite c, CallInfo ci) {
        if (c.args().isEmpty()) {
            return null;
        }
        if (c.name().equals("executeWithLock")) {
            return "ShedLock";
        }
        boolean bodies = false;
        for (MethodRef t : ci.target().targets()) {
            if (t.method().hasBody() && !t.file().test()) {
                bodies = true;
                String kind = taskHelper(sem, t);
                if (kind != null) {
                    return kind;
                }
            }
        }
        if (bodies) {
            return null;
        }
        Catalog cat = sem.catalog();
        String type = ci.target().receiverType().simpleName();
        if (cat.terms(Vocabulary.LOCAL_LOCK_TYPES).has(type)) {
            return null;
        }
        if (cat.terms(Vocabulary.LOCKED_TASK_CALLS).has(c.name())) {
            return "a library call that runs its task under a lock: catalog lockedTaskCalls";
        }
        if (cat.terms(Vocabulary.TASK_RUN_CALLS).has(c.name()) && cat.terms(Vocabulary.LOCK_TASK_TYPES).has(type)) {
            return type + "." + c.name() + "() runs its task under a lock: catalog lockTaskTypes";
        }
        return null;
    }

    private static final int MAX_TASK_DEPTH = 3;

    /**
     * The lock a project helper takes around the task it is given ({@code helper.withLock("relay", () -> work())}):
     * a method of the project that acquires a distributed lock (a library call, or a project helper that returns
     * holding one) and, before releasing it, runs one of its own parameters ({@code body.run()}, {@code task.get()},
     * the catalog's {@code taskRunCalls}); or that passes a parameter on to such a helper or a library lock-task call
     * ({@code run(key, task)} delegating to {@code run(key, 30, task)}). Null when it does neither. Memoised per scan.
     */
    private static String taskHelper(Semantics sem, MethodRef t) {
        Map<MethodRef, String> memo = memo(sem).tasks();
        String known = memo.get(t);
        if (known == null) {
            String found = LockWalks.mayRunTaskLocked(sem, t, MAX_TASK_DEPTH - 1)
                    ? taskHelper(sem, t, new java.util.HashSet<>(), 0) : null;
            known = found == null ? "" : found;
            memo.put(t, known);
        }
        return known.isEmpty() ? null : known;
    }

    private static String taskHelper(Semantics sem, MethodRef t, java.util.Set<MethodRef> seen, int depth) {
        if (depth >= MAX_TASK_DEPTH || !t.method().hasBody() || t.file().test() || !seen.add(t)) {
            return null;
        }
        if (t.method().params().isEmpty()) {
            return null; // no task parameter to run or pass on
        }
        java.util.Set<String> params = new java.util.HashSet<>();
        t.method().params().forEach(p -> params.add(p.name()));
        List<CallSite> calls = t.method().body().calls();
        List<CallInfo> infos = sem.calls(t);
        Catalog cat = sem.catalog();
        int lastRun = lastTaskRun(cat, calls, params);
        for (int ai = 0; ai < lastRun; ai++) {
            CallSite a = calls.get(ai);
            Acquire acq = acquisitionOf(sem, t, a);
            if (acq == null) {
                continue;
            }
            for (int j = a.id() + 1; j < calls.size(); j++) {
                CallSite x = calls.get(j);
                if (isRelease(cat, x, infos.get(j))) {
                    break;
                }
                if (x.receiver().kind() == Receiver.Kind.NAME && params.contains(x.receiver().name())
                        && cat.terms(Vocabulary.TASK_RUN_CALLS).has(x.name())) {
                    return acq.kind();
                }
            }
        }
        for (CallSite x : calls) {
            boolean passesTask = x.args().stream().anyMatch(arg -> params.contains(arg.text().trim()));
            if (!passesTask) {
                continue;
            }
            for (MethodRef d : infos.get(x.id()).target().targets()) {
                String via = taskHelper(sem, d, seen, depth + 1);
                if (via != null) {
                    return via;
                }
            }
            if (infos.get(x.id()).target().targets().isEmpty()) {
                String lib = lockedTask(sem, x, infos.get(x.id()));
                if (lib != null) {
                    return lib;
                }
            }
        }
        return null;
    }

    /**
     * The id of the last call that runs a parameter ({@code task.run()}, the catalog's {@code taskRunCalls}), or -1:
     * an acquisition counts for a task helper only before it.
     */
    static int lastTaskRun(Catalog cat, List<CallSite> calls, java.util.Set<String> params) {
        int lastRun = -1;
        for (CallSite x : calls) {
            if (x.receiver().kind() == Receiver.Kind.NAME && params.contains(x.receiver().name())
                    && cat.terms(Vocabulary.TASK_RUN_CALLS).has(x.name())) {
                lastRun = x.id();
            }
        }
        return lastRun;
    }

    private static String acquisition(Semantics sem, MethodRef m, CallSite c) {
        Acquire a = acquisitionOf(sem, m, c);
        return a == null ? null : a.kind();
    }

    private static boolean tries(CallSite c, String kind) {
        return c.name().startsWith("try") || c.name().equals("acquire") && !c.args().isEmpty()
                || kind.startsWith("Redis ") || kind.contains("try_advisory") || kind.contains("GET_LOCK");
    }

    private static final Acquire NONE = new Acquire("", false);

    /**
     * What a scan has worked out about locks, memoised because several rules ask and a helper is looked into from
     * every call of it: project method → how it takes and keeps a lock ({@link #NONE} when it does not), and method
     * → the library lock each of its calls takes ({@link #libraryAcquisition}, "" for none; by call id).
     */
    record Memo(Map<MethodRef, Acquire> helpers, Map<io.idemcheck.core.facts.MethodFacts, String[]> library,
                        Map<MethodRef, String> tasks, AtomicReferenceArray<String[]> librarySlots,
                        java.util.concurrent.atomic.AtomicIntegerArray reachSlots,
                        java.util.concurrent.atomic.AtomicIntegerArray taskSlots) {

        /** {@link #library}'s array for {@code m}: by index position without a lock, else from the map. */
        String[] libraryOf(Semantics sem, MethodRef m) {
            int slot = sem.index().order(m);
            if (slot < 0) {
                return library.computeIfAbsent(m.method(), k -> new String[k.body().calls().size()]);
            }
            String[] known = librarySlots.get(slot);
            if (known == null) {
                librarySlots.compareAndSet(slot, null, new String[m.method().body().calls().size()]);
                known = librarySlots.get(slot);
            }
            return known;
        }
    }

    /** Per scan (its {@link Semantics}): the memo, kept by the Semantics (read without a lock). */
    static Memo memo(Semantics sem) {
        return sem.memo(Memo.class, () -> new Memo(new java.util.concurrent.ConcurrentHashMap<>(),
                java.util.Collections.synchronizedMap(new java.util.IdentityHashMap<>()),
                new java.util.concurrent.ConcurrentHashMap<>(),
                new AtomicReferenceArray<>(sem.index().methodCount()),
                new java.util.concurrent.atomic.AtomicIntegerArray(sem.index().methodCount()),
                new java.util.concurrent.atomic.AtomicIntegerArray(sem.index().methodCount())));
    }

    /** How project method {@code t} takes a distributed lock and returns holding it, or null. Memoised per scan. */
    private static Acquire helper(Semantics sem, MethodRef t) {
        Map<MethodRef, Acquire> memo = memo(sem).helpers();
        Acquire known = memo.get(t);
        if (known == null) {
            // a helper's lock is a library lock call at most MAX_WRAPPER_DEPTH - 1 calls down: none there, none held
            Acquire found = LockWalks.reachesLibraryLock(sem, t, MAX_WRAPPER_DEPTH - 1)
                    ? heldBy(sem, t, new java.util.HashSet<>(), 0) : null;
            known = found == null ? NONE : found;
            memo.put(t, known);
        }
        return known == NONE ? null : known;
    }

    private static final int MAX_WRAPPER_DEPTH = 3;

    /**
     * For a call of project methods: how one of its targets (or their callees, {@value #MAX_WRAPPER_DEPTH} levels
     * down, implementations of an interface included) takes a distributed lock and still holds it when it returns
     * normally ("ZookeeperRegistry.acquireLock() takes InterProcessMutex.acquire()"), or null. Such a method is a
     * project's own lock helper ({@code registryClient.getLock(path)}): its caller holds the lock until the release.
     * A release inside a catch block (giving the lock back on failure) does not count as releasing it. The helper
     * can fail when what it takes can, and it returns a boolean.
     */
    private static Acquire heldBy(Semantics sem, MethodRef t, java.util.Set<MethodRef> seen, int depth) {
        if (depth >= MAX_WRAPPER_DEPTH || !t.method().hasBody() || t.file().test() || !seen.add(t)) {
            return null;
        }
        List<CallSite> calls = t.method().body().calls();
        List<CallInfo> infos = sem.calls(t);
        boolean answers = t.method().returnType() != null
                && (t.method().returnType().simpleName().equals("boolean")
                || t.method().returnType().simpleName().equals("Boolean"));
        for (CallSite c : calls) {
            String lib = libraryAcquisition(sem, t, c);
            Acquire a = lib == null ? null : new Acquire(lib, tries(c, lib));
            for (int i = 0; a == null && i < infos.get(c.id()).target().targets().size(); i++) {
                a = heldBy(sem, infos.get(c.id()).target().targets().get(i), seen, depth + 1);
            }
            if (a != null && !releasedAfter(sem.catalog(), calls, infos, c)) {
                return new Acquire(t.type().simpleName() + "." + t.method().name() + "() takes " + a.kind(),
                        a.tries() && answers);
            }
        }
        return null;
    }

    private static boolean releasedAfter(Catalog cat, List<CallSite> calls, List<CallInfo> infos, CallSite acquire) {
        for (int j = acquire.id() + 1; j < calls.size(); j++) {
            CallSite r = calls.get(j);
            if (r.catchDepth() == 0 && !r.exclusiveWith(acquire) && isRelease(cat, r, infos.get(j))) {
                return true;
            }
        }
        return false;
    }

    /** The library lock call {@code c} of {@code m} takes ({@link #findLibraryAcquisition}), or null. Memoised per scan. */
    static String libraryAcquisition(Semantics sem, MethodRef m, CallSite c) {
        String[] known = memo(sem).libraryOf(sem, m);
        String kind;
        synchronized (known) {
            kind = known[c.id()];
        }
        if (kind == null) {
            String found = findLibraryAcquisition(sem, m, c, sem.calls(m).get(c.id()));
            kind = found == null ? "" : found;
            synchronized (known) {
                known[c.id()] = kind;
            }
        }
        return kind.isEmpty() ? null : kind;
    }

    /** The library lock call {@code c} of {@code m} takes: a lock call on a distributed lock, SETNX, an advisory lock. */
    private static String findLibraryAcquisition(Semantics sem, MethodRef m, CallSite c, CallInfo ci) {
        String recvType = ci.target().receiverType().simpleName();
        Catalog cat = sem.catalog();
        Catalog.ProjectMatch declared = cat.projectLockMatch(ci.target().receiverType().name(), c.name(),
                c.args().size());
        if (declared != null) { // idemcheck.yml locks: the project's own lock API, read as a library lock is
            return recvType + "." + c.name() + "() (idemcheck.yml locks " + declared.pattern().pattern()
                    + " at line " + declared.pattern().line() + ")";
        }
        if (cat.terms(Vocabulary.LOCK_CALLS).has(c.name())) {
            if (cat.terms(Vocabulary.LOCAL_LOCK_TYPES).has(recvType)) {
                return null;
            }
            if (cat.terms(Vocabulary.DISTRIBUTED_LOCK_TYPES).has(recvType)) {
                return recvType + "." + c.name() + "()";
            }
            String src = receiverSource(cat, m, c);
            if (src != null && callsAny(src, cat.terms(Vocabulary.DISTRIBUTED_LOCK_FACTORY_CALLS))
                    && !src.contains("ReentrantLock")) {
                return (src.contains("obtain") ? "LockRegistry.obtain(..)." : "RLock.") + c.name() + "()";
            }
            return null;
        }
        if (c.name().equals("setIfAbsent") || c.name().equalsIgnoreCase("setnx")) {
            return "Redis " + c.name() + "()";
        }
        if (c.name().equals("set") && c.args().size() >= 3 && c.args().stream()
                .anyMatch(a -> a.text().matches("(?is).*(\\bnx\\s*\\(|\"NX\"|SetParams|SetOption\\.SET_IF_ABSENT).*"))) {
            return "Redis SET .. NX";
        }
        for (Arg a : c.args()) {
            String t = a.stringValue() != null ? a.stringValue() : a.text();
            if (advisory(t)) {
                return "database advisory lock (" + advisoryName(t) + ")";
            }
        }
        for (SqlStatement st : ci.statements()) {
            for (SqlFacts f : st.shapes()) {
                if (f.text() != null && advisory(f.text())) {
                    return "database advisory lock (" + advisoryName(f.text()) + ")";
                }
            }
        }
        return null;
    }

    // The regexes below run on every argument of every call: a plain search for a word each must contain rules out
    // almost every text first.

    private static boolean advisory(String t) {
        return Texts.containsIgnoreCase(t, "_lock") && ADVISORY.matcher(t).find();
    }

    private static boolean advisoryRelease(String t) {
        return Texts.containsIgnoreCase(t, "lock") && ADVISORY_RELEASE.matcher(t).find();
    }

    private static boolean luaLock(String t) {
        return Texts.containsIgnoreCase(t, "redis.call") && LUA_LOCK.matcher(t).find();
    }

    /** True when {@code text} calls one of the words ({@code getLock(}, {@code obtain (}): the word, spaces, '('. */
    static boolean callsAny(String text, io.idemcheck.core.catalog.Terms calls) {
        for (String w : calls.values()) {
            for (int i = text.indexOf(w); i >= 0; i = text.indexOf(w, i + 1)) {
                int j = i + w.length();
                while (j < text.length() && Character.isWhitespace(text.charAt(j))) {
                    j++;
                }
                if (j < text.length() && text.charAt(j) == '(') {
                    return true;
                }
            }
        }
        return false;
    }

    private static String advisoryName(String t) {
        java.util.regex.Matcher mt = ADVISORY.matcher(t);
        return mt.find() ? mt.group(1).replaceAll("\\s*\\($", "").toUpperCase(Locale.ROOT).replace("PG_", "pg_")
                .replace("ADVISORY_LOCK", "advisory_lock").replace("TRY_", "try_") : "advisory lock";
    }

    /** The text a lock call's receiver comes from: the chain ({@code registry.obtain(k).lock()}) or a local's init. */
    private static String receiverSource(Catalog cat, MethodRef m, CallSite c) {
        Receiver r = c.receiver();
        if (r.kind() == Receiver.Kind.CALL) {
            return r.text();
        }
        if (r.kind() == Receiver.Kind.NAME || r.kind() == Receiver.Kind.FIELD) {
            LocalVar lv = m.method().body().locals().get(r.name());
            if (lv != null) {
                if (lv.type() != null && cat.terms(Vocabulary.LOCAL_LOCK_TYPES).has(lv.type().simpleName())) {
                    return null;
                }
                if (lv.type() != null && cat.terms(Vocabulary.DISTRIBUTED_LOCK_TYPES).has(lv.type().simpleName())) {
                    return "getLock(";
                }
                return lv.initText();
            }
            io.idemcheck.core.facts.TypeRef ft = m.type().fields().get(r.name());
            if (ft != null && cat.terms(Vocabulary.DISTRIBUTED_LOCK_TYPES).has(ft.simpleName())) {
                return "getLock(";
            }
        }
        return null;
    }

    private static boolean isRelease(Catalog cat, CallSite c, CallInfo ci) {
        if (cat.terms(Vocabulary.LOCK_RELEASE_CALLS).has(c.name())) {
            return true;
        }
        for (Arg a : c.args()) {
            String t = a.stringValue() != null ? a.stringValue() : a.text();
            if (advisoryRelease(t)) {
                return true;
            }
        }
        for (SqlStatement st : ci.statements()) {
            for (SqlFacts f : st.shapes()) {
                if (f.text() != null && advisoryRelease(f.text())) {
                    return true;
                }
            }
        }
        return false;
    }

    /**
     * A call that runs a hand-rolled Redis Lua lock script (a script with {@code redis.call} and SETNX / SET NX /
     * PEXPIRE, given as a string, a local or a constant of the class), or null. Returns the script's text.
     */
    public static String luaLockScript(Catalog cat, MethodRef m, CallSite c) {
        if (!cat.terms(Vocabulary.LUA_SCRIPT_CALLS).has(c.name()) || c.args().isEmpty()) {
            return null;
        }
        for (Arg a : c.args()) {
            if (a.stringValue() != null && luaLock(a.stringValue())) {
                return a.stringValue();
            }
            for (String n : a.names()) {
                String v = m.type().constants().get(n);
                if (v != null && luaLock(v)) {
                    return v;
                }
                LocalVar lv = m.method().body().locals().get(n);
                if (lv != null && lv.initText() != null) {
                    if (luaLock(lv.initText())) {
                        return lv.initText();
                    }
                    for (String s : lv.sources()) {
                        String cv = m.type().constants().get(s);
                        if (cv != null && luaLock(cv)) {
                            return cv;
                        }
                    }
                }
            }
        }
        // a script object built from a constant of this class (new DefaultRedisScript<>(LOCK_SCRIPT, Long.class))
        if (!c.name().equals("scriptLoad")
                && c.receiver().text().matches("(?is).*(redis|jedis|template|commands|lettuce|cluster|connection).*")) {
            for (String v : m.type().constants().values()) {
                if (luaLock(v)) {
                    return v;
                }
            }
        }
        return null;
    }
}
