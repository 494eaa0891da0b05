package io.idemcheck.core.summary;

import io.idemcheck.core.catalog.Catalog;
import io.idemcheck.core.catalog.Vocabulary;
import io.idemcheck.core.facts.AnnotationFact;
import io.idemcheck.core.facts.Arg;
import io.idemcheck.core.facts.CallSite;
import io.idemcheck.core.facts.FileFacts;
import io.idemcheck.core.facts.GuardFact;
import io.idemcheck.core.facts.MethodFacts;
import io.idemcheck.core.facts.Receiver;
import io.idemcheck.core.facts.TypeFacts;
import io.idemcheck.core.index.CallTarget;
import io.idemcheck.core.index.MethodRef;
import io.idemcheck.core.index.ProjectIndex;
import io.idemcheck.core.index.ResolvedType;
import io.idemcheck.core.index.TypeEntry;

import java.util.ArrayList;
import java.util.Collection;
import java.util.HashMap;
import java.util.HashSet;
import java.util.IdentityHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * What the scanned project's tests do to its jobs: which test methods run a given method (through the call graph,
 * test code included, and through the kill-midway harness's job main class), whether they simulate a crash (the
 * runtime-test harness, crash points, a fault injected on the record call) and whether they assert on counts.
 */
public final class TestEvidence {

    /** The catalog's {@code crashPointText}, {@code crashHookNames} and {@code throwingGuardWords}. */
    private static final Pattern CRASH_TEXT = Catalog.builtin().terms(Vocabulary.CRASH_POINT_TEXT).regex("%s");
    private static final Pattern HOOK = Catalog.builtin().terms(Vocabulary.CRASH_HOOK_NAMES).regex("(?i)^(%s)\\w*");
    private static final Pattern THROWING_GUARD = Catalog.builtin().terms(Vocabulary.THROWING_GUARD_WORDS)
            .regex("(?i)(%s)");
    private static final Pattern CLASS_LITERAL = Pattern.compile("([A-Z][A-Za-z0-9_]*)\\.class");

    private final ProjectIndex index;
    private final List<MethodRef> tests = new ArrayList<>();
    private final Map<MethodRef, Integer> testOrder = new HashMap<>();
    private final Map<MethodRef, Set<MethodRef>> reach = new HashMap<>();
    private final Map<TypeFacts, List<MethodRef>> setups = new IdentityHashMap<>();
    /** Reverse edges of {@link #next}: for each method, the methods whose step may run it (built on first use). */
    private Map<MethodRef, List<MethodRef>> callers;
    /** Harness job main method to the tests that start it ({@code @KillMidwayTest(job = Main.class)}). */
    private Map<MethodRef, List<MethodRef>> harnessTests;
    /** Setup method to the tests it runs before (the tests of its class). */
    private Map<MethodRef, List<MethodRef>> setupTests;
    private final Map<MethodRef, Set<MethodRef>> ancestors = new HashMap<>();

    /** Collects the project's test methods (one pass over the index); every test file is in {@code index}. */
    public TestEvidence(ProjectIndex index) {
        this.index = index;
        for (MethodRef m : index.methods()) {
            if (m.file().test() && m.method().hasBody() && isTest(m.method())) {
                testOrder.put(m, tests.size());
                tests.add(m);
            }
        }
    }

