package io.idemcheck.core.summary;

import io.idemcheck.core.catalog.Catalog;
import io.idemcheck.core.catalog.Terms;
import io.idemcheck.core.catalog.Vocabulary;
import io.idemcheck.core.facts.AnnotationFact;
import io.idemcheck.core.facts.Body;
import io.idemcheck.core.facts.CallSite;
import io.idemcheck.core.facts.LambdaFact;
import io.idemcheck.core.facts.LoopFact;
import io.idemcheck.core.facts.Range;
import io.idemcheck.core.index.MethodRef;
import io.idemcheck.core.index.ProjectIndex;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Job entry points that no annotation or interface names, recognised by what the code does (see {@link EntryPoints}):
 * a task handed to a timer ({@code scheduleWithFixedDelay(() -> .., ..)}, {@code scheduleAtFixedRate(this::poll, ..)}),
 * a thread loop that runs until a flag says stop ({@code while (running) { ..; sleep(..) }}), an HTTP endpoint an
 * outside scheduler calls to run a batch ({@code PATCH /jobs/card-payments-status-update}, or any HTTP handler that
 * loops over rows it selects by their state) and a webhook another system
 * calls back until it gets a success ({@code POST /telephony/callback}). The words and calls come from the catalog
 * ({@code scheduledTaskCalls}, {@code loopWaitCalls}, {@code requestMappingAnnotations}, {@code jobEndpointPathWords},
 * {@code webhookPathWords}).
 */
final class EntryKinds {

    private static final Pattern METHOD_REF =
            Pattern.compile("^\\s*(?:\\(\\s*[\\w$.<>?, ]+\\)\\s*)?([A-Za-z_$][\\w$]*)\\s*::\\s*([A-Za-z_$][\\w$]*)\\s*$");
    private static final Pattern WORD = Pattern.compile("[A-Z]?[a-z0-9]+|[A-Z]+(?![a-z])");

    private final ProjectIndex index;
    private final Catalog catalog;
    /** Per vocabulary of calls, method name to the "call() in Type.m() at line N" texts of the calls that run it by
     * method reference; built on first use. */
    private final Map<Vocabulary, Map<String, List<Ref>>> refs = new java.util.EnumMap<>(Vocabulary.class);

    /**
     * A call elsewhere that hands a method over by reference ({@code this::run}) or by a lambda that only calls it
     * ({@code () -> poll()}): the owner's type name or fqn, "call() in Type.m() at line N", and where the call is.
     */
    private record Ref(String owner, String text, MethodRef in, CallSite call) {
    }
    /**
     * Handler method to the dispatch that runs it (see {@link #dispatchedHandler}); built on first use, with no lock
     * held: building it asks {@code base} (the entry points, which take the Semantics lock), and a thread holding that
     * lock may be waiting for this object's ({@link #refs}), so holding this one while building deadlocked two rule
     * threads. Two threads may both build it; they build the same map.
     */
    private volatile Map<MethodRef, String> dispatched;

    EntryKinds(ProjectIndex index) {
        this(index, null);
    }

    /** With {@code facts}, what each call does (its SQL), for {@link #batchEndpoint}; without, no such entries. */
    EntryKinds(ProjectIndex index, CallFacts facts) {
        this.index = index;
        this.catalog = index.catalog();
        this.facts = facts;
    }

    private final CallFacts facts;

    /** The first kind {@code m} is an entry point of, in words, or null. */
    String entryPoint(MethodRef m) {
        if (m.file().test() || !m.method().hasBody()) {
            return null;
        }
        String k = scheduledTask(m);
        if (k == null) {
            k = registeredConsumer(m);
        }
        if (k == null) {
            k = functionalConsumer(m);
        }
        if (k == null) {
            k = threadLoop(m);
        }
        if (k == null) {
            k = jobEndpoint(m);
        }
        if (k == null) {
            k = batchEndpoint(m);
        }
        if (k == null) {
            k = webhook(m);
        }
        return k;
    }

