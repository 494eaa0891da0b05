package io.idemcheck.rules;

import io.idemcheck.core.facts.CallSite;
import io.idemcheck.core.finding.Location;
import io.idemcheck.core.index.CallTarget;
import io.idemcheck.core.index.MethodRef;
import io.idemcheck.core.index.ProjectIndex;
import io.idemcheck.core.summary.Semantics;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Where a finding comes from: one shortest call chain from a job entry point (main code) down to the method that
 * holds the finding, as related locations (the entry point's declaration, then each call that leads on), so that a
 * reader, and a label written at the job's own line, see which job runs the gap. Breadth-first from every entry
 * point at once, as the engine's reachability walks the calls.
 */
final class EntryChains {

    /** Calls walked at most from an entry point. */
    private static final int MAX_DEPTH = 12;

    private EntryChains() {
    }

    /**
     * The chain from a job entry point down to {@code target}: the entry's declaration, then each call site that
     * leads on, labelled "X() calls Y()". Empty when {@code target} is itself an entry point, is test code, or no
     * entry point reaches it.
     */
    /** Breadth-first parents from every job entry point, computed once per scan (not once per finding). */
    private record Forest(Map<MethodRef, MethodRef> parent, Map<MethodRef, CallSite> via,
                          Map<MethodRef, Integer> depth) {
    }

    private static final Map<Semantics, Forest> FORESTS =
            java.util.Collections.synchronizedMap(new java.util.WeakHashMap<>());

    private static Forest forest(Semantics sem) {
        ProjectIndex index = sem.index();
        Map<MethodRef, MethodRef> parent = new HashMap<>();
        Map<MethodRef, CallSite> via = new HashMap<>();
        Map<MethodRef, Integer> depth = new HashMap<>();
        ArrayDeque<MethodRef> queue = new ArrayDeque<>();
        for (MethodRef m : index.methods()) {
            if (!m.file().test() && sem.entryPoint(m) != null && depth.putIfAbsent(m, 0) == null) {
                queue.add(m);
            }
        }
        while (!queue.isEmpty()) {
            MethodRef cur = queue.poll();
            if (!cur.method().hasBody() || depth.get(cur) >= MAX_DEPTH) {
                continue;
            }
            for (CallTarget t : index.calls(cur)) {
                for (MethodRef next : t.targets()) {
                    if (!next.file().test() && depth.putIfAbsent(next, depth.get(cur) + 1) == null) {
                        parent.put(next, cur);
                        via.put(next, t.call());
                        queue.add(next);
                    }
                }
            }
        }
        return new Forest(parent, via, depth);
    }

    static List<Location> to(Semantics sem, MethodRef target) {
        if (target.file().test() || sem.entryPoint(target) != null
                || !sem.reachableFromEntryPoints().contains(target.method())) {
            return List.of();
        }
        Forest forest = FORESTS.computeIfAbsent(sem, EntryChains::forest);
        Map<MethodRef, MethodRef> parent = forest.parent();
        Map<MethodRef, CallSite> via = forest.via();
        if (!forest.depth().containsKey(target)) {
            return List.of();
        }
        List<Location> out = new ArrayList<>();
        MethodRef cur = target;
        while (parent.containsKey(cur)) {
            MethodRef caller = parent.get(cur);
            CallSite c = via.get(cur);
            out.add(0, Semantics.location(caller, c.range(), Semantics.display(c) + " calls "
                    + cur.type().simpleName() + "." + cur.method().name() + "()"));
            cur = caller;
        }
        out.add(0, entry(sem, cur));
        return out;
    }

    /**
     * Where a finding at call {@code at} in {@code target} comes from: the chain of {@link #to} (or, when
     * {@code target} is itself a job entry point, its declaration), then the loops that run it for each item: the
     * innermost loop around each call of the chain and around {@code at} ({@code for (T t : rows)},
     * {@code rows.stream().forEach(r -> ..)}, {@code forEach(this::settle)}), in the order the run meets them.
     */
    static List<Location> to(Semantics sem, MethodRef target, CallSite at) {
        List<Location> out = new ArrayList<>(target.file().test() || sem.entryPoint(target) == null
                ? to(sem, target) : List.of(entry(sem, target)));
        List<Location> loops = new ArrayList<>();
        if (!out.isEmpty() && sem.entryPoint(target) == null) {
            Forest forest = FORESTS.computeIfAbsent(sem, EntryChains::forest);
            for (MethodRef cur = target; forest.parent().containsKey(cur); cur = forest.parent().get(cur)) {
                loop(forest.parent().get(cur), forest.via().get(cur), loops);
            }
            java.util.Collections.reverse(loops);
        }
        loop(target, at, loops);
        out.addAll(loops);
        return out;
    }

    private static Location entry(Semantics sem, MethodRef m) {
        return Semantics.location(m, m.method().nameRange(), m.type().simpleName() + "." + m.method().name()
                + "() is a job entry point (" + sem.entryPoint(m) + ")");
    }

    /** Adds the innermost loop around call {@code c} of {@code m} to {@code out} (nothing when it is in none). */
    private static void loop(MethodRef m, CallSite c, List<Location> out) {
        if (c == null || c.loopIds().isEmpty()) {
            return;
        }
        io.idemcheck.core.facts.LoopFact l = m.method().body().loops().get(c.loopIds().get(c.loopIds().size() - 1));
        String what = switch (l.kind()) {
            case "foreach" -> "the loop over " + l.iterable();
            case "for", "while", "do" -> "the " + l.kind() + " loop";
            default -> "the " + l.kind().substring(l.kind().indexOf(':') + 1) + "() loop over the items";
        };
        out.add(Semantics.location(m, l.range(), what + " runs " + Semantics.display(c) + " for each item"));
    }
}
