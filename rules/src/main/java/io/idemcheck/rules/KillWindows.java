package io.idemcheck.rules;

import io.idemcheck.core.catalog.Vocabulary;
import io.idemcheck.core.facts.CallSite;
import io.idemcheck.core.facts.GuardFact;
import io.idemcheck.core.finding.Location;
import io.idemcheck.core.index.CallTarget;
import io.idemcheck.core.index.MethodRef;
import io.idemcheck.core.index.ProjectIndex;
import io.idemcheck.core.summary.CallInfo;
import io.idemcheck.core.summary.JobShapes;
import io.idemcheck.core.summary.Semantics;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The windows a kill-midway test (IDEM007) must cover, and where a finding about one points: the job entry point that
 * owns a shape (the innermost one when an entry runs another), the effect a redelivered entry leaves unrecorded until
 * its delivery is acknowledged, the steps after an effect whose failure simulates the crash, and the calls from an
 * entry down to the method holding the shape.
 */
final class KillWindows {

    /** Depth limit of the entry-to-holder path search (calls). */
    private static final int MAX_PATH = 12;

    private KillWindows() {
    }

    /**
     * An effect a redelivered entry runs and records nowhere before returning.
     *
     * @param effect the call in the entry that runs the effect
     * @param info   what that call does
     * @param why    why the return acknowledges the delivery (the entry's kind)
     */
    record Unacked(CallSite effect, CallInfo info, String why) {

        /** The effect's name as a reader knows it ("doPost()"). */
        String effectName() {
            return Semantics.display(effect);
        }
    }

    /**
     * The shapes of {@code jobs} without those an entry reaches only through another entry that reaches them too:
     * a dispatcher job ({@code @XxlJob} calling each registered handler's {@code execute()}) leaves the shape to the
     * handler, whose own kill-midway test it needs. Order kept.
     */
    static Map<MethodRef, List<JobShapes.Shape>> innermost(Semantics sem, Map<MethodRef, List<JobShapes.Shape>> jobs) {
        Map<MethodRef, List<MethodRef>> entriesOf = new HashMap<>();
        jobs.forEach((ep, shapes) -> shapes.forEach(s ->
                entriesOf.computeIfAbsent(s.method(), k -> new ArrayList<>()).add(ep)));
        Map<MethodRef, Set<MethodRef>> reach = new HashMap<>();
        Map<MethodRef, List<JobShapes.Shape>> out = new LinkedHashMap<>();
        for (Map.Entry<MethodRef, List<JobShapes.Shape>> e : jobs.entrySet()) {
            MethodRef ep = e.getKey();
            List<JobShapes.Shape> kept = new ArrayList<>();
            for (JobShapes.Shape s : e.getValue()) {
                boolean inner = false;
                for (MethodRef other : entriesOf.get(s.method())) {
                    if (!other.equals(ep) && reach.computeIfAbsent(ep, k -> sem.index().reachable(List.of(k), false))
                            .contains(other)) {
                        inner = true;
                        break;
                    }
                }
                if (!inner) {
                    kept.add(s);
                }
            }
            if (!kept.isEmpty()) {
                out.put(ep, kept);
            }
        }
        return out;
    }

    /** The redelivered entries of main code, not in {@code skip}, with an unrecorded effect (see the one-method form). */
    static Map<MethodRef, Unacked> unacked(Semantics sem, Collection<MethodRef> skip) {
        Map<MethodRef, Unacked> out = new LinkedHashMap<>();
        for (MethodRef m : sem.index().methods()) {
            if (m.file().test() || !m.method().hasBody() || skip.contains(m)) {
                continue;
            }
            Unacked u = unacked(sem, m, Set.of());
            if (u != null) {
                out.put(m, u);
            }
        }
        return out;
    }

    /**
     * The first effect of {@code m}, a job entry whose delivery is acknowledged when it returns
     * ({@link Semantics#redelivered}), that leaves the application (not a write to its own database), carries no key
     * derived from the item, is guarded by no claim, is no repeat-safe call and is followed by no record of the same
     * item: a crash after it, before the acknowledgement, runs it again on the next delivery. Null otherwise.
     */
    static Unacked unacked(Semantics sem, MethodRef m, Collection<MethodRef> skip) {
        if (m.file().test() || !m.method().hasBody() || skip.contains(m)) {
            return null;
        }
        String why = sem.redelivered(m); // a redelivered handler is a consumer entry even when no entry list names it
        if (why == null) {
            return null;
        }
        List<CallInfo> infos = sem.calls(m);
        for (CallSite c : m.method().body().calls()) {
            CallInfo ci = infos.get(c.id());
            if (ci.effect() == null || ci.isRecord() || ci.keyed() || ci.effect().isDatabaseLocal()
                    || ci.effect().keyParam() >= 0 || sem.inAsyncLambda(m, c) || sem.guardingClaim(m, c) != null
                    || sem.catalog().terms(Vocabulary.IDEMPOTENT_EFFECT_METHODS).matching(c.name()) != null
                    || JobShapes.firstRecordAfter(sem, m, c, infos) != null
                    || ignoredOnceDone(sem, m, c, infos) != null) {
                continue;
            }
            return new Unacked(c, ci, why);
        }
        return null;
    }