    /**
     * The evidence about {@code targets} when the scan held test files back ({@link HeldTests}): the same answers for
     * those targets as evidence over every test file, with only the test files that can give them parsed.
     *
     * <p>A test runs a target only through a chain of calls (or a {@code new Type(..)} receiver, or a job main class
     * named by a class literal) whose main-code part consists of the target's ancestors in main code; each step names
     * the method or type it reaches, and a call on a test double reaches an inherited main method through the main
     * type the double extends, a subtype of the method's type (whose name is asked for too). So the test files that can reach a target are those whose text names such an
     * ancestor, or a test type or method declared in a file that does ({@link HeldTests#filesNaming} closes over
     * those). A step resolves through the types its file names (a test base class holding the job in a field typed
     * by the job's interface, a helper returning it): {@link HeldTests#filesNaming} also parses the held files
     * declaring a type a parsed test file names. {@code words} adds names asked about directly: the record steps a
     * test's fake may make throw ({@link #recordFault}).
     *
     * @param main    the index of the first parse (main code and the test files not held back)
     * @param held    the held test files, or null when none was held
     * @param targets the methods the caller will ask {@link #testsReaching} and {@link #reaches} about
     * @param words   more identifiers whose test declarations matter, e.g. record method names
     * @return evidence over {@code main} plus the held test files that can name a target; {@link #anyTestSources}
     *         true when some test file parses (held or not)
     */
    public static TestEvidence covering(ProjectIndex main, HeldTests held, Collection<MethodRef> targets,
                                        Collection<String> words) {
        if (held == null || held.held() == 0) {
            return new TestEvidence(main);
        }
        TestEvidence onMain = new TestEvidence(main);
        Set<String> names = new HashSet<>(words);
        Set<String> typesSeen = new HashSet<>();
        for (MethodRef t : targets) {
            for (MethodRef a : onMain.ancestors(t)) {
                names.add(a.method().name());
                if (typesSeen.add(a.type().fqn())) {
                    addTypeNames(a, names);
                    // a test double may extend a main subtype that inherits the method: its calls reach it through
                    // that subtype, and its text names only the subtype
                    for (TypeEntry sub : main.subtypes(a.type().fqn())) {
                        names.add(sub.type().simpleName());
                    }
                }
            }
        }
        List<FileFacts> files = held.filesNaming(names);
        ProjectIndex index = files.size() == main.files().size() ? main : main.withFiles(files);
        // filesNaming parses a held file until one parses when none of the others is test code: a scan whose only
        // test files do not parse has no test sources, as when every file is parsed
        return new TestEvidence(index);
    }

    /** The simple names of {@code m}'s type and of the types it is nested in ({@code Outer}, {@code Inner}). */
    private static void addTypeNames(MethodRef m, Set<String> names) {
        names.add(m.type().simpleName());
        String pkg = m.file().packageName();
        String fqn = m.type().fqn();
        String nested = pkg == null || pkg.isEmpty() || !fqn.startsWith(pkg + ".") ? fqn
                : fqn.substring(pkg.length() + 1);
        for (String part : nested.split("[.$]")) {
            if (!part.isEmpty()) {
                names.add(part);
            }
        }
    }

    /** True when some scanned file that parses is test code (held back or not). Constant time. */
    public boolean anyTestSources() {
        return index.anyTestSources();
    }

    /** Test methods (JUnit 4/5, TestNG, {@code @KillMidwayTest}) in test code. */
    public List<MethodRef> tests() {
        return tests;
    }

    private boolean isTest(MethodFacts m) {
        return m.annotations().stream()
                .anyMatch(a -> index.catalog().terms(Vocabulary.TEST_ANNOTATIONS).has(a.simpleName()));
    }

    /** Methods a test runs: through calls, through its setup methods, and through the harness's job main class. */
    public Set<MethodRef> reach(MethodRef test) {
        return reach.computeIfAbsent(test, t -> closure(starts(t)));
    }

    /** Where a test's reach starts: the test, its setup methods and the harness's job mains. */
    private List<MethodRef> starts(MethodRef test) {
        List<MethodRef> starts = new ArrayList<>(withSetups(test));
        starts.addAll(harnessMains(test));
        return starts;
    }

    private Set<MethodRef> closure(List<MethodRef> starts) {
        return index.closure(starts, this::next);
    }

    /** One step of a test's reach: the project methods {@code m}'s calls run, and job mains named by class literals. */
    private List<MethodRef> next(MethodRef m) {
        List<MethodRef> next = new ArrayList<>(targets(m));
        next.addAll(classLiteralMains(m));
        return next;
    }

