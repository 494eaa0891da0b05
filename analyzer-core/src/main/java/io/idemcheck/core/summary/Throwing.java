package io.idemcheck.core.summary;

import io.idemcheck.core.catalog.Catalog;
import io.idemcheck.core.catalog.Vocabulary;
import io.idemcheck.core.facts.CallSite;
import io.idemcheck.core.facts.ExitFacts;
import io.idemcheck.core.facts.MethodFacts;
import io.idemcheck.core.facts.Receiver;
import io.idemcheck.core.index.CallTarget;
import io.idemcheck.core.index.MethodRef;
import io.idemcheck.core.index.ProjectIndex;

import java.util.ArrayList;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;

/**
 * Which project methods always throw ({@code fail(msg)}), or throw unless a boolean argument is true
 * ({@code Checks.require(ok, msg)}, like {@code Assert.isTrue}): each method's {@link ExitFacts} from the parse layer,
 * completed through the calls they delegate to. A helper that calls a throwing helper as a top-level statement before
 * any return throws too; one that passes its boolean parameter to a helper (or to one of the catalog's
 * {@code assertionGuardCalls}) where that helper needs a true argument throws unless the parameter is true; one whose
 * {@code if (!ok)} ends in a call to a helper that always throws throws unless {@code ok}. Computed once for the whole
 * project, as a fixpoint over the methods that delegate (helpers calling helpers, a few rounds). Thread-safe.
 */
public final class Throwing {

    /** More rounds than any real chain of helpers calling helpers. */
    private static final int MAX_ROUNDS = 12;

    private final ProjectIndex index;
    private final Catalog catalog;
    /** Computed once under this object's monitor, then read without it. */
    private volatile Map<MethodFacts, Integer> states;

    Throwing(ProjectIndex index, Catalog catalog) {
        this.index = index;
        this.catalog = catalog;
    }

    /** {@link ExitFacts#NO}, {@link ExitFacts#ALWAYS}, or the parameter a true value of which lets {@code m} return. */
    public int of(MethodRef m) {
        return states().getOrDefault(m.method(), ExitFacts.NO);
    }

    /**
     * What call {@code c} of {@code m} does, in the same terms as {@link #of}: an assertion of the catalog
     * ({@code Assert.isTrue(cond, ..)}) throws unless its argument 0 is true; a call of project methods is what every
     * target with a body agrees on; anything else {@link ExitFacts#NO}.
     */
    public int ofCall(MethodRef m, CallSite c) {
        Map<MethodFacts, Integer> known = states();
        return assertion(c) ? 0 : ofCall(m, c, known, index.call(m, c.id()));
    }

    private Map<MethodFacts, Integer> states() {
        Map<MethodFacts, Integer> known = states;
        return known != null ? known : computeStates();
    }

    private synchronized Map<MethodFacts, Integer> computeStates() {
        if (states == null) {
            states = compute();
        }
        return states;
    }

    /** True for a method whose throwing the fixpoint works out through its calls ({@link ExitFacts#delegations}). */
    private static boolean delegates(MethodRef m) {
        if (!m.method().hasBody()) {
            return false;
        }
        ExitFacts x = m.method().body().exits();
        return x.throwsUnless() != ExitFacts.ALWAYS && !x.delegations().isEmpty();
    }

    /** Computes the whole project's answers now (the first question would), on the calling thread. */
    void prepare() {
        states();
    }

    private Map<MethodFacts, Integer> compute() {
        Map<MethodFacts, Integer> out = new IdentityHashMap<>();
        List<MethodRef> delegating = new ArrayList<>();
        for (MethodRef m : index.methods()) {
            if (!m.method().hasBody()) {
                continue;
            }
            ExitFacts x = m.method().body().exits();
            if (x.throwsUnless() != ExitFacts.NO) {
                out.put(m.method(), x.throwsUnless());
            }
            if (delegates(m)) {
                delegating.add(m);
            }
        }
        // each delegation's target, resolved once for every round (alone: the rest of a test method is not needed)
        Map<CallSite, CallTarget> targets = new IdentityHashMap<>();
        for (MethodRef m : delegating) {
            for (ExitFacts.Delegation d : m.method().body().exits().delegations()) {
                CallSite c = m.method().body().calls().get(d.callId());
                if (!assertion(c)) {
                    targets.put(c, index.call(m, c.id()));
                }
            }
        }
        // eval(m) reads only the answers of its delegations' targets: m is evaluated again only when one of them
        // changed since its last evaluation (the rounds otherwise repeat the same answer); same order, same rounds
        Map<MethodFacts, List<Integer>> readers = readers(delegating, targets);
        boolean[] dirty = new boolean[delegating.size()];
        java.util.Arrays.fill(dirty, true);
        boolean changed = true;
        for (int round = 0; changed && round < MAX_ROUNDS; round++) {
            changed = false;
            for (int i = 0; i < delegating.size(); i++) {
                if (!dirty[i]) {
                    continue;
                }
                dirty[i] = false;
                MethodRef m = delegating.get(i);
                int now = eval(m, out, targets);
                Integer before = out.get(m.method());
                if (now != (before == null ? ExitFacts.NO : before)) {
                    out.put(m.method(), now);
                    changed = true;
                    for (int r : readers.getOrDefault(m.method(), List.of())) {
                        dirty[r] = true;
                    }
                }
            }
        }
        return out;
    }