    /**
     * The early exit that makes a redelivery of {@code m} harmless for effect {@code c}, or null: before {@code c}, an
     * if leaves the handler when the item's stored status is no longer an in-progress one ({@code if
     * (task.getStatus() != Status.IN_PROGRESS) return ok();}), and {@code c} itself is given the item's new status and
     * writes the database ({@code taskService.updateTask(task.getId(), toResultStatus(state), ..)}): it is the
     * transition out of that state, so a re-sent delivery after it finds the item done and answers without repeating
     * anything. A crash inside that call is the called method's own window, checked there.
     */
    static GuardFact ignoredOnceDone(Semantics sem, MethodRef m, CallSite c, List<CallInfo> infos) {
        Set<String> itemRoots = infos.get(c.id()).roots();
        java.util.regex.Pattern statusText = sem.catalog().terms(Vocabulary.STATUS_WORDS).regex("(?is).*(%s).*");
        boolean newStatus = false;
        for (io.idemcheck.core.facts.Arg a : c.args()) {
            newStatus |= statusText.matcher(a.text()).matches();
        }
        if (!newStatus || !sem.writesDatabase(m, c)) {
            return null;
        }
        for (GuardFact g : m.method().body().guards()) {
            if (!g.earlyExit() || g.range().line() >= c.range().line() || !g.text().contains("!")) {
                continue;
            }
            boolean readsStatus = false;
            for (int id : g.callIds()) {
                readsStatus |= sem.catalog().terms(Vocabulary.STATUS_ACCESSORS).has(
                        m.method().body().calls().get(id).name());
            }
            boolean inProgressValue = false;
            for (String w : g.text().split("[^A-Za-z0-9_]+")) {
                inProgressValue |= io.idemcheck.core.summary.InProgressStates.isInProgressValue(sem.catalog(), w);
            }
            if (readsStatus && inProgressValue && sem.roots(m, g.names()).stream().anyMatch(itemRoots::contains)) {
                return g;
            }
        }
        return null;
    }

    /**
     * The names of the calls after the shape's effect, up to and including its record, in the method holding it: a
     * fault injected on any of them (the record, or a later step before it) fails the job after the effect and before
     * the record. A fault on a step before the effect does not.
     */
    static List<String> stepsAfterEffect(JobShapes.Shape s) {
        List<String> out = new ArrayList<>();
        out.add(s.record().name());
        for (CallSite c : s.method().method().body().calls()) {
            if (c.id() > s.effect().id() && c.id() < s.record().id() && !out.contains(c.name())) {
                out.add(c.name());
            }
        }
        return out;
    }

    /**
     * The call sites from {@code from} down to {@code to} (breadth first through main code, at most
     * {@value #MAX_PATH} calls), each labelled "X() calls Y()"; empty when {@code to} is {@code from} or is not found.
     */
    static List<Location> pathTo(Semantics sem, MethodRef from, MethodRef to) {
        if (from.equals(to)) {
            return List.of();
        }
        ProjectIndex index = sem.index();
        Map<MethodRef, Object[]> prev = new HashMap<>(); // method -> {caller, call site}
        ArrayDeque<MethodRef> queue = new ArrayDeque<>();
        Map<MethodRef, Integer> depth = new HashMap<>();
        queue.add(from);
        depth.put(from, 0);
        while (!queue.isEmpty()) {
            MethodRef m = queue.poll();
            if (m.equals(to)) {
                break;
            }
            if (depth.get(m) >= MAX_PATH || !m.method().hasBody()) {
                continue;
            }
            for (CallTarget t : index.calls(m)) {
                for (MethodRef n : t.targets()) {
                    if (n.file().test() || depth.containsKey(n)) {
                        continue;
                    }
                    depth.put(n, depth.get(m) + 1);
                    prev.put(n, new Object[]{m, t.call()});
                    queue.add(n);
                }
            }
        }
        if (!prev.containsKey(to)) {
            return List.of();
        }
        List<Location> out = new ArrayList<>();
        for (MethodRef cur = to; !cur.equals(from); ) {
            Object[] p = prev.get(cur);
            MethodRef caller = (MethodRef) p[0];
            CallSite c = (CallSite) p[1];
            out.add(0, Semantics.location(caller, c.range(), Semantics.display(c) + " calls "
                    + cur.type().simpleName() + "." + cur.method().name() + "()"));
            cur = caller;
        }
        return out;
    }
}
