package io.idemcheck.core.index;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.atomic.LongAdder;
import java.util.function.Function;
import java.util.function.Predicate;

/**
 * The index's walks over the call graph: forwards ({@link #closure}, {@link #reachable}) and backwards over the
 * reversed graph ({@link #ancestors}), both breadth-first through one walk. Reached through {@link ProjectIndex};
 * the reversed graph is built once, on first use, thread-safe.
 */
final class CallGraph {

    private final List<MethodRef> methods;
    private final CallResolver resolver;
    private final LongAdder work;
    private volatile Map<MethodRef, List<MethodRef>> callers;
    private volatile Map<MethodRef, List<MethodRef>> anonymous;
    private volatile Map<MethodRef, List<CallerSite>> callSites;

    CallGraph(List<MethodRef> methods, CallResolver resolver, LongAdder work) {
        this.methods = methods;
        this.resolver = resolver;
        this.work = work;
    }

    /** See {@link ProjectIndex#closure}. */
    Set<MethodRef> closure(Collection<MethodRef> starts, Function<MethodRef, Collection<MethodRef>> next) {
        return breadthFirst(starts, m -> m.method().hasBody() ? next.apply(m) : null, n -> true);
    }

    /** See {@link ProjectIndex#reachable}. */
    Set<MethodRef> reachable(Collection<MethodRef> starts, boolean includeTests) {
        return closure(starts, m -> {
            List<MethodRef> out = new ArrayList<>();
            for (CallTarget t : resolver.calls(m)) {
                for (MethodRef target : t.targets()) {
                    if (includeTests || !target.file().test()) {
                        out.add(target);
                    }
                }
            }
            out.addAll(anonymous().getOrDefault(m, List.of()));
            return out;
        });
    }

    /**
     * The methods of the anonymous classes each method declares in its body ({@code pool.execute(new Runnable() {
     * public void run() {..} })}): the work they hold runs for the method that created them, as a lambda's body does,
     * so a walk that reaches the method reaches them too (a job reaches the task it hands to an executor). Built once,
     * on first use; the anonymous class is found by its name (the outer type's name and a number) and by its source
     * region lying inside the method's.
     */
    Map<MethodRef, List<MethodRef>> anonymous() {
        Map<MethodRef, List<MethodRef>> anon = anonymous;
        if (anon != null) {
            return anon;
        }
        synchronized (this) {
            if (anonymous == null) {
                Map<String, List<MethodRef>> byOuter = new HashMap<>();
                for (MethodRef m : methods) {
                    String simple = m.type().simpleName();
                    String fqn = m.type().fqn();
                    if (!simple.isEmpty() && simple.chars().allMatch(Character::isDigit) && m.method().hasBody()
                            && fqn.length() > simple.length()) {
                        byOuter.computeIfAbsent(fqn.substring(0, fqn.length() - simple.length() - 1),
                                k -> new ArrayList<>()).add(m);
                    }
                }
                Map<MethodRef, List<MethodRef>> out = new HashMap<>();
                if (!byOuter.isEmpty()) {
                    for (MethodRef m : methods) {
                        List<MethodRef> inner = byOuter.get(m.type().fqn());
                        if (inner == null || !m.method().hasBody()) {
                            continue;
                        }
                        for (MethodRef a : inner) {
                            if (a.file().relPath().equals(m.file().relPath()) && inside(a.type().range(), m.method().range())) {
                                out.computeIfAbsent(m, k -> new ArrayList<>()).add(a);
                            }
                        }
                    }
                }
                anonymous = out;
            }
            return anonymous;
        }
    }

    private static boolean inside(io.idemcheck.core.facts.Range in, io.idemcheck.core.facts.Range out) {
        return out.contains(in);
    }

    /** See {@link ProjectIndex#ancestors}. */
    Set<MethodRef> ancestors(Collection<MethodRef> targets, boolean includeTests) {
        Map<MethodRef, List<MethodRef>> rev = callers();
        // reachable() never steps into test code, so a test caller leads nowhere
        return breadthFirst(targets, m -> !includeTests && m.file().test() ? null : rev.getOrDefault(m, List.of()),
                c -> includeTests || !c.file().test());
    }

    /**
     * The one walk: every method reached from {@code starts} (the starts included), in breadth-first order.
     * {@code expand} gives a method's next methods, or null when the walk does not go on from it; a next method is
     * taken when {@code admit} accepts it. Each expansion counts {@code 1 + next methods} units of work.
     */
    private Set<MethodRef> breadthFirst(Collection<MethodRef> starts, Function<MethodRef, Collection<MethodRef>> expand,
                                        Predicate<MethodRef> admit) {
        Set<MethodRef> seen = new LinkedHashSet<>();
        ArrayDeque<MethodRef> queue = new ArrayDeque<>();
        for (MethodRef s : starts) {
            if (seen.add(s)) {
                queue.add(s);
            }
        }
        while (!queue.isEmpty()) {
            MethodRef m = queue.pop();
            Collection<MethodRef> next = expand.apply(m);
            if (next == null) {
                continue;
            }
            work.add(1 + next.size());
            for (MethodRef n : next) {
                if (admit.test(n) && seen.add(n)) {
                    queue.add(n);
                }
            }
        }
        return seen;
    }

    private Map<MethodRef, List<MethodRef>> callers() {
        Map<MethodRef, List<MethodRef>> rev = callers;
        if (rev != null) {
            return rev;
        }
        synchronized (this) {
            if (callers == null) {
                Map<MethodRef, List<MethodRef>> out = new HashMap<>();
                for (MethodRef m : methods) {
                    if (!m.method().hasBody()) {
                        continue;
                    }
                    work.add(1);
                    for (CallTarget t : resolver.calls(m)) {
                        for (MethodRef target : t.targets()) {
                            List<MethodRef> l = out.computeIfAbsent(target, k -> new ArrayList<>());
                            if (l.isEmpty() || !l.get(l.size() - 1).equals(m)) {
                                l.add(m);
                            }
                        }
                    }
                    for (MethodRef a : anonymous().getOrDefault(m, List.of())) {
                        out.computeIfAbsent(a, k -> new ArrayList<>()).add(m);
                    }
                }
                callers = out;
            }
            return callers;
        }
    }

    /** See {@link ProjectIndex#callSitesOf}. */
    List<CallerSite> callSitesOf(MethodRef target) {
        Map<MethodRef, List<CallerSite>> rev = callSites;
        if (rev == null) {
            synchronized (this) {
                if (callSites == null) {
                    Map<MethodRef, List<CallerSite>> out = new HashMap<>();
                    for (MethodRef m : methods) {
                        if (m.file().test() || !m.method().hasBody()) {
                            continue;
                        }
                        List<CallTarget> calls = resolver.calls(m);
                        for (io.idemcheck.core.facts.CallSite c : m.method().body().calls()) {
                            for (MethodRef t : calls.get(c.id()).targets()) {
                                out.computeIfAbsent(t, k -> new ArrayList<>()).add(new CallerSite(m, c));
                            }
                        }
                    }
                    out.replaceAll((k, v) -> List.copyOf(v));
                    callSites = out;
                }
                rev = callSites;
            }
        }
        return rev.getOrDefault(target, List.of());
    }
}
