package io.idemcheck.core.explain;

import io.idemcheck.core.config.ProjectConfig;
import io.idemcheck.core.facts.CallSite;
import io.idemcheck.core.facts.LoopFact;
import io.idemcheck.core.facts.MethodFacts;
import io.idemcheck.core.finding.Location;
import io.idemcheck.core.index.CallTarget;
import io.idemcheck.core.index.MethodRef;
import io.idemcheck.core.sql.SqlFacts;
import io.idemcheck.core.sql.SqlStatement;
import io.idemcheck.core.summary.Basis;
import io.idemcheck.core.summary.CallInfo;
import io.idemcheck.core.summary.EffectTrace;
import io.idemcheck.core.summary.Evidence;
import io.idemcheck.core.summary.Locks;
import io.idemcheck.core.summary.MethodInfo;
import io.idemcheck.core.summary.MethodSummary;
import io.idemcheck.core.summary.Semantics;
import io.idemcheck.core.summary.Transactions;

import java.nio.file.InvalidPathException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.IdentityHashMap;
import java.util.Set;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * The facts part of an explanation: what each call of a method is taken to be ({@link Explanation.Call}) and what
 * calling the method does ({@link Explanation.Summary}). Reads the engine's memoised facts ({@link Semantics#calls},
 * {@link Semantics#summary}, the method's {@link MethodInfo}: its locks, each call's guarding claim and async
 * hand-off) and the evidence the classifiers retained; it classifies nothing itself, so what it shows is what the
 * rules see.
 */
final class CallRoles {

    private static final int MAX_SQL = 300;
    /** How deep {@link #reaches} follows calls into project methods. */
    private static final int MAX_DEPTH = 16;
    /** How many callees {@link #reaches} enters in all, so a wide call graph stays quick to explain. */
    private static final int MAX_VISITS = 2000;

    private final Semantics sem;
    private final Path root;

    /**
     * @param sem  the engine's call semantics
     * @param root the source root: evidence in a file under it (an idemcheck.yml line) is shown relative to it
     */
    CallRoles(Semantics sem, Path root) {
        this.sem = sem;
        this.root = root;
    }

    /** {@code e} with an absolute path under the source root made relative to it, as every other path here. */
    private Evidence rel(Evidence e) {
        if (e == null || e.path() == null) {
            return e;
        }
        try {
            Path p = Path.of(e.path());
            if (p.isAbsolute() && p.startsWith(root)) {
                return new Evidence(e.decidedBy(), e.source(), e.entry(),
                        root.relativize(p).toString().replace('\\', '/'), e.line());
            }
        } catch (InvalidPathException ignored) {
            // not a path of this platform: shown as recorded
        }
        return e;
    }

    /** Every call of {@code m} with its roles, SQL and context, in evaluation order; empty without a body. */
    List<Explanation.Call> calls(MethodRef m) {
        if (!m.method().hasBody()) {
            return List.of();
        }
        List<CallInfo> infos = sem.calls(m);
        List<CallSite> calls = m.method().body().calls();
        MethodInfo facts = sem.methodInfo(m);
        List<Locks.Lock> locks = facts.locks();
        List<Explanation.Call> out = new ArrayList<>(calls.size());
        for (CallSite c : calls) {
            CallInfo ci = infos.get(c.id());
            CallTarget t = ci.target();
            List<String> targets = t.targets().stream().map(MethodRef::id).toList();
            out.add(new Explanation.Call(c.range().line(), c.range().column(), Semantics.display(c), c.text(),
                    new Explanation.Receiver(t.receiverType().name(), t.receiverType().kind().name()), targets,
                    roles(m, c, ci, locks, facts.call(c)), sql(ci), context(m, c, ci, locks, facts.call(c))));
        }
        return out;
    }

