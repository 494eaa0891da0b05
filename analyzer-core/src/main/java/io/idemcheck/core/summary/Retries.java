package io.idemcheck.core.summary;

import io.idemcheck.core.catalog.Vocabulary;
import io.idemcheck.core.catalog.Catalog;
import io.idemcheck.core.facts.AnnotationFact;
import io.idemcheck.core.facts.Body;
import io.idemcheck.core.facts.CallSite;
import io.idemcheck.core.facts.GuardFact;
import io.idemcheck.core.facts.LambdaFact;
import io.idemcheck.core.facts.LoopFact;
import io.idemcheck.core.facts.Range;
import io.idemcheck.core.facts.TryFact;
import io.idemcheck.core.index.CallTarget;
import io.idemcheck.core.index.MethodRef;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * Where code is retried, and whether the retry has a ceiling: retry loops (a loop whose body tries a call and, when
 * it throws, catches and loops again), recursive retries from a catch block, Spring Retry and Spring Framework 7
 * {@code @Retryable} methods, lambdas run by {@code RetryTemplate.execute} or Resilience4j's {@code Retry}, and
 * message listeners the broker redelivers on exception. Shared by the retry rules; reads facts only.
 */
public final class Retries {

    /** Names that hold an attempt count: a word of the catalog's {@code retryCountNames} anywhere in them. */
    public static final Pattern RETRY_NAME = Catalog.builtin().terms(Vocabulary.RETRY_COUNT_NAMES).regex("(?i).*(%s).*");
    /** A comparison operator in a condition. */
    private static final Pattern COMPARE = Pattern.compile("(<=?|>=?|==|!=)|\\.(equals|compareTo)\\(");
    /** Tokens of a time bound: the catalog's {@code timeBoundTokens}. */
    private static final Pattern TIME = Catalog.builtin().terms(Vocabulary.TIME_BOUND_TOKENS).regex("(?i).*(%s).*");
    /** Values of a limit that is no limit: the catalog's {@code unboundedLimitValues}. */
    private static final Pattern UNBOUNDED = Catalog.builtin().terms(Vocabulary.UNBOUNDED_LIMIT_VALUES)
            .regex("(?s).*(%s).*");

    private Retries() {
    }

    /**
     * A loop that retries: its body has a try statement whose success path leaves the loop (break, return, or a flag
     * the loop condition tests) and one of whose catch blocks falls through to the next iteration.
     *
     * @param loop      the loop
     * @param attempt   the try statement that makes the attempt
     * @param catchClause the catch clause that loops again
     * @param bound     the counter or time bound found ("the condition `i < 3`"), or null when there is none
     * @param timeBound the bound is a time bound
     */
    public record RetryLoop(LoopFact loop, TryFact attempt, TryFact.Catch catchClause, String bound,
                            boolean timeBound) {

        /** True when call {@code c} is made by the attempt (in the try block). */
        public boolean attempts(CallSite c) {
            return c.id() >= attempt.firstCallId() && c.id() < attempt.endCallId();
        }
    }

    /** The retry loops of a method. */
    public static List<RetryLoop> retryLoops(MethodRef m) {
        Body body = m.method().body();
        List<RetryLoop> out = new ArrayList<>();
        for (TryFact t : body.tries()) {
            if (t.loopIds().isEmpty()) {
                continue;
            }
            LoopFact loop = body.loops().get(t.loopIds().get(t.loopIds().size() - 1));
            if (!Set.of("while", "for", "do").contains(loop.kind())) {
                continue;
            }
            if (t.lambdaId() >= 0 && !lambdaInsideLoop(body, t.lambdaId(), loop)) {
                // the try sits in a lambda written outside this loop's frame
                continue;
            }
            TryFact.Catch again = null;
            for (TryFact.Catch c : t.catches()) {
                if (!c.leaves() && !onlyInterrupted(c)) {
                    again = c;
                    break;
                }
            }
            if (again == null || t.endCallId() <= t.firstCallId()) {
                continue;
            }
            String cond = loop.iterable().strip();
            boolean flag = false;
            for (String a : t.assigned()) {
                if (cond.matches("(?s).*!\\s*(this\\.)?" + Pattern.quote(a) + "\\b.*")
                        || cond.matches("(?s).*\\b" + Pattern.quote(a) + "\\s*==\\s*(false|null).*")) {
                    flag = true;
                }
            }
            if (!t.leavesLoop() && !flag) {
                continue;
            }
            String bound = null;
            boolean time = false;
            if (!cond.isEmpty() && !cond.equals("true") && COMPARE.matcher(cond).find()) {
                bound = "the loop condition `" + oneLine(cond) + "`";
                time = TIME.matcher(cond).matches();
            } else if (TIME.matcher(cond).matches()) {
                bound = "the loop condition `" + oneLine(cond) + "`";
                time = true;
            }
            if (bound == null) {
                for (GuardFact g : body.guards()) {
                    if (!inside(g.range(), loop.range())) {
                        continue;
                    }
                    if (TIME.matcher(g.text()).matches()) {
                        bound = "the condition `" + oneLine(g.text()) + "` at line " + g.range().line();
                        time = true;
                        break;
                    }
                    if (COMPARE.matcher(g.text()).find() && (RETRY_NAME.matcher(g.text()).matches()
                            || g.text().matches("(?s).*(?i)(max|limit|count|\\bn\\b|\\bi\\b).*")
                            || g.text().matches("(?s).*[<>]=?\\s*\\d+.*"))) {
                        bound = "the condition `" + oneLine(g.text()) + "` at line " + g.range().line();
                        break;
                    }
                }
            }
            out.add(new RetryLoop(loop, t, again, bound, time));
        }
        return out;
    }

