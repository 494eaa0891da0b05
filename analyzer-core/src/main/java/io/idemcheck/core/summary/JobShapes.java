package io.idemcheck.core.summary;

import io.idemcheck.core.facts.CallSite;
import io.idemcheck.core.facts.LoopFact;
import io.idemcheck.core.index.MethodRef;
import io.idemcheck.core.index.ProjectIndex;
import io.idemcheck.core.sql.SqlFacts;
import io.idemcheck.core.sql.SqlStatement;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The "effect, then record" shape of a job, whether or not it is already made safe (a key, a claim): an effect call
 * followed by a record of the same item, in a job entry point or in main code reachable from one. Shared by the rules
 * that ask what a job with that shape still needs (a kill-midway test, a reconciliation). The same-item test is the
 * one IDEM001 uses.
 */
public final class JobShapes {

    /**
     * One effect followed by the record of the same item.
     *
     * @param method     the method that holds both calls
     * @param effect     the effect call
     * @param record     the record call after it
     * @param effectInfo what the effect call does
     * @param recordInfo what the record call does
     */
    public record Shape(MethodRef method, CallSite effect, CallSite record, CallInfo effectInfo, CallInfo recordInfo) {

        /** The name of the effect as a reader knows it: the last project call before the library leaf. */
        public String effectName() {
            EffectTrace t = effectInfo.effect();
            List<io.idemcheck.core.finding.Location> hops = t.hops();
            String label = hops.size() >= 2 ? hops.get(hops.size() - 2).label() : null;
            if (label != null) {
                int i = label.indexOf(" calls ");
                String call = i > 0 ? label.substring(0, i) : label;
                int dot = call.lastIndexOf('.', call.length() - 3);
                return dot >= 0 ? call.substring(dot + 1) : call;
            }
            String leaf = t.leaf();
            int dot = leaf.lastIndexOf('.');
            return (dot >= 0 ? leaf.substring(dot + 1) : leaf) + "()";
        }

        /** The record call's method name, "updateStatus()". */
        public String recordName() {
            return record.name() + "()";
        }
    }

    private JobShapes() {
    }

    /** Every shape in main code reachable from a job entry point, in index order. */
    public static List<Shape> all(Semantics sem) {
        Set<io.idemcheck.core.facts.MethodFacts> reach = sem.reachableFromEntryPoints();
        List<Shape> out = new ArrayList<>();
        for (MethodRef m : sem.index().methods()) {
            if (m.file().test() || !m.method().hasBody() || !reach.contains(m.method())) {
                continue;
            }
            out.addAll(in(sem, m));
        }
        return out;
    }

    /**
     * The shapes of one method: for each effect, the first record of the same item after it, or, for an effect that
     * leaves the application, the status setter on a managed entity that the transaction writes when it commits
     * ({@link #managedStatusWrite}; the shape's record then comes before its effect in the text).
     */
    public static List<Shape> in(Semantics sem, MethodRef m) {
        List<CallInfo> infos = sem.calls(m);
        List<CallSite> calls = m.method().body().calls();
        List<Shape> out = new ArrayList<>();
        for (CallSite e : calls) {
            CallInfo ei = infos.get(e.id());
            if (ei.effect() == null || ei.isRecord()) {
                continue;
            }
            CallSite r = firstRecordAfter(sem, m, e, infos);
            if (r == null && !ei.effect().isDatabaseLocal()) {
                // the status set on a managed entity is written at commit, after the effect (IDEM001's same test)
                r = managedStatusWrite(sem, m, e, infos);
            }
            if (r != null && repeatSafe(sem, m, e, r, infos) == null) {
                out.add(new Shape(m, e, r, ei, infos.get(r.id())));
            }
        }
        return out;
    }

    /**
     * Why effect {@code e}, followed by record {@code r} of the same item, leaves no gap to fear, in words, or null:
     * the effect is an insert into the application's database whose result (the new row's id) is what {@code r}
     * then updates, so the insert creates the item's own row and is the first half of the record, not a separate
     * effect (a rejected-file envelope created, then marked REJECTED); or the effect is one whose repetition changes
     * nothing (the catalog's {@code idempotentEffectMethods}: a search-index refresh, a delete).
     */
    public static String repeatSafe(Semantics sem, MethodRef m, CallSite e, CallSite r, List<CallInfo> infos) {
        CallInfo ei = infos.get(e.id());
        if (ei.effect() != null && ei.effect().isDatabaseLocal() && e.assignedTo() != null
                && infos.get(r.id()).roots().contains(e.assignedTo())) {
            return "it inserts the item's own row, which " + Sites.display(r) + " at line " + r.range().line()
                    + " then updates through its result " + e.assignedTo() + ": the insert is part of the record";
        }
        String idem = sem.catalog().terms(io.idemcheck.core.catalog.Vocabulary.IDEMPOTENT_EFFECT_METHODS)
                .matching(e.name());
        if (idem != null) {
            return "a repetition of " + e.name() + "() changes nothing (catalog.json idempotentEffectMethods: "
                    + idem + ")";
        }
        return ownIdInsert(sem, m, e, ei);
    }

