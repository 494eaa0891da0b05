package io.idemcheck.rules;

import io.idemcheck.core.catalog.Catalog;
import io.idemcheck.core.catalog.Vocabulary;
import io.idemcheck.core.facts.Arg;
import io.idemcheck.core.facts.Body;
import io.idemcheck.core.facts.CallSite;
import io.idemcheck.core.facts.GuardFact;
import io.idemcheck.core.facts.LambdaFact;
import io.idemcheck.core.facts.LocalVar;
import io.idemcheck.core.facts.LoopFact;
import io.idemcheck.core.facts.Receiver;
import io.idemcheck.core.facts.TypeRef;
import io.idemcheck.core.finding.Location;
import io.idemcheck.core.index.MethodRef;
import io.idemcheck.core.index.ProjectIndex;
import io.idemcheck.core.index.ResolvedType;
import io.idemcheck.core.sql.SqlFacts;
import io.idemcheck.core.sql.SqlStatement;
import io.idemcheck.core.summary.Basis;
import io.idemcheck.core.summary.CallInfo;
import io.idemcheck.core.summary.Dataflow;
import io.idemcheck.core.summary.Locks;
import io.idemcheck.core.summary.MethodInfo;
import io.idemcheck.core.summary.Semantics;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Predicate;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The work a lock guards, followed from the locked region down through project methods (implementations of an
 * interface and method references included, {@value #MAX_DEPTH} calls deep): the side effects that a second holder
 * of the lock (after the first one died, or after its lease ran out mid-batch) would perform again.
 *
 * <p>An effect counts when it is done <em>per work item</em>: inside a loop over items fetched from a store (a mapper,
 * DAO or repository, a project method returning their rows, a library listing such as {@code listBlobs}), or under a
 * lock keyed by one item ({@code redisson.getLock("order:" + id)}). An effect run once per tick with no item (a daily
 * report mail, a heartbeat) is what a lock is for and does not count. Nor does an effect that carries an idempotency
 * key, runs after a checked conditional claim on the item (directly, or through a helper that throws when the claim
 * loses), is idempotent by nature ({@code delete*}, the catalog's {@code idempotentEffectMethods}), is guarded by a
 * check that its target exists, inserts into an append-only table (logs, events), or is handed to another thread.
 *
 * <p>Where the record of the item's state happens does not matter here: a record in a called method (publish, then
 * {@code markSent} two calls down) does not stop a second lock holder that read the same items before it.
 *
 * <p>Under a lock keyed by one item, what a check of that row's stored state guards is not counted when the lock is
 * held across the check and a write of that state of the same row ({@link LockKeys#rowStateGuarded}): the lock is
 * then a per-item guard.
 */
final class LockedWork {

    static final int MAX_DEPTH = 8;
    private static final int MAX_VISITS = 2_000;
    private static final int MAX_TARGETS = 4;
    private static final Pattern METHOD_REF = Pattern.compile("^\\s*(this|[a-z_$][\\w$]*)\\s*::\\s*([\\w$]+)\\s*$");

    /**
     * One effect a second lock holder would repeat.
     *
     * @param path   the calls from the locked method down to the effect call, each labelled (first = in the locked
     *               method, last = the effect call)
     * @param leaf   the effect call
     * @param method the method that makes it
     * @param info   what the effect call is
     * @param loop   where the loop over work items is, or null for a lock keyed by one item
     * @param item   what one work item is, for messages ("each envelope of findEnvelopesToUpload()", "order:" + id)
     */
    record Hit(List<Location> path, CallSite leaf, MethodRef method, CallInfo info, Location loop, String item) {
    }

    private final Semantics sem;
    private final Catalog cat;
    private final ProjectIndex index;
    private final List<Hit> hits = new ArrayList<>();
    private final Map<MethodRef, Boolean> throwingClaims = new HashMap<>();
    private final Map<MethodRef, Boolean> returnsItems = new HashMap<>();
    private final Set<String> visited = new HashSet<>();
    private int visits;

    private LockedWork(Semantics sem) {
        this.sem = sem;
        this.cat = sem.catalog();
        this.index = sem.index();
    }

    /** The per-item effects under {@code lock} in {@code m}, in call order, at most one per effect call. */
    static List<Hit> under(Semantics sem, MethodRef m, Locks.Lock lock) {
        LockedWork w = new LockedWork(sem);
        Body body = m.method().body();
        String key = LockKeys.itemKey(sem.catalog(), m, lock);
        Ctx start = key == null ? Ctx.NONE : new Ctx(true, null, key, false);
        if (lock.task() != null) {
            // executeWithLock((Runnable) this::work, cfg): the referenced method is the locked region
            MethodRef task = w.methodRef(m, lock.task());
            if (task != null) {
                Location at = Semantics.location(m, lock.call().range(), Semantics.display(lock.call()));
                w.walk(task, x -> true, start, List.of(at), 1);
            }
            return w.hits;
        }
        Predicate<CallSite> perItemChecked = key == null ? c -> false : LockKeys.rowStateGuarded(sem, m, lock);
        w.walk(m, c -> lock.holds(body, c) && (lock.call() == null || !c.exclusiveWith(lock.call())
                && c.id() != lock.call().id()) && !perItemChecked.test(c), start, List.of(), 0);
        return w.hits;
    }

    /** Per-item state of the walk: inside work, where the work loop is, what the item is, guarded by an exists check. */
    private record Ctx(boolean perItem, Location loop, String item, boolean existenceChecked) {
        static final Ctx NONE = new Ctx(false, null, null, false);
    }

    private void walk(MethodRef m, Predicate<CallSite> scope, Ctx ctx, List<Location> path, int depth) {
        if (!visited.add(m.id() + '|' + ctx.perItem() + '|' + ctx.existenceChecked()) || ++visits > MAX_VISITS) {
            return;
        }
        Body body = m.method().body();
        MethodInfo facts = sem.methodInfo(m);
        for (CallSite c : body.calls()) {
            if (!scope.test(c) || facts.call(c).inAsyncHandoff()) {
                continue;
            }
            CallInfo ci = facts.call(c).info();
            LoopFact wl = workLoop(m, c);
            Ctx here = ctx;
            if (wl != null && !ctx.perItem()) {
                here = new Ctx(true, Semantics.location(m, wl.range(), "the loop over work items"),
                        describeItems(m, wl), ctx.existenceChecked());
            }
            if (ci.keyed() || claimGuarded(m, c, wl)) {
                continue;
            }
            if (existenceGuarded(m, c)) {
                here = new Ctx(here.perItem(), here.loop(), here.item(), true);
            }
            List<Location> p = new ArrayList<>(path);
            p.add(Semantics.location(m, c.range(), Semantics.display(c)));
            List<MethodRef> bodies = bodies(ci);
            int before = hits.size();
            if (!bodies.isEmpty() && depth < MAX_DEPTH) {
                for (MethodRef t : bodies) {
                    walk(t, x -> true, here, p, depth + 1);
                }
            }
            // a leaf, or a call that is itself the effect although project bodies stand behind it: a project
            // method whose body calls code we cannot see, named like an effect (ship(order)), or a remote client
            // interface (@RpcService) whose implementation in the sources runs in the other process
            boolean leaf = bodies.isEmpty() || hits.size() == before && ci.effect() != null
                    && (ci.effect().decidedBy() == Basis.NAME || ci.effect().decidedBy() == Basis.ANNOTATION)
                    && ci.effect().hops().size() == 1;
            if (leaf && ci.effect() != null && here.perItem() && !here.existenceChecked() && !idempotent(c, ci)
                    && !keyedByBuilder(m, c)) {
                hits.add(new Hit(List.copyOf(p), c, m, ci, here.loop(), here.item()));
            }
            // xs.forEach(service::handle): the referenced method runs once per element
            if (depth < MAX_DEPTH && cat.terms(Vocabulary.ITERATING_METHODS).has(c.name())) {
                for (Arg a : c.args()) {
                    MethodRef r = methodRef(m, a);
                    if (r == null) {
                        continue;
                    }
                    Ctx each = here;
                    if (!here.perItem() && chainFetchesItems(m, c, 0)) {
                        each = new Ctx(true, Semantics.location(m, c.range(), "the loop over work items"),
                                "each element of " + receiverText(c), here.existenceChecked());
                    }
                    walk(r, x -> true, each, p, depth + 1);
                }
            }
        }
    }

    /** Project methods with a body that {@code ci} may run, tests excluded, at most {@value #MAX_TARGETS}. */
    private static List<MethodRef> bodies(CallInfo ci) {
        List<MethodRef> out = new ArrayList<>();
        for (MethodRef t : ci.target().targets()) {
            if (t.method().hasBody() && !t.file().test() && out.size() < MAX_TARGETS) {
                out.add(t);
            }
        }
        return out;
    }

    // ---- work items -------------------------------------------------------------------------------------------------

    /** The innermost loop around {@code c} that iterates work items fetched from a store, or null. */
    private LoopFact workLoop(MethodRef m, CallSite c) {
        List<LoopFact> loops = m.method().body().loops();
        for (int i = c.loopIds().size() - 1; i >= 0; i--) {
            LoopFact l = loops.get(c.loopIds().get(i));
            if (overWorkItems(m, l)) {
                return l;
            }
        }
        return null;
    }

    private boolean overWorkItems(MethodRef m, LoopFact l) {
        if (sem.loopOverLiteral(m, l, Integer.MAX_VALUE)) {
            return false;
        }
        if (sem.loopOverSelectedRows(m, l)) {
            return true;
        }
        Body body = m.method().body();
        if (l.kind().startsWith("lambda:")) {
            CallSite owner = lambdaOwner(m, l);
            return owner != null && chainFetchesItems(m, owner, 0);
        }
        for (CallSite c : body.calls()) {
            // the calls of the iterated expression: for (Row r : mapper.selectDue()) ..
            if (!c.loopIds().contains(l.id()) && c.range().line() >= l.range().line()
                    && c.range().endLine() <= l.range().endLine() && fetchesItems(m, c, 0)) {
                return true;
            }
        }
        for (String n : Dataflow.roots(m, l.names())) {
            LocalVar lv = body.locals().get(n);
            if (lv != null) {
                for (int id : lv.initCallIds()) {
                    if (fetchesItems(m, body.calls().get(id), 0)) {
                        return true;
                    }
                }
            }
        }
        return false;
    }

    /** The call a lambda loop's lambda is passed to ({@code xs.forEach(x -> ..)}), or null. */
    private static CallSite lambdaOwner(MethodRef m, LoopFact l) {
        Body body = m.method().body();
        String owner = l.kind().substring("lambda:".length());
        for (LambdaFact lf : body.lambdas()) {
            if (lf.params().equals(l.vars()) && lf.ownerCallId() >= 0) {
                CallSite oc = body.calls().get(lf.ownerCallId());
                if (oc.name().equals(owner) && oc.range().line() <= l.range().line()
                        && oc.range().endLine() >= l.range().endLine()) {
                    return oc;
                }
            }
        }
        return null;
    }

    /** True when the receiver of {@code c} (a chain of calls, or a local) holds items fetched from a store. */
    private boolean chainFetchesItems(MethodRef m, CallSite c, int depth) {
        Body body = m.method().body();
        Receiver r = c.receiver();
        if (r.kind() == Receiver.Kind.CALL && r.callId() >= 0) {
            CallSite inner = body.calls().get(r.callId());
            return fetchesItems(m, inner, depth) || chainFetchesItems(m, inner, depth);
        }
        if (r.kind() == Receiver.Kind.NAME || r.kind() == Receiver.Kind.FIELD) {
            for (String n : Dataflow.roots(m, Set.of(r.name()))) {
                LocalVar lv = body.locals().get(n);
                if (lv == null) {
                    continue;
                }
                for (int id : lv.initCallIds()) {
                    if (fetchesItems(m, body.calls().get(id), depth)) {
                        return true;
                    }
                }
            }
        }
        return false;
    }

    /**
     * True when call {@code c} fetches work items: a mapper, DAO or repository call (or a call on a type idemcheck.yml
     * declares records or claims on: {@code Semantics#isDataAccess}), a library listing of the
     * catalog's {@code workItemSources}, or a project method that returns what one of those fetched.
     */
    private boolean fetchesItems(MethodRef m, CallSite c, int depth) {
        CallInfo ci = sem.calls(m).get(c.id());
        ResolvedType rt = ci.target().receiverType();
        if (index.typeOf(rt).filter(sem::isDataAccess).isPresent()) {
            return true;
        }
        for (SqlStatement st : ci.statements()) {
            if (st.kind() == SqlFacts.Kind.SELECT) {
                return true;
            }
        }
        List<MethodRef> bodies = bodies(ci);
        if (bodies.isEmpty()) {
            return !rt.isProject() && cat.terms(Vocabulary.WORK_ITEM_SOURCES).has(c.name());
        }
        if (depth >= 3) {
            return false;
        }
        for (MethodRef t : bodies) {
            Boolean known = returnsItems.get(t);
            if (known == null) {
                returnsItems.put(t, false); // cycle guard
                known = returnsFetched(t, depth + 1);
                returnsItems.put(t, known);
            }
            if (known) {
                return true;
            }
        }
        return false;
    }

    /** True when project method {@code t} returns the result of a call that fetches work items. */
    private boolean returnsFetched(MethodRef t, int depth) {
        Body body = t.method().body();
        for (CallSite c : body.calls()) {
            boolean returned = c.use() == CallSite.Use.RETURNED
                    || c.assignedTo() != null && returnsName(t, c.assignedTo());
            if (returned && (fetchesItems(t, c, depth) || chainFetchesItems(t, c, depth))) {
                return true;
            }
        }
        return false;
    }

    private static boolean returnsName(MethodRef t, String var) {
        for (CallSite c : t.method().body().calls()) {
            if (c.use() == CallSite.Use.RETURNED && c.receiver().kind() == Receiver.Kind.NAME
                    && var.equals(c.receiver().name())) {
                return true;
            }
        }
        return false;
    }

    private static String describeItems(MethodRef m, LoopFact l) {
        String var = l.vars().isEmpty() ? "item" : l.vars().get(0);
        String it = l.iterable();
        if (l.kind().startsWith("lambda:")) {
            CallSite owner = lambdaOwner(m, l);
            it = owner == null ? null : owner.receiver().text();
        }
        return "each " + var + (it == null || it.isBlank() ? "" : " of " + shorten(it));
    }

    private static String receiverText(CallSite c) {
        return shorten(c.receiver().text());
    }

    static String shorten(String s) {
        String t = s.replaceAll("\\s+", " ").trim();
        return t.length() > 80 ? t.substring(0, 77) + "..." : t;
    }

    // ---- guards -----------------------------------------------------------------------------------------------------

    /**
     * True when a checked conditional claim on the item runs before {@code c}: a claim whose result guards it (on the
     * work loop's item when there is a work loop in this method), or an earlier call of a helper that throws when its
     * claim loses ({@code dao.updateState(id, expected, next)} throwing on 0 rows).
     */
    private boolean claimGuarded(MethodRef m, CallSite c, LoopFact wl) {
        CallSite g = sem.methodInfo(m).call(c).guardingClaim();
        if (g != null && (wl == null || onItem(m, g, wl))) {
            return true;
        }
        List<CallInfo> infos = sem.calls(m);
        for (CallSite p : m.method().body().calls()) {
            if (p.id() >= c.id()) {
                break;
            }
            if (p.exclusiveWith(c) || wl != null && !p.loopIds().contains(wl.id())) {
                continue;
            }
            for (MethodRef t : bodies(infos.get(p.id()))) {
                if (throwsOnLostClaim(t)) {
                    return true;
                }
            }
        }
        return false;
    }

    private boolean onItem(MethodRef m, CallSite claim, LoopFact wl) {
        Set<String> names = new HashSet<>();
        for (Arg a : claim.args()) {
            names.addAll(a.names());
        }
        if (claim.receiver().name() != null) {
            names.add(claim.receiver().name());
        }
        Set<String> roots = Dataflow.roots(m, names);
        for (String v : wl.vars()) {
            if (roots.contains(v)) {
                return true;
            }
        }
        return wl.vars().isEmpty();
    }

    /** True when {@code t} makes a conditional claim and leaves early (throws) when it did not win. */
    private boolean throwsOnLostClaim(MethodRef t) {
        Boolean known = throwingClaims.get(t);
        if (known != null) {
            return known;
        }
        boolean found = false;
        Body body = t.method().body();
        List<CallInfo> infos = sem.calls(t);
        for (CallSite c : body.calls()) {
            if (!infos.get(c.id()).claim()) {
                continue;
            }
            for (GuardFact g : body.guards()) {
                if (g.earlyExit() && (g.callIds().contains(c.id())
                        || c.assignedTo() != null && g.names().contains(c.assignedTo()))) {
                    found = true;
                }
            }
        }
        throwingClaims.put(t, found);
        return found;
    }

    /** True when a condition guarding {@code c} checks that a remote object exists ({@code if (blob.exists())}). */
    private boolean existenceGuarded(MethodRef m, CallSite c) {
        Body body = m.method().body();
        for (int gid : c.guardIds()) {
            for (int id : body.guards().get(gid).callIds()) {
                if (cat.terms(Vocabulary.EXISTENCE_CHECKS).has(body.calls().get(id).name())) {
                    return true;
                }
            }
        }
        return false;
    }

    /** Effects a repeat does not duplicate: idempotent by name, or an insert into an append-only table. */
    private boolean idempotent(CallSite c, CallInfo ci) {
        if (cat.terms(Vocabulary.IDEMPOTENT_EFFECT_METHODS).has(c.name())) {
            return true;
        }
        if (!ci.effect().isDatabaseLocal()) {
            return false;
        }
        if (ci.statements().isEmpty()) {
            // no SQL visible: the table of the service or repository's entity (ProcessEventRepository → process_event)
            String entity = ci.target().receiverType().simpleName()
                    .replaceAll("(Service|ServiceImpl|Repository|Repo|Mapper|Dao|DAO|Manager)$", "");
            String table = entity.replaceAll("([a-z0-9])([A-Z])", "$1_$2").toLowerCase(java.util.Locale.ROOT);
            return !entity.isEmpty() && MissingUniqueBusinessKey.appendOnly(cat, table);
        }
        for (SqlStatement st : ci.statements()) {
            for (SqlFacts f : st.shapes()) {
                if (f.kind() == SqlFacts.Kind.INSERT
                        && (f.table() == null || !MissingUniqueBusinessKey.appendOnly(cat, f.table()))) {
                    return false;
                }
            }
        }
        return true;
    }

    /**
     * True when an argument of effect call {@code c} is built by a project method that sets a key carrier on it from
     * its own parameter: {@code sendMessage(toBusMessage(msg))} where {@code toBusMessage} calls
     * {@code m.setMessageId(msg.getMsgId())}, so the message carries an id derived from the item.
     */
    private boolean keyedByBuilder(MethodRef m, CallSite c) {
        Body body = m.method().body();
        List<CallInfo> infos = sem.calls(m);
        Set<Integer> builders = new HashSet<>();
        for (Arg a : c.args()) {
            builders.addAll(a.callIds());
            for (String n : Dataflow.roots(m, a.names())) {
                LocalVar lv = body.locals().get(n);
                if (lv != null) {
                    builders.addAll(lv.initCallIds());
                }
            }
        }
        for (int id : builders) {
            for (MethodRef t : bodies(infos.get(id))) {
                Set<String> params = new HashSet<>();
                t.method().params().forEach(p -> params.add(p.name()));
                for (CallSite k : t.method().body().calls()) {
                    if (Catalog.any(cat.keyCarrierMethods(), k.name()) && !k.args().isEmpty()) {
                        Arg v = k.args().get(k.args().size() - 1);
                        for (String r : Dataflow.roots(t, v.names())) {
                            if (params.contains(r)) {
                                return true;
                            }
                        }
                    }
                }
            }
        }
        return false;
    }

    // ---- method references -----------------------------------------------------------------------------------------------

    /** The project method a method-reference argument ({@code service::handle}, {@code this::handle}) names. */
    private MethodRef methodRef(MethodRef m, Arg a) {
        return methodRef(m, a.text());
    }

    /** The project method a method reference's text names, or null. */
    private MethodRef methodRef(MethodRef m, String text) {
        Matcher mr = METHOD_REF.matcher(text);
        if (!mr.matches()) {
            return null;
        }
        String owner = mr.group(1);
        String name = mr.group(2);
        List<MethodRef> candidates = new ArrayList<>();
        if (owner.equals("this")) {
            candidates.addAll(index.methodsOf(m.owner()));
        } else {
            TypeRef tr = index.variableType(m, owner, false).orElse(null);
            if (tr == null) {
                return null;
            }
            ResolvedType rt = index.resolveType(tr.name(), m.file(), m.type());
            index.typeOf(rt).ifPresent(e -> candidates.addAll(index.methodsOf(e)));
            for (var sub : index.subtypes(rt.name())) {
                candidates.addAll(index.methodsOf(sub));
            }
        }
        for (MethodRef c : candidates) {
            if (c.method().name().equals(name) && c.method().hasBody() && !c.file().test()) {
                return c;
            }
        }
        return null;
    }
}
