package io.idemcheck.core.summary;

import io.idemcheck.core.catalog.Catalog;
import io.idemcheck.core.config.ProjectConfig;
import io.idemcheck.core.facts.MethodFacts;
import io.idemcheck.core.index.MethodRef;
import io.idemcheck.core.index.ProjectIndex;

import java.util.ArrayList;
import java.util.Collections;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Set;
import java.util.concurrent.atomic.AtomicReferenceArray;
import java.util.function.Function;

/**
 * Query: whether a method is a job entry point (a {@code main(String[])}, a catalog entry-point annotation or
 * interface method, an {@code idemcheck.yml} {@code entryPoints} entry) and the set of main-code methods reachable from one. The reachable set is computed once,
 * under the assembler's lock.
 */
final class EntryPoints {

    private final ProjectIndex index;
    private final Catalog catalog;
    private final Object lock;
    private final EntryKinds kinds;

    EntryPoints(ProjectIndex index, Object lock) {
        this.index = index;
        this.catalog = index.catalog();
        this.lock = lock;
        this.kinds = new EntryKinds(index, lock instanceof CallFacts f ? f : null);
        this.entrySlots = new AtomicReferenceArray<>(index.methodCount());
        this.baseSlots = new AtomicReferenceArray<>(index.methodCount());
    }

    private volatile Set<MethodFacts> reachable; // written under lock, complete before it is published

    /**
     * Methods run unattended: job entry points (see {@link #entryPoint}) and every project method reachable from one
     * through the call graph (main code only).
     */
    public Set<MethodFacts> reachableFromEntryPoints() {
        Set<MethodFacts> known = reachable;
        if (known != null) {
            return known; // read without the lock: rules ask for it per method
        }
        synchronized (lock) {
            return computeReachable();
        }
    }

    private Set<MethodFacts> computeReachable() {
        if (reachable != null) {
            return reachable;
        }
        List<MethodRef> entries = new ArrayList<>();
        for (MethodRef m : index.methods()) {
            if (!m.file().test() && entryPoint(m) != null) {
                entries.add(m);
            }
        }
        Set<MethodFacts> seen = Collections.newSetFromMap(new IdentityHashMap<>());
        index.reachable(entries, false).forEach(m -> seen.add(m.method()));
        reachable = seen;
        return seen;
    }

    /**
     * Why {@code m} is a job entry point ("@Scheduled", "Quartz Job.execute"), or null when it is not one. An interface
     * method counts with the catalog's parameter types only (an overload {@code execute(String)} of Quartz's
     * {@code execute(JobExecutionContext)} is not run by the scheduler); {@code main} takes {@code String[]} or
     * {@code String...} (a varargs parameter's type is its array type, see FactExtractor).
     */
    public String entryPoint(MethodRef m) {
        return remembered(entrySlots, m, this::computeEntryPoint);
    }

    /**
     * Fills the base answer (every kind but a dispatched handler) of each main-code method on up to {@code threads}
     * threads, then builds the dispatch map once, on this thread, from those answers: the threads that then ask
     * {@link #entryPoint} find it built. Built lock-free on first use (see {@link EntryKinds#dispatchedHandler}), it
     * would otherwise be built by every thread that asked first, each counting its pass in the index's work, which then
     * varied with the thread count. A method whose answer throws is left to the callers that ask again.
     *
     * @throws java.util.concurrent.ExecutionException when a thread ended with an Error
     */
    public void prepare(int threads) throws java.util.concurrent.ExecutionException {
        List<MethodRef> all = index.methods();
        io.idemcheck.core.util.Parallel.forEachIndex(all.size(), threads, i -> {
            MethodRef m = all.get(i);
            if (!m.file().test()) {
                try {
                    baseEntryPoint(m);
                } catch (RuntimeException | StackOverflowError e) {
                    // not remembered: the callers that ask again meet it there
                }
            }
        });
        kinds.dispatchedHandler(null, this::baseEntryPoint); // builds the map; null is no method's handler
    }

    private String computeEntryPoint(MethodRef m) {
        String e = baseEntryPoint(m);
        return e != null || m.file().test() ? e : kinds.dispatchedHandler(m, this::baseEntryPoint);
    }

    /** The remembered "not an entry point" of {@link #entrySlots} and {@link #baseSlots}. */
    private static final String NONE = new String("");
    /**
     * {@link #entryPoint} and {@link #baseEntryPoint} by index position ({@link ProjectIndex#order}), filled on first
     * use: the reachable closure, the dispatch map and every method's facts ask for the same methods. Both read only
     * the index, the catalog and memoised call facts, so which thread fills a slot first changes nothing.
     */
    private final AtomicReferenceArray<String> entrySlots;
    private final AtomicReferenceArray<String> baseSlots;