    /**
     * Why insert {@code e} cannot add a second row, in words, or null: it inserts an entity whose primary key the
     * application assigns ({@code @TableId(type = IdType.INPUT)}, or a JPA {@code @Id} without
     * {@code @GeneratedValue}) and sets from the item, either through a setter in the method ({@code
     * row.setId(command.getId())}) or in the constructor it is built with ({@code new ErrorCommand(command, ..)} whose
     * constructor assigns {@code this.id = command.getId()}). A repeat after a crash writes the same key again and
     * collides with the row the first run wrote; it does not duplicate it (a failed command moved to an error table
     * under its own id).
     */
    public static String ownIdInsert(Semantics sem, MethodRef m, CallSite e, CallInfo ei) {
        if (ei.effect() == null || !ei.effect().isDatabaseLocal() || e.args().size() != 1) {
            return null;
        }
        String a = e.args().get(0).text().trim();
        io.idemcheck.core.facts.Body body = m.method().body();
        if (!body.locals().containsKey(a)) {
            return null;
        }
        io.idemcheck.core.facts.TypeRef tr = sem.index().variableType(m, a, false).orElse(null);
        io.idemcheck.core.index.TypeEntry te = tr == null ? null
                : sem.index().typeOf(sem.index().resolveType(tr.name(), m.file(), m.type())).orElse(null);
        String idField = te == null ? null : assignedIdField(te.type());
        if (idField == null) {
            return null;
        }
        Set<String> items = sem.itemNames(m);
        String setter = "set" + Character.toUpperCase(idField.charAt(0)) + idField.substring(1);
        for (CallSite p : body.calls()) {
            if (p.id() < e.id() && p.name().equals(setter) && p.args().size() == 1
                    && p.receiver().kind() == io.idemcheck.core.facts.Receiver.Kind.NAME && p.receiver().name().equals(a)
                    && stableFrom(sem, m, p.args().get(0).text(), sem.roots(m, p.args().get(0).names()), items)) {
                return "it inserts " + a + " under its own primary key " + idField + ", set from the item at line "
                        + p.range().line() + " (" + Sites.display(p) + "): a repeat collides with the row the first "
                        + "run wrote instead of adding a second one";
            }
        }
        for (io.idemcheck.core.facts.NewFact nf : body.creations()) {
            if (!a.equals(nf.assignedTo()) || !te.type().simpleName().equals(simpleName(nf.type()))) {
                continue;
            }
            for (io.idemcheck.core.facts.MethodFacts ctor : te.type().methods()) {
                if (!ctor.name().equals("<init>") || ctor.arity() != nf.args().size()) {
                    continue;
                }
                for (CallSite cc : ctor.body().calls()) {
                    if (cc.use() != CallSite.Use.ASSIGNED || !idField.equals(cc.assignedTo())
                            || cc.receiver().kind() != io.idemcheck.core.facts.Receiver.Kind.NAME) {
                        continue;
                    }
                    for (int i = 0; i < ctor.params().size(); i++) {
                        String arg = nf.args().get(i).trim();
                        if (ctor.params().get(i).name().equals(cc.receiver().name())
                                && stableFrom(sem, m, arg, sem.roots(m, Set.of(arg)), items)) {
                            return "it inserts " + a + " under its own primary key " + idField + ", which the "
                                    + te.type().simpleName() + " constructor takes from " + arg + " (the item): a "
                                    + "repeat collides with the row the first run wrote instead of adding a second one";
                        }
                    }
                }
            }
        }
        return null;
    }