    private static boolean lambdaInsideLoop(Body body, int lambdaId, LoopFact loop) {
        LambdaFact lf = body.lambdas().get(lambdaId);
        if (lf.ownerCallId() < 0) {
            return false;
        }
        CallSite owner = body.calls().get(lf.ownerCallId());
        return owner.loopIds().contains(loop.id());
    }

    private static boolean onlyInterrupted(TryFact.Catch c) {
        return c.types().stream().allMatch(t -> t.endsWith("InterruptedException"));
    }

    /** True when region {@code a} lies within {@code b}. */
    public static boolean inside(Range a, Range b) {
        return b.contains(a);
    }

    /** A recursive retry: a call in a catch block back to the method itself, after an attempt in the try block. */
    public record RecursiveRetry(TryFact attempt, TryFact.Catch catchClause, CallSite selfCall, String bound) {
        public boolean attempts(CallSite c) {
            return c.id() >= attempt.firstCallId() && c.id() < attempt.endCallId();
        }
    }

    /** The recursive retries of a method. */
    public static List<RecursiveRetry> recursiveRetries(MethodRef m, List<CallTarget> targets) {
        Body body = m.method().body();
        List<RecursiveRetry> out = new ArrayList<>();
        for (TryFact t : body.tries()) {
            for (TryFact.Catch c : t.catches()) {
                for (int id = c.firstCallId(); id < c.endCallId(); id++) {
                    CallSite cs = body.calls().get(id);
                    if (cs.lambdaId() != t.lambdaId() || !cs.name().equals(m.method().name())
                            || cs.argCount() != m.method().arity()
                            || !targets.get(id).targets().stream().anyMatch(x -> x.method() == m.method())) {
                        continue;
                    }
                    String bound = null;
                    for (GuardFact g : body.guards()) {
                        if (COMPARE.matcher(g.text()).find() || TIME.matcher(g.text()).matches()) {
                            bound = "the condition `" + oneLine(g.text()) + "` at line " + g.range().line();
                        }
                    }
                    for (int i = 0; i < cs.argCount() && bound == null; i++) {
                        String a = cs.args().get(i).text();
                        if (a.matches("(?s).*(\\+\\s*1|-\\s*1|\\+\\+|--).*")) {
                            bound = "the counter argument `" + oneLine(a) + "`";
                        }
                    }
                    out.add(new RecursiveRetry(t, c, cs, bound));
                }
            }
        }
        return out;
    }

    /** Which {@code @Retryable} annotates the method: Spring Retry's or Spring Framework 7's core one. */
    public record RetryableAnnotation(AnnotationFact annotation, boolean springCore, String limitMember,
                                      String limit) {

        /** True when the limit is explicitly unbounded. */
        public boolean unbounded() {
            return limit != null && isUnboundedValue(limit);
        }

        /** True when the annotation allows at most one attempt (no retry at all). */
        public boolean noRetry() {
            if (limit == null) {
                return false;
            }
            String v = limit.strip().replaceAll("[lL]$", "");
            return springCore ? v.equals("0") : v.equals("1") || v.equals("0");
        }
    }