    private List<Explanation.Role> roles(MethodRef m, CallSite c, CallInfo ci, List<Locks.Lock> locks,
                                         MethodInfo.Call fact) {
        List<Explanation.Role> out = new ArrayList<>();
        if (ci.effect() != null) {
            EffectTrace e = ci.effect();
            out.add(new Explanation.Role("effect", kindPhrase(e.kind()) + (e.hops().size() > 1 ? " (through "
                    + (e.hops().size() - 1) + " call" + (e.hops().size() > 2 ? "s" : "") + ", down to " + e.leaf()
                    + "())" : " (" + e.leaf() + "())") + "; a repetition " + e.verb(), rel(e.evidence()), effect(e)));
        }
        if (ci.isRecord()) {
            out.add(new Explanation.Role("record", ci.record() + (ci.claim() ? ", as part of its claim (below): a claim"
                    + " takes the item, it is no record that the item's work is done" : ""),
                    rel(ci.recordEvidence()), null));
        }
        Explanation.Role completion = ci.claim() ? null : completion(ci);
        if (completion != null) {
            out.add(completion);
        }
        if (ci.claim()) {
            out.add(new Explanation.Role("claim", "a conditional claim: its result tells whether this run won the "
                    + "row", rel(ci.claimEvidence()), null));
        }
        if (ci.keyed()) {
            out.add(new Explanation.Role("key", "the effect carries an idempotency key derived from the item"
                    + (fact.keyRoots().isEmpty() ? "" : " (from " + String.join(", ", fact.keyRoots()) + ")"),
                    rel(fact.keyEvidence()), null));
        }
        for (Locks.Lock l : locks) {
            if (l.call() != null && l.call().id() == c.id()) {
                out.add(new Explanation.Role("lock", "takes a distributed lock: " + l.kind(), null, null));
            }
        }
        for (SqlStatement st : ci.statements()) {
            if (st.kind() == SqlFacts.Kind.SELECT) {
                out.add(new Explanation.Role("read", "runs a SELECT" + (st.table() == null ? "" : " on " + st.table()),
                        Evidence.sql(st, SqlFacts.Kind.SELECT), null));
                break;
            }
        }
        if (ci.effect() == null && !ci.isRecord() && !ci.claim() && sem.writesDatabase(m, c)) {
            out.add(new Explanation.Role("write", writeDetail(ci), writeEvidence(ci), null));
        }
        String recv = ci.target().receiverType().name();
        if (out.isEmpty() && Semantics.isRuntimeLibrary(recv)) {
            String call = simple(recv) + "." + c.name() + "()";
            out.add(new Explanation.Role("runtime", "a call of idemcheck's runtime library (" + call + "): not an "
                    + "effect, and not a record or claim of the item's state",
                    new Evidence(Basis.RUNTIME, "idemcheck runtime library", call, null, 0), null));
        }
        return out;
    }

    /**
     * For a conditional status write that is no claim because the state it moves rows to is one of idemcheck.yml's
     * {@code stateValues}: the role saying so, with the configuration line as its evidence; else null.
     */
    private Explanation.Role completion(CallInfo ci) {
        ProjectConfig project = sem.catalog().project();
        if (project == null || project.stateValues().isEmpty()) {
            return null;
        }
        for (SqlStatement st : ci.statements()) {
            if (!st.conditional()) {
                continue;
            }
            for (SqlFacts f : st.shapes()) {
                for (String v : f.statusWrite() ? f.statusValues() : List.<String>of()) {
                    int line = project.stateValueLine(v);
                    if (line > 0) {
                        return new Explanation.Role("completion", "a conditional move to " + v + " completes work, "
                                + "it claims nothing: " + v + " is a state work items end in",
                                rel(Evidence.stateValue(v.toUpperCase(Locale.ROOT), project.file(), line)), null);
                    }
                }
            }
        }
        return null;
    }