    /**
     * The tests that run one of {@code targets} (as {@link #reach} sees it), in {@link #tests()} order. Found backwards from
     * the target over the reversed call graph (built once, linear in the project's calls), so asking for every job
     * costs the jobs' callers, not every test's reach.
     */
    public List<MethodRef> testsReaching(java.util.Collection<MethodRef> targets) {
        Set<MethodRef> hit = new java.util.HashSet<>();
        for (MethodRef target : targets) {
            for (MethodRef m : ancestors(target)) {
                if (testOrder.containsKey(m)) {
                    hit.add(m);
                }
                hit.addAll(harnessTests.getOrDefault(m, List.of()));
                hit.addAll(setupTests.getOrDefault(m, List.of()));
            }
        }
        List<MethodRef> out = new ArrayList<>(hit);
        out.sort(java.util.Comparator.comparingInt(testOrder::get));
        return out;
    }

    /** True when {@code test} runs {@code target}: the same answer as {@code reach(test).contains(target)}. */
    public boolean reaches(MethodRef test, MethodRef target) {
        Set<MethodRef> up = ancestors(target);
        for (MethodRef s : starts(test)) {
            if (up.contains(s)) {
                return true;
            }
        }
        return false;
    }

    /** Every method from which {@link #next} steps lead to {@code target} (the target included). Cached. */
    private Set<MethodRef> ancestors(MethodRef target) {
        Set<MethodRef> cached = ancestors.get(target);
        if (cached != null) {
            return cached;
        }
        buildCallers();
        Set<MethodRef> seen = new LinkedHashSet<>();
        java.util.ArrayDeque<MethodRef> queue = new java.util.ArrayDeque<>();
        seen.add(target);
        queue.add(target);
        while (!queue.isEmpty()) {
            MethodRef m = queue.pop();
            List<MethodRef> up = callers.getOrDefault(m, List.of());
            index.countWork(1 + up.size());
            for (MethodRef c : up) {
                if (seen.add(c)) {
                    queue.add(c);
                }
            }
        }
        ancestors.put(target, seen);
        return seen;
    }

    private void buildCallers() {
        if (callers != null) {
            return;
        }
        Map<MethodRef, List<MethodRef>> rev = new HashMap<>();
        Map<MethodRef, List<MethodRef>> harness = new HashMap<>();
        for (MethodRef m : index.methods()) {
            if (!m.method().hasBody()) {
                continue; // the closure never expands a method without a body
            }
            for (MethodRef n : next(m)) {
                rev.computeIfAbsent(n, k -> new ArrayList<>()).add(m);
            }
        }
        Map<MethodRef, List<MethodRef>> setup = new HashMap<>();
        for (MethodRef t : tests) {
            for (MethodRef h : harnessMains(t)) {
                harness.computeIfAbsent(h, k -> new ArrayList<>()).add(t);
            }
            for (MethodRef su : setups(t)) {
                setup.computeIfAbsent(su, k -> new ArrayList<>()).add(t);
            }
        }
        callers = rev;
        harnessTests = harness;
        setupTests = setup;
    }

    /** The project methods each call of {@code m} may run, plus calls on {@code new Type(..)}. */
    private List<MethodRef> targets(MethodRef m) {
        List<MethodRef> out = new ArrayList<>();
        for (CallTarget t : index.calls(m)) {
            out.addAll(t.targets());
            if (t.targets().isEmpty()) {
                out.addAll(onNewInstance(m, t.call()));
            }
        }
        return out;
    }

    private static final Pattern NEW_TYPE = Pattern.compile("^\\(?\\s*new\\s+([A-Za-z_][A-Za-z0-9_.]*)\\s*[(<]");

    private List<MethodRef> onNewInstance(MethodRef m, CallSite c) {
        if (c.receiver().kind() != Receiver.Kind.OTHER) {
            return List.of();
        }
        Matcher mt = NEW_TYPE.matcher(c.receiver().text());
        if (!mt.find()) {
            return List.of();
        }
        ResolvedType rt = index.resolveType(mt.group(1), m.file(), m.type());
        TypeEntry te = index.typeOf(rt).orElse(null);
        return te == null ? List.of() : index.findMethods(te, c.name(), c.argCount());
    }