    /**
     * A handler a job dispatches to: a job entry point ({@code base}) calls, in a loop or a per-element lambda, a method
     * that several project classes implement ({@code for (DailyTask t : tasks) t.execute()} over the registered
     * beans, {@code handlers.get(name).handle(..)} in a loop), and {@code m} is one of them. Each handler is a job of
     * its own, with its own window and its own kill-midway test.
     */
    String dispatchedHandler(MethodRef m, java.util.function.Function<MethodRef, String> base) {
        Map<MethodRef, String> d = dispatched;
        if (d == null) {
            Map<MethodRef, String> out = new HashMap<>();
            for (MethodRef o : index.methods()) {
                if (o.file().test() || !o.method().hasBody() || base.apply(o) == null) {
                    continue;
                }
                for (io.idemcheck.core.index.CallTarget t : index.calls(o)) {
                    CallSite c = t.call();
                    if (c.loopIds().isEmpty() && c.lambdaId() < 0) {
                        continue;
                    }
                    // the implementations: main-code targets with a body (not the interface's own declaration)
                    List<MethodRef> handlers = new ArrayList<>();
                    for (MethodRef h : t.targets()) {
                        if (!h.file().test() && h.method().hasBody()) {
                            handlers.add(h);
                        }
                    }
                    if (handlers.size() < 2) {
                        continue;
                    }
                    for (MethodRef h : handlers) {
                        out.putIfAbsent(h, "a handler the job " + o.type().simpleName() + "." + o.method().name()
                                + "() dispatches to (" + Sites.display(c) + " at line " + c.range().line()
                                + " runs each of " + handlers.size() + " implementations)");
                    }
                }
            }
            dispatched = out;
            d = out;
        }
        return d.get(m);
    }

    /**
     * A task run on a timer: {@code m} hands a lambda to a {@code scheduledTaskCalls} call (the lambda's calls are in
     * {@code m}'s body), or such a call elsewhere names {@code m} by a method reference ({@code this::m},
     * {@code Type::m}).
     */
    String scheduledTask(MethodRef m) {
        return handedTo(m, Vocabulary.SCHEDULED_TASK_CALLS, "a task handed to ");
    }

    /**
     * A message consumer registered in code: {@code m} hands a lambda to a {@code listenerRegistrationCalls} call
     * ({@code containerProperties.setMessageListener((MessageListener<K, V>) rec -> ..)}), or such a call elsewhere names
     * {@code m} by a method reference ({@code setMessageListener(this::onMessage)}).
     */
    String registeredConsumer(MethodRef m) {
        return handedTo(m, Vocabulary.LISTENER_REGISTRATION_CALLS, "a message consumer registered with ");
    }

    /**
     * The lambda that {@code m} hands over as its message consumer ({@link #registeredConsumer}: the lambda given to
     * the registration call; {@link #functionalConsumer}: the lambda the bean method returns), or -1 when {@code m}
     * itself is the consumer (registered by a method reference) or is no consumer.
     */
    int consumerLambda(MethodRef m) {
        Body body = m.method().body();
        Terms calls = catalog.terms(Vocabulary.LISTENER_REGISTRATION_CALLS);
        for (LambdaFact l : body.lambdas()) {
            if (l.ownerCallId() >= 0 && l.parentId() < 0 && calls.has(body.calls().get(l.ownerCallId()).name())
                    && !standsForReference(body, l)) {
                return l.id();
            }
        }
        if (functionalConsumer(m) != null) {
            for (LambdaFact l : body.lambdas()) {
                if (l.ownerCallId() < 0 && l.parentId() < 0) {
                    return l.id();
                }
            }
        }
        return -1;
    }

    /**
     * A Spring Cloud Stream functional consumer: a bean method ({@code beanMethodAnnotations}) whose declared type is a
     * {@code functionalConsumerTypes} type ({@code @Bean Consumer<Order> orders() { return o -> ..; }}) and which
     * returns a lambda or a method reference (its calls are in {@code m}'s body). A {@code Supplier} bean is a source.
     */
    String functionalConsumer(MethodRef m) {
        Terms types = catalog.terms(Vocabulary.FUNCTIONAL_CONSUMER_TYPES);
        String type = m.method().returnType().simpleName().replaceAll("<.*", "").strip();
        if (!types.has(type) || m.method().annotations().stream()
                .noneMatch(a -> catalog.terms(Vocabulary.BEAN_METHOD_ANNOTATIONS).has(a.simpleName()))) {
            return null;
        }
        for (LambdaFact l : m.method().body().lambdas()) {
            if (l.ownerCallId() < 0 && l.parentId() < 0) {
                return "a message consumer bean (@Bean " + type + " " + m.method().name() + "(), which a binder such "
                        + "as Spring Cloud Stream calls for each message; catalog.json functionalConsumerTypes)";
            }
        }
        return null;
    }