    /** True when call target {@code t} is on a {@code managedEntityRepositories} type (its loads are managed). */
    private static boolean managedLoad(Semantics sem, io.idemcheck.core.index.CallTarget t) {
        io.idemcheck.core.index.TypeEntry te = sem.index().typeOf(t.receiverType()).orElse(null);
        for (String r : sem.catalog().terms(io.idemcheck.core.catalog.Vocabulary.MANAGED_ENTITY_REPOSITORIES).values()) {
            if (t.receiverType().simpleName().equals(r) || te != null && sem.index().isSubtypeOf(te, r)) {
                return true;
            }
        }
        return false;
    }

    /**
     * The method whose transaction {@code m} runs in: {@code m} itself when it declares one, else a transactional
     * method of {@code m}'s own class that calls it directly (a self-call is not intercepted by Spring's proxy, so
     * {@code m} runs inside that caller's transaction, whose commit comes after {@code m} returns). Null when none.
     */
    public static MethodRef transactionOf(Semantics sem, MethodRef m) {
        if (sem.isTransactional(m)) {
            return m;
        }
        MethodRef found = null;
        for (io.idemcheck.core.facts.MethodFacts x : m.owner().type().methods()) {
            MethodRef caller = new MethodRef(m.owner(), x);
            if (x == m.method() || !x.hasBody() || !sem.isTransactional(caller)) {
                continue;
            }
            for (io.idemcheck.core.index.CallTarget t : sem.index().calls(caller)) {
                if (t.targets().contains(m)) {
                    if (sem.entryPoint(caller) != null) {
                        return caller; // the caller a job runs names the transaction best
                    }
                    found = found == null ? caller : found;
                }
            }
        }
        return found;
    }

    /** The field holding the primary key when the application assigns it (not generated by the database), or null. */
    private static String assignedIdField(io.idemcheck.core.facts.TypeFacts t) {
        for (Map.Entry<String, List<io.idemcheck.core.facts.AnnotationFact>> f : t.fieldAnnotations().entrySet()) {
            for (io.idemcheck.core.facts.AnnotationFact an : f.getValue()) {
                String type = an.values().get("type");
                if (an.simpleName().equals("TableId") && type != null && type.trim().endsWith("INPUT")) {
                    return f.getKey(); // MyBatis-Plus: IdType.INPUT, the caller sets the id
                }
                if (an.simpleName().equals("Id") && !t.fieldHas(f.getKey(), "GeneratedValue")) {
                    return f.getKey(); // JPA: an @Id nobody generates
                }
            }
        }
        return null;
    }

    /** A value read from the item, the same on every run (no random or clock part). */
    private static boolean stableFrom(Semantics sem, MethodRef m, String text, Set<String> roots, Set<String> items) {
        if (sem.catalog().terms(io.idemcheck.core.catalog.Vocabulary.NON_DETERMINISTIC_KEY_CALLS).has(text)) {
            return false;
        }
        for (String r : roots) {
            if (items.contains(r)) {
                return true;
            }
        }
        String head = text.split("[.(\\s]", 2)[0];
        return items.contains(head);
    }

    private static String simpleName(String type) {
        int lt = type.indexOf('<');
        String t = lt >= 0 ? type.substring(0, lt) : type;
        return t.substring(t.lastIndexOf('.') + 1);
    }

    /**
     * A status setter on a JPA-managed entity that effect {@code e} concerns, in a transactional method with no save
     * of it: {@code Payment p = repository.findBy..(..); p.setPaymentStatus(..); callback(p)} writes the new status
     * only when the transaction commits, after the method returns, so every effect in the method runs before the
     * record, wherever the setter is written. The entity is a local loaded by a call on a {@code
     * managedEntityRepositories} type (a Spring Data repository, an EntityManager), not built in the method; the
     * effect's arguments reach it; the method saves it nowhere (a save is an ordinary record). The transaction may be
     * the method's own or a caller's in the same class ({@link #transactionOf}); the entity may come from a small
     * finder of the same class over such a type. Null otherwise.
     */
    public static CallSite managedStatusWrite(Semantics sem, MethodRef m, CallSite e, List<CallInfo> infos) {
        if (e.lambdaId() >= 0) {
            return null;
        }
        Set<String> eRoots = infos.get(e.id()).roots();
        for (CallSite p : m.method().body().calls()) {
            if (!p.exclusiveWith(e) && p.receiver().kind() == io.idemcheck.core.facts.Receiver.Kind.NAME
                    && eRoots.contains(p.receiver().name()) && dirtyStatusWrite(sem, m, p)) {
                return p;
            }
        }
        return null;
    }