    private String remembered(AtomicReferenceArray<String> slots, MethodRef m, Function<MethodRef, String> compute) {
        int slot = index.order(m);
        if (slot < 0) {
            return compute.apply(m);
        }
        String known = slots.get(slot);
        if (known == null) {
            String found = compute.apply(m);
            known = found == null ? NONE : found;
            slots.compareAndSet(slot, null, known);
        }
        return known == NONE ? null : known;
    }

    /** {@link #entryPoint} without the handlers an entry point dispatches to. */
    private String baseEntryPoint(MethodRef m) {
        return remembered(baseSlots, m, this::computeBaseEntryPoint);
    }

    private String computeBaseEntryPoint(MethodRef m) {
        if (m.method().name().equals("main") && m.method().isStatic() && m.method().arity() == 1
                && m.method().params().get(0).type().simpleName().replace(" ", "").equals("String[]")) {
            return "main()"; // a batch started by a scheduler (cron, a workflow engine) as a plain program
        }
        Catalog.EntryPoints ep = catalog.entryPoints();
        for (String a : ep.methodAnnotations()) {
            if (m.method().annotation(a) != null) {
                return "@" + a;
            }
        }
        for (Catalog.TypeMethod tm : ep.typeAnnotationsWithMethod()) {
            if (m.type().annotation(tm.annotation()) != null && m.method().name().equals(tm.method())) {
                return "@" + tm.annotation() + " " + tm.method();
            }
        }
        for (Catalog.TypeMethod tm : ep.interfaces()) {
            if (m.method().name().equals(tm.method()) && !m.type().simpleName().equals(tm.type())
                    && tm.paramsMatch(m.method().params().stream().map(p -> p.type().simpleName()).toList())
                    && index.isSubtypeOf(m.owner(), tm.type())) {
                return tm.type() + "." + tm.method();
            }
        }
        if (catalog.project() != null) {
            for (ProjectConfig.EntryPoint d : catalog.project().entryPoints()) {
                if (declared(m, d)) {
                    return d.reason();
                }
            }
        }
        return kinds.entryPoint(m);
    }

    /**
     * Where job entry {@code m} is handed to the timer or listener container that runs it (a
     * {@code scheduleAtFixedRate(this::run, ..)} in a {@code @PostConstruct} method, the call its own lambda is given
     * to), or null (an annotated or interface entry, no entry).
     */
    io.idemcheck.core.finding.Location registration(MethodRef m) {
        return kinds.registration(m);
    }

    /** True when {@code m} is an entry point by idemcheck.yml's entry {@code d} (matched as the catalog's are). */
    private boolean declared(MethodRef m, ProjectConfig.EntryPoint d) {
        return switch (d.key()) {
            case "methodAnnotations" -> m.method().annotation(d.annotation()) != null;
            case "typeAnnotationsWithMethod" -> m.type().annotation(d.annotation()) != null
                    && m.method().name().equals(d.method())
                    && d.paramsMatch(m.method().params().stream().map(p -> p.type().simpleName()).toList());
            default -> m.method().name().equals(d.method()) && !m.type().simpleName().equals(d.type())
                    && d.paramsMatch(m.method().params().stream().map(p -> p.type().simpleName()).toList())
                    && index.isSubtypeOf(m.owner(), d.type());
        };
    }

    /**
     * Why {@code m} (or a lambda it hands over) is a message consumer that is redelivered on an exception, or null:
     * the entry kinds that take messages, whether an annotation ({@link Retries#listener}), a listener interface,
     * a registration call ({@code setMessageListener(rec -> ..)}, {@code setMessageListener(this::onMessage)}) or a
     * Spring Cloud Stream {@code @Bean Consumer<T>} names it.
     */
    public Retries.Redelivery consumerRedelivery(MethodRef m) {
        String l = Retries.listener(catalog, index, m);
        if (l != null) {
            return new Retries.Redelivery(l, -1);
        }
        if (m.file().test() || !m.method().hasBody()) {
            return null;
        }
        String k = kinds.registeredConsumer(m);
        if (k == null) {
            k = kinds.functionalConsumer(m);
        }
        return k == null ? null : new Retries.Redelivery(k, kinds.consumerLambda(m));
    }

    /**
     * Why a crash after {@code m}'s work and before it returns makes the work run again, or null: the framework that
     * calls {@code m} records the delivery or the run as done only when {@code m} returns (a message listener whose
     * container redelivers, a persistent event bus's handler, a job executor that fails over, a webhook whose caller
     * sends it again until it gets a success). For such an entry the return is the record.
     */
    public String redelivered(MethodRef m) {
        String l = Retries.listener(catalog, index, m);
        if (l != null) {
            return l + ": the container delivers the message again unless the listener returns";
        }
        String ack = Retries.acknowledgedAfterReturn(catalog, index, m);
        if (ack != null) {
            return "a " + ack + ": its delivery is recorded as processed only after it returns";
        }
        if (!m.file().test() && m.method().hasBody()) {
            return kinds.webhook(m);
        }
        return null;
    }

}