    /** The {@code @Retryable} on {@code m} (method or class), or null. */
    public static RetryableAnnotation retryable(MethodRef m) {
        AnnotationFact a = m.method().annotation("Retryable");
        if (a == null) {
            a = m.type().annotation("Retryable");
        }
        if (a == null) {
            return null;
        }
        String imported = m.file().imports().get("Retryable");
        boolean core = a.name().startsWith("org.springframework.resilience")
                || imported != null && imported.startsWith("org.springframework.resilience")
                || imported == null && m.file().wildcards().stream()
                .anyMatch(w -> w.startsWith("org.springframework.resilience"));
        String member = core ? "maxRetries" : "maxAttempts";
        String limit = a.value(member);
        return new RetryableAnnotation(a, core, member, limit);
    }

    /** True for a limit value that is no limit: {@code Integer.MAX_VALUE}, {@code UNLIMITED_ATTEMPTS}, 10000 or more. */
    public static boolean isUnboundedValue(String v) {
        if (v == null) {
            return false;
        }
        String s = v.strip().replace("_", "").replaceAll("[lL]$", "");
        if (UNBOUNDED.matcher(v).matches()) {
            return true;
        }
        if (s.matches("\\d+")) {
            try {
                return Long.parseLong(s) >= 10_000L;
            } catch (NumberFormatException e) {
                return true;
            }
        }
        return s.equals("-1");
    }

    /**
     * Why {@code m} is a message listener the broker redelivers on an exception, or null: a listener annotation, or
     * an implementation of a listener interface of the catalog ({@code retryListenerInterfaces}: a Kafka
     * {@code BatchAcknowledgingMessageListener} registered in code, a JMS or RocketMQ listener).
     */
    public static String listener(Catalog cat, io.idemcheck.core.index.ProjectIndex index, MethodRef m) {
        String l = listener(cat, m);
        if (l != null) {
            return l;
        }
        String tm = implemented(cat.terms(Vocabulary.RETRY_LISTENER_INTERFACES), index, m);
        return tm == null ? null : tm;
    }

    /**
     * Why {@code m} is a chunk writer that Spring Batch runs again when a write of its chunk fails, or null: an
     * implementation of a {@code rerunChunkWriters} interface method, in a project whose steps are fault tolerant
     * (a {@code faultTolerantStepCalls} call in main code: the step then scans the failed chunk item by item, calling
     * the writer again for items it already wrote).
     */
    public static String rerunWriter(Catalog cat, io.idemcheck.core.index.ProjectIndex index, MethodRef m) {
        String tm = implemented(cat.terms(Vocabulary.RERUN_CHUNK_WRITERS), index, m);
        if (tm == null) {
            return null;
        }
        String step = faultTolerantStep(cat, index);
        return step.isEmpty() ? null : tm + step;
    }

    /** Per project index: its catalog and the answer of {@link #faultTolerantStep} for it. */
    private record StepMemo(Catalog cat, String step) {
    }

    private static final java.util.Map<io.idemcheck.core.index.ProjectIndex, StepMemo> STEPS =
            java.util.Collections.synchronizedMap(new java.util.WeakHashMap<>());

    /**
     * " of a fault-tolerant step (..)" naming the first {@code faultTolerantStepCalls} call in main code (index
     * order), or "" when there is none. Memoised per index and catalog: the same for every writer of the project.
     */
    private static String faultTolerantStep(Catalog cat, io.idemcheck.core.index.ProjectIndex index) {
        synchronized (STEPS) { // once per index: two threads each walking the index would each count it as work
            return faultTolerantStepOnce(cat, index);
        }
    }

    private static String faultTolerantStepOnce(Catalog cat, io.idemcheck.core.index.ProjectIndex index) {
        StepMemo known = STEPS.get(index);
        if (known != null && known.cat() == cat) {
            return known.step();
        }
        String step = "";
        search:
        for (MethodRef o : index.methods()) {
            if (o.file().test() || !o.method().hasBody()) {
                continue;
            }
            for (CallSite c : o.method().body().calls()) {
                if (cat.terms(Vocabulary.FAULT_TOLERANT_STEP_CALLS).has(c.name())) {
                    step = " of a fault-tolerant step (" + c.name() + "() in " + o.type().simpleName() + "."
                            + o.method().name() + "() at line " + c.range().line() + ")";
                    break search;
                }
            }
        }
        STEPS.put(index, new StepMemo(cat, step));
        return step;
    }