    /**
     * True when {@code p} sets a status on a JPA-managed entity that no explicit save writes, inside a transaction:
     * JPA's dirty checking writes the new status when the transaction commits ({@code Order o =
     * repo.findById(id).orElseThrow(); o.setStatus(PAID);}). The entity is a local loaded by a call on a {@code
     * managedEntityRepositories} type (a Spring Data repository, an EntityManager) or by a small finder of the same
     * class over one, not built in the method; the setter is a catalogued status setter made outside lambdas and catch
     * blocks; the method saves the entity nowhere (a save is an ordinary record); the transaction is the method's own
     * or a caller's in the same class ({@link #transactionOf}). With no transaction the entity is detached once the
     * load returns, and setting it writes nothing.
     */
    public static boolean dirtyStatusWrite(Semantics sem, MethodRef m, CallSite p) {
        io.idemcheck.core.catalog.Catalog cat = sem.catalog();
        io.idemcheck.core.facts.Body body = m.method().body();
        if (p.receiver().kind() != io.idemcheck.core.facts.Receiver.Kind.NAME || p.args().isEmpty()
                || p.lambdaId() >= 0 || p.catchDepth() > 0
                || io.idemcheck.core.catalog.Catalog.firstMatching(cat.statusSetterNames(), p.name()) == null) {
            return false;
        }
        String x = p.receiver().name();
        io.idemcheck.core.facts.LocalVar lv = body.locals().get(x);
        Set<Integer> loads = lv == null ? Set.of() : loadCalls(m, lv);
        if (lv == null || loads.isEmpty() || CallSql.isFreshEntity(m, x)) {
            return false;
        }
        boolean managed = false;
        for (int id : loads) {
            io.idemcheck.core.index.CallTarget t = sem.index().calls(m).get(id);
            managed |= managedLoad(sem, t);
            for (MethodRef finder : t.targets()) {
                // a small finder of the same class that returns the entity type (findSaved(ref) over
                // repository.findByReference(ref)): what it returns is managed too
                if (!managed && finder.owner().equals(m.owner()) && finder.method().hasBody()
                        && finder.method().body().calls().size() <= 3 && lv.type() != null
                        && finder.method().returnType().simpleName().equals(lv.type().simpleName())) {
                    for (io.idemcheck.core.index.CallTarget ft : sem.index().calls(finder)) {
                        managed |= managedLoad(sem, ft);
                    }
                }
            }
        }
        if (!managed) {
            return false;
        }
        for (CallSite c : body.calls()) {
            if (io.idemcheck.core.catalog.Catalog.firstMatching(cat.entitySaveMethodNames(), c.name()) != null
                    && !c.args().isEmpty() && (c.args().get(0).text().equals(x)
                    || iteratedLocals(body, x).contains(c.args().get(0).text()))) {
                return false; // save(o), or saveAll(list) of the list the loop over o iterates
            }
        }
        return transactionOf(sem, m) != null;
    }

    /** The locals a for-each loop whose variable is {@code x} iterates ({@code for (Order o : list)}: list). */
    private static Set<String> iteratedLocals(io.idemcheck.core.facts.Body body, String x) {
        Set<String> out = new LinkedHashSet<>();
        for (LoopFact loop : body.loops()) {
            if (loop.kind().equals("foreach") && loop.vars().contains(x)) {
                out.add(loop.iterable().trim());
            }
        }
        return out;
    }

    /**
     * The calls whose result local {@code lv} holds: its initializer's or assignments' calls, or, for the variable of
     * a for-each loop, the call the loop iterates over ({@code for (Order o : repo.findByStatus(PENDING))}) or the
     * calls a local iterated over was loaded with ({@code List<Order> l = repo.findAllBy..(); for (Order o : l)}):
     * each element of a list a repository returned is as managed as an entity it returned alone.
     */
    private static Set<Integer> loadCalls(MethodRef m, io.idemcheck.core.facts.LocalVar lv) {
        if (!lv.initCallIds().isEmpty()) {
            return lv.initCallIds();
        }
        io.idemcheck.core.facts.Body body = m.method().body();
        Set<Integer> out = new LinkedHashSet<>();
        for (LoopFact loop : body.loops()) {
            if (!loop.kind().equals("foreach") || !loop.vars().contains(lv.name())) {
                continue;
            }
            String it = loop.iterable().trim();
            io.idemcheck.core.facts.LocalVar src = body.locals().get(it);
            if (src != null) {
                out.addAll(src.initCallIds());
                continue;
            }
            for (CallSite c : body.calls()) {
                if (c.text() != null && c.text().trim().equals(it) && c.range().line() <= loop.range().line()
                        + 1 && c.range().line() >= loop.range().line()) {
                    out.add(c.id());
                }
            }
        }
        return out;
    }