    /** {@code @KillMidwayTest(job = Main.class)}: the main method of the job class. */
    private List<MethodRef> harnessMains(MethodRef test) {
        List<MethodRef> out = new ArrayList<>();
        for (AnnotationFact a : test.method().annotations()) {
            for (String v : a.values().values()) {
                out.addAll(mainsOf(test, v));
            }
        }
        return out;
    }

    /** {@code JobSpec.of(Main.class)} and other class literals handed to calls: the main method of that class. */
    private List<MethodRef> classLiteralMains(MethodRef m) {
        List<MethodRef> out = new ArrayList<>();
        if (!m.file().test()) {
            return out;
        }
        for (CallSite c : m.method().body().calls()) {
            for (Arg a : c.args()) {
                if (a.text().contains(".class")) {
                    out.addAll(mainsOf(m, a.text()));
                }
            }
        }
        return out;
    }

    private List<MethodRef> mainsOf(MethodRef context, String text) {
        List<MethodRef> out = new ArrayList<>();
        Matcher mt = CLASS_LITERAL.matcher(text);
        while (mt.find()) {
            ResolvedType rt = index.resolveType(mt.group(1), context.file(), context.type());
            TypeEntry te = index.typeOf(rt).orElse(null);
            if (te != null) {
                out.addAll(index.findMethods(te, "main", 1));
            }
        }
        return out;
    }

    /** Setup methods of the test's class ({@code @BeforeEach} and friends), in declaration order. Cached per class. */
    public List<MethodRef> setups(MethodRef test) {
        return setups.computeIfAbsent(test.owner().type(), k -> {
            List<MethodRef> out = new ArrayList<>();
            for (MethodRef m : index.methodsOf(test.owner())) {
                if (m.method().hasBody() && m.method().annotations().stream()
                        .anyMatch(a -> index.catalog().terms(Vocabulary.TEST_SETUP_ANNOTATIONS).has(a.simpleName()))) {
                    out.add(m);
                }
            }
            return List.copyOf(out);
        });
    }

    /** How many times the test's own body runs {@code target} (a call in a loop counts twice). */
    public int runs(MethodRef test, MethodRef target) {
        int n = 0;
        List<CallTarget> ts = index.calls(test);
        Set<MethodRef> up = ancestors(target);
        for (CallTarget t : ts) {
            List<MethodRef> direct = new ArrayList<>(t.targets());
            if (direct.isEmpty()) {
                direct.addAll(onNewInstance(test, t.call()));
            }
            for (MethodRef d : direct) {
                if (up.contains(d)) {
                    n += t.call().loopIds().isEmpty() ? 1 : 2;
                    break;
                }
            }
        }
        return n;
    }

    /** The crash simulated through the runtime-test harness or crash points, or null. */
    public String harnessCrash(MethodRef test) {
        if (test.method().annotation("KillMidwayTest") != null) {
            return "@KillMidwayTest";
        }
        for (MethodRef m : withSetups(test)) {
            for (CallSite c : m.method().body().calls()) {
                if (index.catalog().terms(Vocabulary.CRASH_HARNESS_CALLS).has(c.name())) {
                    return "KillMidwayHarness." + c.name() + "()";
                }
                if (CRASH_TEXT.matcher(c.text()).find()) {
                    return "a crash point (" + c.text().replace('\n', ' ') + ")";
                }
            }
        }
        return null;
    }