    /**
     * For each method some delegation's target is: the positions in {@code delegating} of the methods whose
     * {@link #eval} reads its answer (a target with a body of one of their delegation calls), each position once.
     */
    private Map<MethodFacts, List<Integer>> readers(List<MethodRef> delegating, Map<CallSite, CallTarget> targets) {
        Map<MethodFacts, List<Integer>> out = new IdentityHashMap<>();
        for (int i = 0; i < delegating.size(); i++) {
            MethodRef m = delegating.get(i);
            for (ExitFacts.Delegation d : m.method().body().exits().delegations()) {
                CallTarget t = targets.get(m.method().body().calls().get(d.callId()));
                if (t == null) {
                    continue; // an assertion: its answer is fixed
                }
                for (MethodRef target : t.targets()) {
                    if (target.method().hasBody()) {
                        List<Integer> r = out.computeIfAbsent(target.method(), k -> new ArrayList<>());
                        if (r.isEmpty() || r.get(r.size() - 1) != i) {
                            r.add(i);
                        }
                    }
                }
            }
        }
        return out;
    }

    private int eval(MethodRef m, Map<MethodFacts, Integer> known, Map<CallSite, CallTarget> targets) {
        ExitFacts x = m.method().body().exits();
        int res = x.throwsUnless();
        for (ExitFacts.Delegation d : x.delegations()) {
            CallSite c = m.method().body().calls().get(d.callId());
            int t = ofCall(m, c, known, targets.get(c));
            if (d.param() >= 0) {
                if (t == ExitFacts.ALWAYS && res == ExitFacts.NO) {
                    res = d.param(); // if (!ok) fail(..)
                }
            } else if (t == ExitFacts.ALWAYS) {
                return ExitFacts.ALWAYS; // fail(..) as a statement every run reaches
            } else if (t >= 0 && t < c.args().size()) {
                String arg = c.args().get(t).text().trim();
                if (arg.equals("false")) {
                    return ExitFacts.ALWAYS; // Assert.isTrue(false, ..)
                }
                int p = booleanParam(m.method(), arg);
                if (p >= 0 && res == ExitFacts.NO) {
                    res = p; // require(ok, ..) passing its own condition on
                }
            }
        }
        return res;
    }

    private static int booleanParam(MethodFacts m, String name) {
        for (int i = 0; i < m.params().size(); i++) {
            MethodFacts.Param p = m.params().get(i);
            String type = p.type().text();
            if (p.name().equals(name) && (type.equals("boolean") || type.equals("Boolean"))) {
                return i;
            }
        }
        return -1;
    }

    /** Call {@code c} is one of the catalog's {@code assertionGuardCalls} ({@code Assert.isTrue(cond, ..)}). */
    private boolean assertion(CallSite c) {
        Receiver.Kind rk = c.receiver().kind();
        return rk != Receiver.Kind.NONE && rk != Receiver.Kind.THIS && !c.args().isEmpty() && catalog.terms(
                Vocabulary.ASSERTION_GUARD_CALLS).has(c.receiver().text().trim() + "." + c.name());
    }

    /** {@link #ofCall(MethodRef, CallSite)} with {@code known} answers and the call's target {@code t}. */
    private int ofCall(MethodRef m, CallSite c, Map<MethodFacts, Integer> known, CallTarget t) {
        if (assertion(c)) {
            return 0;
        }
        int agreed = ExitFacts.NO;
        boolean first = true;
        for (MethodRef target : t.targets()) {
            if (!target.method().hasBody()) {
                continue;
            }
            int s = known.getOrDefault(target.method(), ExitFacts.NO);
            if (first) {
                agreed = s;
                first = false;
            } else if (s != agreed) {
                return ExitFacts.NO; // implementations that disagree: nothing every run does
            }
        }
        return agreed;
    }
}