    private static String writeDetail(CallInfo ci) {
        for (SqlStatement st : ci.statements()) {
            for (SqlFacts f : st.shapes()) {
                if (f.isWrite()) {
                    return "writes the database (" + f.kind() + (f.table() == null ? "" : " " + f.table())
                            + "), neither an effect nor a record of the item's state";
                }
            }
        }
        return "writes the database (itself or through the methods it calls), neither an effect nor a record of the "
                + "item's state";
    }

    private static Evidence writeEvidence(CallInfo ci) {
        for (SqlStatement st : ci.statements()) {
            for (SqlFacts f : st.shapes()) {
                if (f.isWrite()) {
                    return Evidence.sql(st, f.kind());
                }
            }
        }
        return null;
    }

    private static List<Explanation.Sql> sql(CallInfo ci) {
        List<Explanation.Sql> out = new ArrayList<>();
        for (SqlStatement st : ci.statements()) {
            String text = st.shapes().get(0).text();
            text = text == null ? null : text.replaceAll("\\s+", " ").strip();
            if (text != null && text.length() > MAX_SQL) {
                text = text.substring(0, MAX_SQL - 3) + "...";
            }
            out.add(new Explanation.Sql(st.id(), st.source().name(), st.relPath(),
                    st.range() == null ? 0 : st.range().line(), st.kind().name(), st.table(), text));
        }
        return out;
    }

    private List<String> context(MethodRef m, CallSite c, CallInfo ci, List<Locks.Lock> locks, MethodInfo.Call fact) {
        List<String> out = new ArrayList<>();
        List<LoopFact> loops = m.method().body().loops();
        for (int l : c.loopIds()) {
            LoopFact loop = loops.get(l);
            out.add("in the loop at line " + loop.range().line()
                    + (sem.loopOverSelectedRows(m, loop) ? " (over rows selected from the database)" : ""));
        }
        if (c.catchDepth() > 0) {
            out.add("in a catch block");
        }
        if (c.lambdaId() >= 0) {
            out.add(fact.inAsyncHandoff() ? "in a lambda handed to another thread or run later (async hand-off)"
                    : "in a lambda");
        }
        for (Locks.Lock l : locks) {
            if ((l.call() == null || l.call().id() != c.id()) && l.holds(m.method().body(), c)) {
                out.add("while the lock " + l.kind() + " (line " + l.range().line() + ") is held");
            }
        }
        if (ci.effect() != null && !ci.keyed()) {
            String rejected = sem.keyRejection(m, c);
            if (rejected != null) {
                out.add("no idempotency key: " + rejected);
            }
        }
        if (ci.effect() != null) {
            CallSite claim = fact.guardingClaim();
            if (claim != null) {
                out.add("guarded by the claim " + Semantics.display(claim) + " at line " + claim.range().line()
                        + " (its result is checked)");
            }
        }
        return out;
    }

    /**
     * What calling {@code m} does: its summary, its transaction, and every effect its calls reach. A method without a
     * body (a mapper interface method) writes the database when the SQL declared for it (XML or annotation) is an
     * INSERT, UPDATE, DELETE or upsert, as the rules read it; it is opaque only when no SQL is declared for it.
     */
    Explanation.Summary summary(MethodRef m) {
        if (!m.method().hasBody()) {
            List<SqlStatement> declared = sem.sqlModel().statementsFor(m);
            boolean writes = declared.stream().anyMatch(st -> switch (st.kind()) {
                case INSERT, UPSERT, UPDATE, DELETE -> true;
                default -> false;
            });
            return new Explanation.Summary(writes, transaction(m), null, null, false, declared.isEmpty(), List.of(),
                    List.of());
        }
        MethodSummary s = sem.summary(m);
        List<Explanation.Effect> unrecorded = s.effects().stream().map(this::effect).toList();
        // a claim is never the item's record: a method whose only state write is its claim records nothing
        boolean rec = s.record() != null && !s.recordIsClaim();
        return new Explanation.Summary(sem.methodWritesDatabase(m), transaction(m), rec ? s.record() : null,
                rec ? rel(s.recordEvidence()) : null,
                s.returnsClaim(), s.opaque(), unrecorded, reaches(m));
    }