    /**
     * {@code m} hands a lambda of its own to a {@code calls} call, or such a call elsewhere names {@code m} by a method
     * reference ({@code this::m}, {@code Type::m}); "{@code what} call() at line N (catalog.json key)", or null. A
     * method reference in {@code m} itself stands for a call of the referenced method, which is the entry instead.
     */
    private String handedTo(MethodRef m, Vocabulary vocabulary, String what) {
        Terms calls = catalog.terms(vocabulary);
        CallSite own = handingCall(m, calls);
        if (own != null) {
            return what + own.name() + "() at line " + own.range().line() + " (catalog.json " + vocabulary.key() + ")";
        }
        Ref ref = refTo(m, vocabulary);
        return ref == null ? null : what + ref.text() + " (catalog.json " + vocabulary.key() + ")";
    }

    /**
     * The {@code calls} call {@code m} hands a lambda of its own to, whose body runs in {@code m} (not a lambda that
     * stands for a method reference or only calls one project method: that method is the entry), or null.
     */
    private CallSite handingCall(MethodRef m, Terms calls) {
        Body body = m.method().body();
        for (LambdaFact l : body.lambdas()) {
            if (l.ownerCallId() >= 0 && l.parentId() < 0 && calls.has(body.calls().get(l.ownerCallId()).name())
                    && !standsForReference(body, l) && onlyCall(m, l).isEmpty()) {
                return body.calls().get(l.ownerCallId());
            }
        }
        return null;
    }

    /** The call elsewhere that hands {@code m} over to a {@code vocabulary} call by reference or lambda, or null. */
    private Ref refTo(MethodRef m, Vocabulary vocabulary) {
        for (Ref ref : refs(vocabulary).getOrDefault(m.method().name(), List.of())) {
            if (ref.owner().equals(m.type().fqn()) || ref.owner().equals(m.type().simpleName())) {
                return ref;
            }
        }
        return null;
    }

    /**
     * The project methods (main code, with a body) that lambda {@code l} of {@code m} does nothing but call:
     * {@code () -> poll()}, {@code () -> this.sync(batchSize)}, {@code () -> service.run()}, with no loop of its own
     * around the call. Such a lambda runs that method on each tick, as {@code this::poll} does; empty otherwise.
     */
    private List<MethodRef> onlyCall(MethodRef m, LambdaFact l) {
        Body body = m.method().body();
        CallSite only = null;
        for (CallSite c : body.calls()) {
            if (c.lambdaId() == l.id()) {
                if (only != null) {
                    return List.of();
                }
                only = c;
            }
        }
        if (only == null || only.methodReference()
                || !only.loopIds().equals(body.calls().get(l.ownerCallId()).loopIds())) {
            return List.of();
        }
        List<MethodRef> out = new ArrayList<>();
        for (MethodRef t : index.calls(m).get(only.id()).targets()) {
            if (!t.file().test() && t.method().hasBody()) {
                out.add(t);
            }
        }
        return out;
    }

    /**
     * Where job entry {@code m} is handed over to the scheduler or the listener container that runs it, or null:
     * the timer call its own lambda is given to ({@code executor.scheduleWithFixedDelay(() -> {..}, ..)} in
     * {@code m}), or the call elsewhere that names {@code m} by a method reference or a lambda that only calls it
     * ({@code executor.scheduleAtFixedRate(this::run, ..)} in a {@code @PostConstruct} method).
     */
    io.idemcheck.core.finding.Location registration(MethodRef m) {
        if (m.file().test() || !m.method().hasBody()) {
            return null;
        }
        for (Vocabulary v : List.of(Vocabulary.SCHEDULED_TASK_CALLS, Vocabulary.LISTENER_REGISTRATION_CALLS)) {
            CallSite own = handingCall(m, catalog.terms(v));
            if (own != null) {
                return Sites.location(m, own.range(), Sites.display(own) + " runs it: the job is registered here");
            }
            Ref ref = refTo(m, v);
            if (ref != null) {
                return Sites.location(ref.in(), ref.call().range(), Sites.display(ref.call()) + " in "
                        + ref.in().type().simpleName() + "." + ref.in().method().name() + "() runs "
                        + m.type().simpleName() + "." + m.method().name() + "(): the job is registered here");
            }
        }
        return null;
    }

    /** True when lambda {@code l} is the one a method reference stands for ({@link CallSite#methodReference()}). */
    private static boolean standsForReference(Body body, LambdaFact l) {
        for (CallSite c : body.calls()) {
            if (c.lambdaId() == l.id() && c.methodReference()) {
                return true;
            }
        }
        return false;
    }