    /**
     * The record of the same item that follows {@code e} on the path where {@code e} succeeded, or null: records in a
     * catch block entered after the effect (a FAILED mark) and records in lambdas that run later on another thread
     * do not count, unless the effect sits in the same lambda (a timer task that charges, then records).
     */
    public static CallSite firstRecordAfter(Semantics sem, MethodRef m, CallSite e, List<CallInfo> infos) {
        List<CallSite> calls = m.method().body().calls();
        CallSite conditional = null;
        for (int j = e.id() + 1; j < calls.size(); j++) {
            CallSite r = calls.get(j);
            if (!infos.get(j).isRecord() || r.exclusiveWith(e) || r.catchDepth() > e.catchDepth()
                    || sem.inAsyncLambda(m, r) && r.lambdaId() != e.lambdaId() || !sameItem(sem, m, e, r, infos)) {
                continue;
            }
            if (inBranchOutside(r, e)) {
                // a record inside an if the effect is not in (if (!r.isDone()) claimer.fail(..)) is taken only when
                // no record follows on the effect's own path
                if (conditional == null) {
                    conditional = r;
                }
                continue;
            }
            return r;
        }
        return conditional;
    }

    /** True when {@code r} sits in an arm of a branch that does not also enclose {@code e}. */
    private static boolean inBranchOutside(CallSite r, CallSite e) {
        for (CallSite.Arm a : r.arms()) {
            if (a.isTry()) {
                continue;
            }
            if (e.arms().stream().noneMatch(b -> b.branchId() == a.branchId())) {
                return true;
            }
        }
        return false;
    }

    /**
     * Job entry points (main code, in index order) and, for each, the shapes in the methods it reaches (in
     * {@link #all} order). Found backwards from each shape's method over the reversed call graph, so the cost follows
     * the shapes' callers, not every entry point's reach.
     */
    public static Map<MethodRef, List<Shape>> byEntryPoint(Semantics sem) {
        List<Shape> shapes = all(sem);
        Map<MethodRef, List<Shape>> out = new LinkedHashMap<>();
        if (shapes.isEmpty()) {
            return out;
        }
        ProjectIndex index = sem.index();
        Map<MethodRef, List<MethodRef>> entriesOf = new java.util.HashMap<>();
        Map<MethodRef, List<Shape>> byEntry = new java.util.HashMap<>();
        for (Shape s : shapes) {
            List<MethodRef> eps = entriesOf.computeIfAbsent(s.method(), h -> {
                List<MethodRef> l = new ArrayList<>();
                for (MethodRef a : index.ancestors(List.of(h), false)) {
                    if (!a.file().test() && sem.entryPoint(a) != null) {
                        l.add(a);
                    }
                }
                return l;
            });
            for (MethodRef ep : eps) {
                byEntry.computeIfAbsent(ep, k -> new ArrayList<>()).add(s);
            }
        }
        List<MethodRef> eps = new ArrayList<>(byEntry.keySet());
        eps.sort(java.util.Comparator.comparingInt(index::order));
        for (MethodRef ep : eps) {
            out.put(ep, byEntry.get(ep));
        }
        return out;
    }

    /** Project methods reachable from {@code starts} through the call graph (the starts included). */
    public static Set<MethodRef> reachable(ProjectIndex index, List<MethodRef> starts, boolean includeTests) {
        return index.reachable(starts, includeTests);
    }

    /** How many distinct effects a shape's effect call stands for (a project call may run several). */
    public static int effectCount(Semantics sem, Shape s) {
        int n = 0;
        for (MethodRef t : s.effectInfo().target().targets()) {
            n = Math.max(n, sem.summary(t).effects().size());
        }
        return Math.max(1, n);
    }

    /** Names of the effects a shape's effect call stands for ("charge()", "insertOrder()", "sendSms()"). */
    public static List<String> effectNames(Semantics sem, Shape s) {
        Set<String> out = new LinkedHashSet<>();
        for (MethodRef t : s.effectInfo().target().targets()) {
            for (EffectTrace et : sem.summary(t).effects()) {
                out.add(new Shape(s.method(), s.effect(), s.record(), s.effectInfo().withEffect(et), s.recordInfo())
                        .effectName());
            }
        }
        if (out.isEmpty()) {
            out.add(s.effectName());
        }
        return new ArrayList<>(out);
    }