    /**
     * The fault injected on a record call named {@code recordName}, or null: a Mockito {@code doThrow(..).when(m)
     * .record(..)} / {@code when(m.record(..)).thenThrow(..)}, a fault-injection hook ({@code failOnUpdate()},
     * {@code crashAfter(..)}), or a fake in test code whose record method throws under a condition.
     */
    public String recordFault(MethodRef test, String recordName) {
        for (MethodRef m : withSetups(test)) {
            List<CallSite> calls = m.method().body().calls();
            for (CallSite c : calls) {
                if (c.name().equals(recordName) && c.receiver().kind() == Receiver.Kind.CALL) {
                    CallSite w = calls.get(c.receiver().callId());
                    if ((w.name().equals("when") || w.name().equals("given")) && chainHas(calls, w, "Throw")) {
                        return "doThrow(..)." + w.name() + "(..)." + recordName + "(..)";
                    }
                }
                if (c.name().equals("thenThrow") || c.name().equals("willThrow")) {
                    CallSite cur = c;
                    int guard = 0;
                    while (cur.receiver().kind() == Receiver.Kind.CALL && guard++ < 16) {
                        cur = calls.get(cur.receiver().callId());
                        if (cur.name().equals("when") || cur.name().equals("given")) {
                            for (Arg a : cur.args()) {
                                for (int id : a.callIds()) {
                                    if (calls.get(id).name().equals(recordName)) {
                                        return cur.name() + "(.." + recordName + "(..)).thenThrow(..)";
                                    }
                                }
                            }
                        }
                    }
                }
                if (HOOK.matcher(c.name()).matches()) {
                    return c.name() + "()";
                }
            }
        }
        // a fake in test code: only test methods named like the record with a throwing guard can answer, so look
        // those up by name first (almost always none) before walking the test's reach
        List<MethodRef> throwing = new ArrayList<>();
        for (MethodRef r : index.methodsNamed(recordName)) {
            if (r.file().test() && throwingGuard(r) != null) {
                throwing.add(r);
            }
        }
        if (throwing.isEmpty()) {
            return null;
        }
        Set<String> used = new java.util.HashSet<>();
        for (MethodRef m : withSetups(test)) {
            m.method().body().locals().values().forEach(lv -> used.add(lv.type().simpleName()));
        }
        test.type().fields().values().forEach(tr -> used.add(tr.simpleName()));
        Set<MethodRef> candidates = new LinkedHashSet<>(reach(test));
        List<MethodRef> byType = new ArrayList<>();
        for (MethodRef r : throwing) {
            if (used.contains(r.type().simpleName())) {
                byType.add(r);
            }
        }
        candidates.addAll(byType);
        for (MethodRef r : candidates) {
            if (r.file().test() && r.method().name().equals(recordName)) {
                GuardFact g = throwingGuard(r);
                if (g != null) {
                    return r.type().simpleName() + "." + recordName + "() throwing when " + g.text();
                }
            }
        }
        return null;
    }

    private static GuardFact throwingGuard(MethodRef r) {
        for (GuardFact g : r.method().body().guards()) {
            if (THROWING_GUARD.matcher(g.text()).find()) {
                return g;
            }
        }
        return null;
    }

    private static boolean chainHas(List<CallSite> calls, CallSite from, String fragment) {
        CallSite cur = from;
        int guard = 0;
        while (cur.receiver().kind() == Receiver.Kind.CALL && guard++ < 16) {
            cur = calls.get(cur.receiver().callId());
            if (cur.name().contains(fragment)) {
                return true;
            }
        }
        return false;
    }

    /**
     * True when the test's own body asserts on something countable. Its setup methods do not count: they run before
     * the test runs the job, so what they assert (an empty table, a fresh mock) counts none of the job's effects, and
     * IDEM007 asks for counts checked after the job ran again.
     */
    public boolean assertsCounts(MethodRef test) {
        for (CallSite c : test.method().body().calls()) {
            if (index.catalog().terms(Vocabulary.COUNT_ASSERTIONS).has(c.name())) {
                return true;
            }
        }
        return false;
    }

    private List<MethodRef> withSetups(MethodRef test) {
        List<MethodRef> out = new ArrayList<>();
        out.add(test);
        out.addAll(setups(test));
        return out;
    }
}