    /** Built under this object's lock; it must call nothing that takes the Semantics lock (see {@link #dispatched}). */
    private synchronized Map<String, List<Ref>> refs(Vocabulary vocabulary) {
        Map<String, List<Ref>> cached = refs.get(vocabulary);
        if (cached != null) {
            return cached;
        }
        Map<String, List<Ref>> out = new HashMap<>();
        Terms calls = catalog.terms(vocabulary);
        for (MethodRef o : index.methods()) {
            if (o.file().test() || !o.method().hasBody()) {
                continue;
            }
            for (CallSite c : o.method().body().calls()) {
                if (!calls.has(c.name())) {
                    continue;
                }
                String text = c.name() + "() in " + o.type().simpleName() + "." + o.method().name() + "() at line "
                        + c.range().line();
                for (io.idemcheck.core.facts.Arg a : c.args()) {
                    Matcher mr = METHOD_REF.matcher(a.text());
                    if (mr.matches()) {
                        String owner = mr.group(1).equals("this") ? o.type().fqn() : mr.group(1);
                        out.computeIfAbsent(mr.group(2), k -> new ArrayList<>()).add(new Ref(owner, text, o, c));
                    }
                }
                // a lambda that only calls a project method (() -> poll()) hands that method over, as this::poll does
                for (LambdaFact l : o.method().body().lambdas()) {
                    if (l.ownerCallId() == c.id() && l.parentId() < 0
                            && !standsForReference(o.method().body(), l)) {
                        for (MethodRef t : onlyCall(o, l)) {
                            out.computeIfAbsent(t.method().name(), k -> new ArrayList<>())
                                    .add(new Ref(t.type().fqn(), text, o, c));
                        }
                    }
                }
            }
        }
        refs.put(vocabulary, out);
        return out;
    }

    /**
     * A thread loop: a {@code while} or {@code do} loop whose condition is a flag, not a comparison
     * ({@code while (running)}, {@code while (!isStopped())}, {@code while (true)}), and which waits inside
     * ({@code loopWaitCalls}: sleep, take): it runs until the process stops, and each turn is a run of a job.
     */
    String threadLoop(MethodRef m) {
        Body body = m.method().body();
        Terms waits = catalog.terms(Vocabulary.LOOP_WAIT_CALLS);
        for (LoopFact l : body.loops()) {
            if (!l.kind().equals("while") && !l.kind().equals("do")) {
                continue;
            }
            String cond = l.iterable() == null ? "" : l.iterable();
            if (cond.contains("<") || cond.contains(">") || cond.contains("=") || !l.vars().isEmpty()
                    || cond.strip().equals("true") && !m.method().name().equals("run")) {
                // a counted or draining loop (while (i < n), while ((t = q.poll()) != null)); a while (true) outside
                // a thread's run() is as often a retry loop that returns on success
                continue;
            }
            for (CallSite c : body.calls()) {
                if (c.loopIds().contains(l.id()) && waits.has(c.name())) {
                    return "a thread loop (while (" + cond.strip() + ") at line " + l.range().line() + ", waiting in "
                            + c.name() + "() at line " + c.range().line() + "; catalog.json loopWaitCalls)";
                }
            }
        }
        return null;
    }

    /**
     * An HTTP endpoint an outside scheduler calls to run a batch: its path (the class's mapping and the method's)
     * holds a {@code jobEndpointPathWords} word ({@code /jobs/card-payments-status-update}).
     */
    String jobEndpoint(MethodRef m) {
        String path = mappedPath(m);
        if (path == null) {
            return null;
        }
        String w = firstWord(path, catalog.terms(Vocabulary.JOB_ENDPOINT_PATH_WORDS));
        return w == null ? null : "an HTTP endpoint an outside scheduler calls (" + path.strip() + ": \"" + w
                + "\", catalog.json jobEndpointPathWords)";
    }

    /**
     * An HTTP endpoint an outside cron calls to run a batch, whatever its path: a mapped method with a loop over rows
     * it selects itself by their state (a SELECT whose WHERE names a status column, run by a call that feeds the
     * loop, or by the project read method that call reaches). An endpoint for one item, or one that walks what the
     * request carries, has no such loop.
     */
    String batchEndpoint(MethodRef m) {
        String path = facts == null ? null : mappedPath(m);
        if (path == null) {
            return null;
        }
        List<CallInfo> infos = facts.calls(m);
        for (LoopFact l : m.method().body().loops()) {
            for (CallSite c : feeding(m, l)) {
                String col = InProgressStates.selectStatusColumn(catalog, infos.get(c.id()).statements());
                for (MethodRef t : infos.get(c.id()).target().targets()) {
                    if (col == null && !t.file().test() && t.method().hasBody() && !t.equals(m)) {
                        List<io.idemcheck.core.sql.SqlStatement> sts = new ArrayList<>();
                        facts.calls(t).forEach(tc -> sts.addAll(tc.statements()));
                        col = InProgressStates.selectStatusColumn(catalog, sts);
                    }
                }
                if (col != null) {
                    return "an HTTP endpoint that runs a batch (" + path.strip() + ": the loop at line "
                            + l.range().line() + " walks rows " + Sites.display(c) + " selects by " + col + ")";
                }
            }
        }
        return null;
    }