    /**
     * Why {@code m} is a handler whose delivery is recorded as done only after it returns, or null: an annotation of
     * the catalog's {@code ackAfterReturnAnnotations} (resolved through the file's imports: a persistent bus's
     * {@code @Subscribe}, not Guava's in-memory one), or an implementation of an {@code ackAfterReturnInterfaces}
     * method (a notification-queue handler, a job-item executor that fails over). An effect in such a handler
     * before it returns is an effect before the record: a crash in between delivers the event again.
     */
    public static String acknowledgedAfterReturn(Catalog cat, io.idemcheck.core.index.ProjectIndex index,
                                                 MethodRef m) {
        io.idemcheck.core.catalog.Terms annotations = cat.terms(Vocabulary.ACK_AFTER_RETURN_ANNOTATIONS);
        for (io.idemcheck.core.facts.AnnotationFact a : m.method().annotations()) {
            String fqn = a.name().contains(".") ? a.name() : m.file().imports().get(a.name());
            if (fqn == null) {
                for (String w : m.file().wildcards()) {
                    if (annotations.has(w + "." + a.name())) {
                        fqn = w + "." + a.name();
                    }
                }
            }
            if (fqn != null && annotations.has(fqn)) {
                return "@" + a.simpleName() + " (" + fqn + ") handler";
            }
        }
        String tm = implemented(cat.terms(Vocabulary.ACK_AFTER_RETURN_INTERFACES), index, m);
        return tm == null ? null : tm + " handler";
    }

    /** The "Type.method" of {@code terms} that {@code m} implements, or null. */
    private static String implemented(io.idemcheck.core.catalog.Terms terms, io.idemcheck.core.index.ProjectIndex index,
                                      MethodRef m) {
        for (String tm : terms.values()) {
            int dot = tm.lastIndexOf('.');
            String type = tm.substring(0, dot);
            if (m.method().name().equals(tm.substring(dot + 1)) && !m.type().simpleName().equals(type)
                    && index.isSubtypeOf(m.owner(), type)) {
                return tm;
            }
        }
        return null;
    }

    /** Why {@code m} carries a listener annotation whose container redelivers on an exception, or null. */
    public static String listener(Catalog cat, MethodRef m) {
        for (String a : cat.terms(Vocabulary.RETRY_LISTENER_ANNOTATIONS).values()) {
            if (m.method().annotation(a) != null) {
                return "@" + a;
            }
        }
        if (m.method().name().equals("onMessage") && m.type().annotation("RocketMQMessageListener") != null) {
            return "@RocketMQMessageListener onMessage";
        }
        if (m.type().annotation("KafkaListener") != null && m.method().annotation("KafkaHandler") != null) {
            return "@KafkaListener @KafkaHandler";
        }
        if (m.type().annotation("RabbitListener") != null && m.method().annotation("RabbitHandler") != null) {
            return "@RabbitListener @RabbitHandler";
        }
        return null;
    }

    /**
     * The call that runs {@code c}'s enclosing lambda under a retry library ({@code retryTemplate.execute(..)},
     * {@code Retry.decorateSupplier(retry, ..)}, {@code retry.executeSupplier(..)}, {@code retryer.call(..)}), or null.
     */
    public static CallSite retryLambdaOwner(Catalog cat, MethodRef m, CallSite c, List<CallTarget> targets) {
        for (CallSite owner : m.method().body().lambdaOwners(c)) {
            if (isRetryRunner(cat, owner, targets.get(owner.id()))) {
                return owner;
            }
        }
        return null;
    }

    /** True when {@code owner} runs the lambda it is given under a retry policy. */
    public static boolean isRetryRunner(Catalog cat, CallSite owner, CallTarget t) {
        String recvType = t == null ? "" : t.receiverType().simpleName();
        String recvText = owner.receiver().text().toLowerCase(Locale.ROOT);
        boolean retryish = recvType.contains("Retry") || recvText.contains("retry") || recvText.contains("retrier")
                || recvType.contains("Retrier");
        if (cat.terms(Vocabulary.RETRY_TEMPLATE_METHODS).has(owner.name())) {
            return retryish;
        }
        if (cat.terms(Vocabulary.RETRY_DECORATORS).has(owner.name())) {
            return retryish || owner.args().stream().anyMatch(a -> a.text().toLowerCase(Locale.ROOT)
                    .contains("retry"));
        }
        return false;
    }

    /** The source text on one line. */
    public static String oneLine(String s) {
        return s.replaceAll("\\s+", " ").strip();
    }

