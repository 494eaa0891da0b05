package io.idemcheck.core.summary;

import io.idemcheck.core.facts.CallSite;
import io.idemcheck.core.index.MethodRef;

import java.util.List;
import java.util.concurrent.atomic.AtomicIntegerArray;

/**
 * The cheap walks that rule out most methods before {@link Locks} looks into them as lock helpers: what a helper can
 * find at most, level by level, without its seen set (which only cuts). Memoised per method and level in the scan's
 * {@link Locks} memo by index position; both only read the index and memoised call facts, so any thread may fill a
 * slot, with the same answer.
 */
final class LockWalks {

    private LockWalks() {
    }

    /**
     * False when the task-helper walk of {@link Locks} started at {@code t} with {@code levels} levels left below it
     * (2 at its start) can find nothing: {@code t} takes no lock before it runs a parameter, and passes none on to a project method that
     * may ({@code levels - 1} below) or to a library lock-task call. The same walk without the seen set (which only
     * cuts), memoised per method and level ({@code levels} 0 to 2).
     */
    static boolean mayRunTaskLocked(Semantics sem, MethodRef t, int levels) {
        if (!t.method().hasBody() || t.file().test() || t.method().params().isEmpty()) {
            return false;
        }
        AtomicIntegerArray slots = Locks.memo(sem).taskSlots();
        int slot = sem.index().order(t);
        int known = recalled(slots, slot, levels);
        if (known >= 0) {
            return known == 1;
        }
        java.util.Set<String> params = new java.util.HashSet<>();
        t.method().params().forEach(p -> params.add(p.name()));
        List<CallSite> calls = t.method().body().calls();
        List<CallInfo> infos = sem.calls(t);
        boolean found = false;
        int lastRun = Locks.lastTaskRun(sem.catalog(), calls, params);
        for (int ai = 0; !found && ai < lastRun; ai++) {
            found = Locks.acquisitionOf(sem, t, calls.get(ai)) != null;
        }
        for (int xi = 0; !found && xi < calls.size(); xi++) {
            CallSite x = calls.get(xi);
            if (x.args().stream().noneMatch(arg -> params.contains(arg.text().trim()))) {
                continue;
            }
            List<MethodRef> targets = infos.get(x.id()).target().targets();
            for (int di = 0; !found && levels > 0 && di < targets.size(); di++) {
                found = mayRunTaskLocked(sem, targets.get(di), levels - 1);
            }
            if (!found && targets.isEmpty()) {
                found = Locks.lockedTask(sem, x, infos.get(x.id())) != null;
            }
        }
        remember(slots, slot, levels, found);
        return found;
    }

    /**
     * True when project method {@code t} (main code, with a body), or a target of its calls at most {@code levels}
     * calls down, makes a library lock call. False means the lock-helper walk of {@link Locks} started at {@code t}
     * with {@code levels} levels left below it (2 at its start) finds nothing: it returns only what such a call takes.
     * Memoised per method and level ({@code levels} 0 to 2).
     */
    static boolean reachesLibraryLock(Semantics sem, MethodRef t, int levels) {
        if (!t.method().hasBody() || t.file().test()) {
            return false;
        }
        AtomicIntegerArray slots = Locks.memo(sem).reachSlots();
        int slot = sem.index().order(t);
        int known = recalled(slots, slot, levels);
        if (known >= 0) {
            return known == 1;
        }
        boolean found = false;
        List<CallSite> calls = t.method().body().calls();
        for (int i = 0; !found && i < calls.size(); i++) {
            found = Locks.libraryAcquisition(sem, t, calls.get(i)) != null;
        }
        if (!found && levels > 0) {
            List<CallInfo> infos = sem.calls(t);
            for (int i = 0; !found && i < infos.size(); i++) {
                for (MethodRef u : infos.get(i).target().targets()) {
                    if (reachesLibraryLock(sem, u, levels - 1)) {
                        found = true;
                        break;
                    }
                }
            }
        }
        remember(slots, slot, levels, found);
        return found;
    }

    /**
     * The answer remembered for {@code levels} in index slot {@code slot} of a walk's memo (per slot, bit
     * {@code 2 * levels}: known; bit {@code 2 * levels + 1}: the answer): -1 when not known (or no slot), else 0 or 1.
     */
    private static int recalled(AtomicIntegerArray slots, int slot, int levels) {
        int known = slot < 0 ? 0 : slots.get(slot);
        return (known >> (2 * levels) & 1) == 0 ? -1 : known >> (2 * levels + 1) & 1;
    }

    /** Remembers {@code found} for {@code levels} in slot {@code slot} (nothing for a method without a slot). */
    private static void remember(AtomicIntegerArray slots, int slot, int levels, boolean found) {
        if (slot >= 0) {
            int bits = (1 << (2 * levels)) | (found ? 1 << (2 * levels + 1) : 0);
            slots.accumulateAndGet(slot, bits, (a, b) -> a | b);
        }
    }
}