    /** The calls whose result loop {@code l} iterates: its header's calls, the receiver chain a forEach lambda is
     * passed to, and the calls that initialise the locals it reads. */
    private static List<CallSite> feeding(MethodRef m, LoopFact l) {
        List<CallSite> calls = m.method().body().calls();
        List<CallSite> out = new ArrayList<>();
        java.util.Set<String> names = new java.util.HashSet<>(l.names());
        for (CallSite c : calls) {
            if (c.loopIds().contains(l.id())) {
                if (c.lambdaId() >= 0 && l.kind().startsWith("lambda:")) {
                    int owner = m.method().body().lambdas().get(c.lambdaId()).ownerCallId();
                    for (int id = owner, g = 0; id >= 0 && g < 16; g++) { // rows.stream().filter(..).forEach(..)
                        CallSite o = calls.get(id);
                        out.add(o);
                        if (o.receiver().kind() == io.idemcheck.core.facts.Receiver.Kind.NAME) {
                            names.add(o.receiver().name());
                        }
                        id = o.receiver().callId();
                    }
                    break;
                }
                continue;
            }
            Range r = l.range();
            if (!l.kind().startsWith("lambda:") && c.range().line() >= r.line() && c.range().line() <= r.endLine()
                    && c.id() < firstCallIn(calls, l)) {
                out.add(c); // evaluated in the loop header
            }
        }
        for (String n : Dataflow.roots(m, names)) {
            io.idemcheck.core.facts.LocalVar lv = m.method().body().locals().get(n);
            if (lv != null) {
                lv.initCallIds().forEach(id -> out.add(calls.get(id)));
            }
        }
        return out;
    }

    private static int firstCallIn(List<CallSite> calls, LoopFact l) {
        for (CallSite c : calls) {
            if (c.loopIds().contains(l.id())) {
                return c.id();
            }
        }
        return Integer.MAX_VALUE;
    }


    /**
     * A webhook: a POST (PUT, PATCH) endpoint whose path holds a {@code webhookPathWords} word
     * ({@code /telephony/callback}, {@code /pay/notify}); the caller sends it again until it gets a success.
     */
    String webhook(MethodRef m) {
        String path = mappedPath(m);
        if (path == null || !writes(m)) {
            return null;
        }
        String w = firstWord(path, catalog.terms(Vocabulary.WEBHOOK_PATH_WORDS));
        return w == null ? null : "a webhook endpoint (" + path.strip() + ": \"" + w + "\", catalog.json "
                + "webhookPathWords): the caller sends it again until it gets a success";
    }

    /** The method's HTTP path (class mapping, then method mapping), or null when the method maps none. */
    private String mappedPath(MethodRef m) {
        AnnotationFact a = mapping(m.method().annotations());
        if (a == null) {
            return null;
        }
        AnnotationFact t = mapping(m.type().annotations());
        return (t == null ? "" : pathOf(t)) + " " + pathOf(a);
    }

    private AnnotationFact mapping(List<AnnotationFact> annotations) {
        Terms names = catalog.terms(Vocabulary.REQUEST_MAPPING_ANNOTATIONS);
        for (AnnotationFact a : annotations) {
            if (names.has(a.simpleName())) {
                return a;
            }
        }
        return null;
    }

    private static String pathOf(AnnotationFact a) {
        for (String k : List.of("value", "path")) {
            String s = a.strings().get(k);
            if (s != null) {
                return s;
            }
        }
        return "";
    }

    /** True when the method's mapping takes a request that changes something (POST, PUT, PATCH). */
    private boolean writes(MethodRef m) {
        for (AnnotationFact a : m.method().annotations()) {
            switch (a.simpleName()) {
                case "PostMapping", "PutMapping", "PatchMapping", "POST", "PUT", "PATCH":
                    return true;
                case "RequestMapping":
                    String method = a.value("method");
                    return method == null || method.contains("POST") || method.contains("PUT")
                            || method.contains("PATCH");
                default:
                    break;
            }
        }
        return false;
    }

    /** The first word of {@code path} (split at non-letters and camel-case humps, lower case) in {@code words}. */
    static String firstWord(String path, Terms words) {
        Matcher w = WORD.matcher(path);
        while (w.find()) {
            String word = w.group().toLowerCase(Locale.ROOT);
            if (words.has(word)) {
                return word;
            }
        }
        return null;
    }
}