    /**
     * Why a call of {@code declared}, a method of a Feign client interface, is sent again by the client's own retryer,
     * or null: a builder chain in main code ends in {@code target(Api.class, ..)} after a {@code clientRetryerCalls}
     * call ({@code Feign.builder().retryer(new Retryer.Default(..))}) whose argument is no {@code noRetryValues}
     * value; or the interface's {@code @FeignClient(configuration = Cfg.class)} class declares a bean method of a
     * {@code clientRetryerTypes} type that creates one (not {@code return Retryer.NEVER_RETRY}).
     */
    public static String clientRetryer(Catalog cat, io.idemcheck.core.index.ProjectIndex index, MethodRef declared) {
        if (declared == null || declared.method().hasBody()) {
            return null;
        }
        String api = declared.type().simpleName();
        io.idemcheck.core.catalog.Terms setters = cat.terms(Vocabulary.CLIENT_RETRYER_CALLS);
        io.idemcheck.core.catalog.Terms none = cat.terms(Vocabulary.NO_RETRY_VALUES);
        io.idemcheck.core.catalog.Terms types = cat.terms(Vocabulary.CLIENT_RETRYER_TYPES);
        io.idemcheck.core.facts.AnnotationFact client = declared.type().annotation("FeignClient");
        String cfg = client == null ? null : client.value("configuration");
        cfg = cfg == null ? null : cfg.replaceAll("[{}\\s]", "").replaceAll("\\.class$", "");
        for (MethodRef o : retryerCandidates(index, cfg)) {
            if (o.file().test() || !o.method().hasBody()) {
                continue;
            }
            if (cfg != null && (o.type().simpleName().equals(cfg) || o.type().fqn().equals(cfg))
                    && types.has(o.method().returnType().simpleName().replaceAll("<.*", "").strip())
                    && o.method().annotation("Bean") != null && !o.method().body().creations().isEmpty()) {
                return "the @FeignClient configuration " + o.type().simpleName() + " declares the retryer bean "
                        + o.method().name() + "() (catalog.json clientRetryerTypes)";
            }
            List<CallSite> calls = o.method().body().calls();
            for (CallSite c : calls) {
                if (!c.name().equals("target") || c.args().isEmpty()
                        || !c.args().get(0).text().strip().matches("(?:[\\w.]+\\.)?" + java.util.regex.Pattern.quote(api)
                        + "\\.class")) {
                    continue;
                }
                for (int id = c.receiver().callId(), g = 0; id >= 0 && g < 32; g++) {
                    CallSite r = calls.get(id);
                    if (setters.has(r.name()) && !r.args().isEmpty()
                            && none.values().stream().noneMatch(v -> r.args().get(0).text().contains(v))) {
                        return "the Feign client built in " + o.type().simpleName() + "." + o.method().name()
                                + "() at line " + r.range().line() + " retries with " + oneLine(r.args().get(0).text())
                                + " (catalog.json clientRetryerCalls)";
                    }
                    id = r.receiver().callId();
                }
            }
        }
        return null;
    }

    /**
     * The methods {@link #clientRetryer} has to look at, in index order: those calling a method named {@code target}
     * (a builder chain's end) and the methods of the types named {@code cfg} (simple or qualified name), when given.
     * Every other method fails both of its tests, so the answer is the one a walk over every method gives.
     */
    private static List<MethodRef> retryerCandidates(io.idemcheck.core.index.ProjectIndex index, String cfg) {
        List<MethodRef> targets = index.methodsCalling("target");
        if (cfg == null) {
            return targets;
        }
        java.util.TreeMap<Integer, MethodRef> byOrder = new java.util.TreeMap<>();
        for (MethodRef m : targets) {
            byOrder.put(index.order(m), m);
        }
        List<io.idemcheck.core.index.TypeEntry> cfgTypes = new java.util.ArrayList<>(index.typesNamed(cfg));
        index.findType(cfg).ifPresent(cfgTypes::add);
        for (io.idemcheck.core.index.TypeEntry t : cfgTypes) {
            if (index.order(t) < 0) {
                continue; // a shadowed duplicate: its methods are not in the index's methods
            }
            for (MethodRef m : index.methodsOf(t)) {
                byOrder.put(index.order(m), m);
            }
        }
        return List.copyOf(byOrder.values());
    }

    /**
     * A consumer whose messages the container or binder delivers again when it throws.
     *
     * @param why      the kind, in words (a listener annotation, a listener interface, a consumer registered in code
     *                 or a consumer bean)
     * @param lambdaId the lambda of {@code m} that is the consumer (its calls are the ones redelivered), or -1 when
     *                 {@code m}'s own body is
     */
    public record Redelivery(String why, int lambdaId) {
    }
}