    /**
     * Every effect the calls of {@code m} perform or reach, transitively, each with its chain from the call in
     * {@code m} down to the call that performs it, and whether a callee on the way records (or protects) it before it
     * returns to {@code m}: a call into project methods stands for every effect its callees' calls reach (a settle()
     * that charges, orders and notifies is three), those its summary passes up unmarked, the others marked with the
     * method that records them; any other effect call for its own effect. Distinct by chain.
     */
    private List<Explanation.Effect> reaches(MethodRef m) {
        Map<String, Explanation.Effect> out = new LinkedHashMap<>();
        List<CallInfo> infos = sem.calls(m);
        Set<MethodFacts> path = Collections.newSetFromMap(new IdentityHashMap<>());
        path.add(m.method());
        int[] budget = {MAX_VISITS};
        for (CallSite c : m.method().body().calls()) {
            for (Reached r : expand(m, c, infos.get(c.id()), path, 0, budget)) {
                Explanation.Effect x = effect(r.trace(), r.recorded());
                out.putIfAbsent(key(x), x);
            }
        }
        return new ArrayList<>(out.values());
    }

    /** An effect reached through a call, and where a callee on the way records it (null: it reaches the caller). */
    private record Reached(EffectTrace trace, String recorded) {
    }

    /**
     * The effects call {@code c} of {@code m} reaches: through each callee with a body, what every call of the callee
     * reaches, expanded in turn; an effect the callee's summary does not pass up is marked with where the callee
     * records (or protects) it. The call's own effect when nothing it reaches stays unrecorded (a library call, a
     * mapper), or the walk meets a cycle, {@link #MAX_DEPTH} or the end of its budget.
     */
    private List<Reached> expand(MethodRef m, CallSite c, CallInfo ci, Set<MethodFacts> path, int depth, int[] budget) {
        List<Reached> out = new ArrayList<>();
        for (MethodRef target : ci.target().targets()) {
            if (!target.method().hasBody() || path.contains(target.method()) || depth >= MAX_DEPTH
                    || budget[0] <= 0) {
                continue;
            }
            budget[0]--;
            List<EffectTrace> passed = sem.summary(target).effects();
            Location hop = Semantics.location(m, c.range(), Semantics.display(c) + " calls "
                    + target.type().simpleName() + "." + target.method().name() + "()");
            List<CallInfo> inner = sem.calls(target);
            path.add(target.method());
            for (CallSite d : target.method().body().calls()) {
                boolean up = inner.get(d.id()).effect() != null && passedUp(passed, target, d);
                for (Reached r : expand(target, d, inner.get(d.id()), path, depth + 1, budget)) {
                    String recorded = r.recorded() != null || up ? r.recorded() : recordedIn(target, d, inner);
                    out.add(new Reached(r.trace().via(hop), recorded));
                }
            }
            path.remove(target.method());
        }
        if (ci.effect() == null) {
            return out;
        }
        if (out.stream().noneMatch(r -> r.recorded() == null)) {
            out.add(new Reached(ci.effect(), null));
            return out;
        }
        // the path the classifier itself followed keeps its own trace (a business name on the way down, such as
        // charge(), gives the effect its kind)
        for (int i = 0; i < out.size(); i++) {
            if (out.get(i).recorded() == null && samePlaces(out.get(i).trace().hops(), ci.effect().hops())) {
                out.set(i, new Reached(ci.effect(), null));
            }
        }
        return out;
    }