    /** The table a record writes, or null when its SQL is not visible. */
    public static String recordTable(Shape s) {
        for (SqlStatement st : s.recordInfo().statements()) {
            if (st.table() != null && !"?".equals(st.table())) {
                return st.table();
            }
        }
        return null;
    }

    /** Tables that main code reachable from {@code starts} inserts rows into (effects that stay in the database). */
    public static Set<String> insertTables(Semantics sem, List<MethodRef> starts) {
        Set<String> out = new LinkedHashSet<>();
        for (MethodRef m : reachable(sem.index(), starts, false)) {
            if (!m.method().hasBody()) {
                continue;
            }
            for (CallInfo ci : sem.calls(m)) {
                for (SqlStatement st : ci.statements()) {
                    for (SqlFacts f : st.shapes()) {
                        if ((f.kind() == SqlFacts.Kind.INSERT || f.kind() == SqlFacts.Kind.UPSERT) && f.table() != null
                                && !"?".equals(f.table())) {
                            out.add(f.table());
                        }
                    }
                }
            }
        }
        return out;
    }

    /** Whether the effect and the record concern the same item (IDEM001's test). */
    public static boolean sameItem(Semantics sem, MethodRef m, CallSite e, CallSite r, List<CallInfo> infos) {
        Set<String> rRoots = infos.get(r.id()).roots();
        List<LoopFact> loops = m.method().body().loops();
        Integer common = null;
        for (int l : e.loopIds()) {
            if (r.loopIds().contains(l)) {
                common = l;
            }
        }
        if (common != null) {
            int depth = e.loopIds().indexOf(common) + 1;
            if (e.loopIds().size() > depth && r.loopIds().size() > depth) {
                // the effect and the record sit in two sibling inner loops: they iterate different items
                return false;
            }
            return intersects(rRoots, sem.iterationNames(m, loops.get(common)));
        }
        Set<String> eRoots = infos.get(e.id()).roots();
        if (!e.loopIds().isEmpty()) {
            LoopFact outer = loops.get(e.loopIds().get(0));
            if (intersects(rRoots, sem.iterationNames(m, outer))) {
                return true;
            }
            // a fan-out: one item's effect sent to each channel, target or recipient of a loop that does not iterate
            // work rows, and the item (a parameter) recorded once after the loop
            return !sem.loopOverSelectedRows(m, outer) && intersects(eRoots, paramNames(m))
                    && intersects(rRoots, paramNames(m));
        }
        Set<String> both = new LinkedHashSet<>(eRoots);
        both.retainAll(rRoots);
        if (intersects(both, sem.itemNames(m))) {
            return true;
        }
        if (!capturedItems(sem, m, both).isEmpty()) {
            return true;
        }
        // no loop: the unit of work is what the method was called with; an effect built from one parameter (the
        // blob) and a record keyed by another (its envelope id) concern the same call's item
        return intersects(eRoots, paramNames(m)) && intersects(rRoots, paramNames(m));
    }

    /**
     * The names among {@code names} that a method of an anonymous class ({@code new Runnable() { run() {..} }} handed
     * to an executor in a loop) reads from the method that created it: neither its parameters, its locals, nor a
     * field of the anonymous class or of the class around it. Such a captured name is the enclosing loop's item.
     */
    private static Set<String> capturedItems(Semantics sem, MethodRef m, Set<String> names) {
        String simple = m.type().simpleName();
        if (simple.isEmpty() || !simple.chars().allMatch(Character::isDigit)) {
            return Set.of();
        }
        Set<String> out = new LinkedHashSet<>(names);
        out.removeAll(paramNames(m));
        out.removeAll(m.method().body().locals().keySet());
        out.removeIf(m.type().fields()::containsKey);
        String fqn = m.type().fqn();
        String outer = fqn.substring(0, Math.max(0, fqn.length() - simple.length() - 1));
        sem.index().findType(outer).ifPresent(t -> out.removeIf(t.type().fields()::containsKey));
        out.removeIf(n -> n.equals("this") || n.isEmpty() || Character.isUpperCase(n.charAt(0)));
        return out;
    }

    private static Set<String> paramNames(MethodRef m) {
        Set<String> out = new LinkedHashSet<>();
        m.method().params().forEach(p -> out.add(p.name()));
        return out;
    }

    private static boolean intersects(Set<String> a, Set<String> b) {
        for (String s : a) {
            if (b.contains(s)) {
                return true;
            }
        }
        return false;
    }
}