    /**
     * Where {@code target} settles the effect its call {@code d} reaches, so that it does not pass it up: the record
     * that follows it, the claim that guards it, the key it carries, or the transaction its database write runs in.
     */
    private String recordedIn(MethodRef target, CallSite d, List<CallInfo> inner) {
        String in = target.type().simpleName() + "." + target.method().name() + "()";
        List<CallSite> calls = target.method().body().calls();
        for (int j = d.id() + 1; j < calls.size(); j++) {
            CallInfo r = inner.get(j);
            if (r.isRecord() && !calls.get(j).exclusiveWith(d)) {
                return "recorded in " + in + " by " + Semantics.display(calls.get(j)) + " at "
                        + target.file().relPath() + ":" + calls.get(j).range().line();
            }
        }
        CallSite claim = sem.methodInfo(target).call(d).guardingClaim();
        if (claim != null) {
            return "guarded in " + in + " by the claim " + Semantics.display(claim) + " at "
                    + target.file().relPath() + ":" + claim.range().line();
        }
        if (inner.get(d.id()).keyed()) {
            return "keyed in " + in + " by a key of its own (" + Semantics.display(d) + " at "
                    + target.file().relPath() + ":" + d.range().line() + ")";
        }
        if (inner.get(d.id()).effect() == null) {
            return "left out of the summary of " + in;
        }
        return "settled in " + in + " (a database write inside its transaction, which also records the item)";
    }

    private static boolean samePlaces(List<Location> a, List<Location> b) {
        if (a.size() != b.size()) {
            return false;
        }
        for (int i = 0; i < a.size(); i++) {
            Location x = a.get(i);
            Location y = b.get(i);
            if (!x.path().equals(y.path()) || x.startLine() != y.startLine() || x.startColumn() != y.startColumn()) {
                return false;
            }
        }
        return true;
    }

    /** True when one of the summary effects {@code passed} of {@code target} starts at its call {@code d}. */
    private static boolean passedUp(List<EffectTrace> passed, MethodRef target, CallSite d) {
        for (EffectTrace e : passed) {
            Location first = e.hops().get(0);
            if (first.path().equals(target.file().relPath()) && first.startLine() == d.range().line()
                    && first.startColumn() == d.range().column()) {
                return true;
            }
        }
        return false;
    }

    private static String key(Explanation.Effect e) {
        StringBuilder sb = new StringBuilder(e.leaf());
        e.chain().forEach(h -> sb.append('|').append(h.path()).append(':').append(h.line()).append(':')
                .append(h.column()));
        return sb.toString();
    }

    private String transaction(MethodRef m) {
        Transactions.TxDeclaration d = sem.transactionDeclaration(m);
        if (d == null) {
            return null;
        }
        String where = switch (d.source()) {
            case METHOD -> "on the method";
            case CLASS -> "on its class " + simple(d.owner());
            case INTERFACE_METHOD -> "on the interface method in " + simple(d.owner());
            case INTERFACE -> "on the interface " + simple(d.owner());
        };
        return "@" + d.annotation().simpleName() + " " + where + " (propagation " + d.propagation()
                + (d.readOnly() ? ", read-only" : "") + ")";
    }

    private Explanation.Effect effect(EffectTrace e) {
        return effect(e, null);
    }

    private Explanation.Effect effect(EffectTrace e, String recorded) {
        List<Explanation.Hop> chain = e.hops().stream().map(CallRoles::hop).toList();
        return new Explanation.Effect(e.kind(), e.verb(), e.leaf(), e.basis(), rel(e.evidence()), e.keyParam(), chain,
                recorded);
    }

    static Explanation.Hop hop(Location l) {
        return new Explanation.Hop(l.path(), l.startLine(), l.startColumn(), l.label());
    }

    private static String simple(String fqn) {
        int i = fqn.lastIndexOf('.');
        return i < 0 ? fqn : fqn.substring(i + 1);
    }

    private static String kindPhrase(String kind) {
        return switch (kind.toLowerCase(Locale.ROOT)) {
            case "payment" -> "moves money";
            case "http" -> "calls a remote service";
            case "message" -> "sends a message";
            case "mail" -> "sends a mail";
            case "order" -> "places an order";
            case "db-insert" -> "inserts a row";
            case "db-increment" -> "adds to a stored amount";
            default -> "has a side effect";
        };
    }
}
