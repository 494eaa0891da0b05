package io.idemcheck.core.summary;

import io.idemcheck.core.catalog.Catalog;
import io.idemcheck.core.facts.Arg;
import io.idemcheck.core.facts.Body;
import io.idemcheck.core.facts.CallSite;
import io.idemcheck.core.facts.LoopFact;
import io.idemcheck.core.facts.MethodFacts;
import io.idemcheck.core.facts.Range;
import io.idemcheck.core.facts.Receiver;
import io.idemcheck.core.finding.Location;
import io.idemcheck.core.index.CallTarget;
import io.idemcheck.core.index.MethodRef;
import io.idemcheck.core.index.ProjectIndex;
import io.idemcheck.core.index.ResolvedType;
import io.idemcheck.core.index.TypeEntry;
import io.idemcheck.core.schema.Schema;
import io.idemcheck.core.sql.SqlModel;
import io.idemcheck.core.sql.SqlStatement;

import java.util.ArrayList;
import java.util.Collections;
import java.util.IdentityHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.atomic.AtomicReferenceArray;

import static io.idemcheck.core.summary.Dataflow.roots;

/**
 * The meaning of calls, assembled: which calls are side effects, state records, claims and keyed effects
 * ({@link CallInfo}), and what each project method does when called ({@link MethodSummary}, computed bottom-up over
 * the call graph; cycles end with an empty summary for the method being computed). Decisions come from the catalog,
 * from SQL where it is visible, and from the method-name vocabulary as the fallback.
 *
 * <p>Layers: the classifiers below compute one call's facts ({@link Effects}, {@link CallSql}, {@link Records},
 * {@link Keys}, {@link DataAccess}); the queries above read those facts ({@link Claims}, {@link Transactions},
 * {@link EntryPoints}, {@link Loops}, {@link DatabaseWrites}, {@link AsyncHandoff}); this class memoises the facts
 * and the summaries and answers the rules' questions by delegation.
 *
 * <p>Thread-safe: every memoised computation (call facts, summaries, database writes, the entry-point closure) runs
 * under this object's monitor, so the memo maps and the cycle guard ({@code inProgress}, {@code depth}) are confined
 * to one thread at a time. The classifiers and queries hold no other mutable state.
 */
public final class Semantics implements CallFacts {

    private static final int MAX_EFFECTS = 8;
    private static final int MAX_DEPTH = 64;

    private final ProjectIndex index;
    private final Catalog catalog;
    private final SqlModel model;
    private final DataAccess dataAccess;
    private final CallSql callSql;
    private final Effects effects;
    private final Records records;
    private final Keys keys;
    private final Claims claims;
    private final Loops loops;
    private final Transactions transactions;
    private final EntryPoints entryPoints;
    private final DatabaseWrites databaseWrites;
    private final Throwing throwing;
    // guarded by this
    private final Map<MethodFacts, List<CallInfo>> infos;
    private final Map<MethodFacts, MethodSummary> summaries;
    private final Set<MethodFacts> inProgress = Collections.newSetFromMap(new IdentityHashMap<>());
    private int depth;
    /*
     * The same memos by index position ({@link ProjectIndex#order(MethodRef)}), read without the monitor: a rule
     * that asks for a fact already computed (the warm-up computes every main-code method's) does not wait for
     * another thread's computation. Written under the monitor, after the map, with the map's value.
     */
    private final AtomicReferenceArray<List<CallInfo>> infoSlots;
    private final AtomicReferenceArray<MethodSummary> summarySlots;
    private final Map<Object, Object> memos = new java.util.concurrent.ConcurrentHashMap<>();

    /**
     * @param index  the project index (its catalog is the vocabulary)
     * @param model  the SQL model: mapper statements and the SQL classifier
     * @param schema the tables' unique keys, or {@link Schema#EMPTY}
     */
    public Semantics(ProjectIndex index, SqlModel model, Schema schema) {
        this.index = index;
        // sized for every method up front: the warm-up fills them with one entry per main-code method
        this.infos = new IdentityHashMap<>(index.methodCount());
        this.summaries = new IdentityHashMap<>(index.methodCount());
        this.infoSlots = new AtomicReferenceArray<>(index.methodCount());
        this.summarySlots = new AtomicReferenceArray<>(index.methodCount());
        this.catalog = index.catalog();
        this.model = model;
        this.dataAccess = new DataAccess(catalog, index);
        this.callSql = new CallSql(index, model, dataAccess);
        this.effects = new Effects(index, schema, dataAccess, this::summary);
        this.records = new Records(catalog, this::summary);
        this.keys = new Keys(catalog);
        this.claims = new Claims(this, index);
        this.loops = new Loops(index, dataAccess, this);
        this.transactions = new Transactions(index);
        this.entryPoints = new EntryPoints(index, this);
        this.databaseWrites = new DatabaseWrites(index, dataAccess, this, this);
        this.throwing = new Throwing(index, catalog);
    }

    public SqlModel sqlModel() {
        return model;
    }

    public ProjectIndex index() {
        return index;
    }

    public Catalog catalog() {
        return catalog;
    }

    // ---- locations --------------------------------------------------------------------------------------------------

    /** A location in {@code m}'s file. */
    public static Location location(MethodRef m, Range r, String label) {
        return Sites.location(m, r, label);
    }

    /**
     * A helper's memo for this scan, made by {@code make} on first use: one per {@code key} (a helper's own class),
     * read without a lock, dropped with this object.
     */
    @SuppressWarnings("unchecked")
    public <T> T memo(Object key, java.util.function.Supplier<T> make) {
        Object known = memos.get(key);
        return (T) (known != null ? known : memos.computeIfAbsent(key, k -> make.get()));
    }

    /** Short display name of a call: "charge()", "paymentClient.charge()". */
    public static String display(CallSite c) {
        return Sites.display(c);
    }

    // ---- per-call facts ---------------------------------------------------------------------------------------------

    /** What each call of {@code m} does, indexed by call id. Cached. */
    @Override
    public List<CallInfo> calls(MethodRef m) {
        int slot = index.order(m);
        if (slot >= 0) {
            List<CallInfo> known = infoSlots.get(slot);
            if (known != null) {
                return known;
            }
        }
        return computeCalls(m, slot);
    }

    private synchronized List<CallInfo> computeCalls(MethodRef m, int slot) {
        List<CallInfo> cached = infos.get(m.method());
        if (cached != null) {
            return cached;
        }
        List<CallTarget> targets = index.calls(m);
        Body body = m.method().body();
        List<CallInfo> out = new ArrayList<>(targets.size());
        for (CallSite c : body.calls()) {
            CallTarget t = targets.get(c.id());
            Set<String> names = new LinkedHashSet<>();
            for (Arg a : c.args()) {
                names.addAll(a.names());
            }
            if (c.receiver().kind() == Receiver.Kind.NAME && Dataflow.isVariable(m, c.receiver().name())) {
                names.add(c.receiver().name());
            }
            List<SqlStatement> stmts = callSql.statementsOf(m, c, t);
            if (stmts.stream().anyMatch(st -> st.source() == SqlStatement.Source.MYBATIS_PLUS_WRAPPER)) {
                // lambdaUpdate().set(..).eq(Order::getId, o.getId()).update(): the row is named in the chain
                for (CallSite w = c; w.receiver().kind() == Receiver.Kind.CALL && w.receiver().callId() >= 0
                        && w.receiver().callId() < c.id(); ) {
                    w = body.calls().get(w.receiver().callId());
                    w.args().forEach(a -> names.addAll(a.names()));
                }
            }
            Set<String> roots = roots(m, names);
            EffectTrace effect = effects.effectOf(m, c, t, stmts);
            if (effect != null) {
                roots = Dataflow.filledThrough(m, c, roots);
            }
            Records.Recorded record = records.recordOf(m, c, t, stmts);
            if (record == null) {
                record = records.outcomeRecord(m, c, id -> out.get(id).effect() != null
                        && !out.get(id).effect().isDatabaseLocal());
            }
            Evidence[] claimWhy = new Evidence[1];
            boolean claim = records.claimOf(m, c, t, claimWhy, stmts);
            Basis basis = record != null ? record.evidence().decidedBy()
                    : claim ? Records.claimBasis(claimWhy[0]) : null;
            out.add(new CallInfo(t, effect, false, record == null ? null : record.text(),
                    record == null ? null : record.kind(), claim, roots, basis, stmts,
                    record == null ? null : record.evidence(), claim ? claimWhy[0] : null));
        }
        // second pass: keys (a header set after a chained effect call, carriers set before)
        for (int i = 0; i < out.size(); i++) {
            CallInfo ci = out.get(i);
            if (ci.effect() != null && keys.keyRoots(m, body.calls().get(i), ci) != null) {
                out.set(i, ci.withKeyed(true));
            }
        }
        List<CallInfo> result = List.copyOf(out);
        infos.put(m.method(), result);
        if (slot >= 0) {
            infoSlots.set(slot, result);
        }
        return result;
    }

    /**
     * The write that status setter {@code c} amounts to when it is a dirty-checked write of a JPA-managed entity
     * ({@link JobShapes#dirtyStatusWrite}: loaded through a repository or an EntityManager, saved nowhere, inside a
     * transaction), as an entity-save UPDATE of the setter's column by id (and version); null otherwise. The one fact
     * the state rules read for such writes (IDEM003's blind write, IDEM004's act, IDEM008's move into an in-progress
     * state).
     */
    public SqlStatement dirtyWrite(MethodRef m, CallSite c) {
        if (c.argCount() != 1 || c.name().length() <= 3 || !c.name().startsWith("set")
                || !JobShapes.dirtyStatusWrite(this, m, c)) {
            return null;
        }
        return callSql.dirtyWrite(m, c);
    }

    /** True for a type of idemcheck's own runtime library ({@code io.idemcheck.runtime.*}). */
    public static boolean isRuntimeLibrary(String typeFqn) {
        return typeFqn != null && typeFqn.startsWith(Effects.RUNTIME);
    }

    /** Names reachable backwards from {@code names} through local variables' sources (including the names). */
    public Set<String> roots(MethodRef m, Set<String> names) {
        return Dataflow.roots(m, names);
    }

    /**
     * For effect call {@code c} of {@code m} that carries no idempotency key: why the key-like value it passes was not
     * taken as one (the catalog's nonDeterministicKeyCalls entry it contains, or not derived from the item), for
     * explain; null when it is keyed, no effect, or passes nothing key-like. Computed on each call: not for the scan.
     */
    public String keyRejection(MethodRef m, CallSite c) {
        CallInfo ci = calls(m).get(c.id());
        return ci.effect() == null || ci.keyed() ? null : keys.keyRejection(m, c, ci);
    }

    /**
     * For effect call {@code c} of {@code m} that carries no idempotency key but does send a key-like value (a key
     * header, carrier, key parameter): the unstable part that makes it differ on every run ("UUID.randomUUID(",
     * "currentTimeMillis", catalog.json vocabularies.nonDeterministicKeyCalls), or null (keyed, no effect, nothing
     * key-like sent, or a stable value that is not the item's). Computed on each call: ask it only for a finding.
     */
    public String unstableKey(MethodRef m, CallSite c) {
        CallInfo ci = calls(m).get(c.id());
        return ci.effect() == null || ci.keyed() ? null : keys.unstableKey(m, c, ci);
    }

    /** Names that stand for "the item": parameters, loop variables and locals declared inside loops. */
    public Set<String> itemNames(MethodRef m) {
        return Dataflow.itemNames(m);
    }

    /** Names that change with each iteration of {@code loop}: its variables and the locals declared in loops. */
    public Set<String> iterationNames(MethodRef m, LoopFact loop) {
        return Dataflow.iterationNames(m, loop);
    }

    /** True for mapper, DAO and repository types (by annotation, name or supertype). */
    public boolean isDataAccess(TypeEntry e) {
        return dataAccess.isDataAccess(e);
    }

    /**
     * True when {@code c} asks another system through a remote client (a catalogued effect type, a
     * {@code @FeignClient} interface, a {@code @DubboReference} field, a bodiless HTTP-mapped interface method, a
     * remote-named interface with no implementation): its result is the other system's answer, never a stored row.
     */
    public boolean remoteClientCall(MethodRef m, CallSite c) {
        CallInfo ci = calls(m).get(c.id());
        return ci != null && effects.remoteClient(m, c, ci.target());
    }

    // ---- summaries --------------------------------------------------------------------------------------------------

    /** What calling {@code m} does. Computed on first use, bottom-up through callees. */
    @Override
    public MethodSummary summary(MethodRef m) {
        int slot = index.order(m);
        if (slot >= 0) {
            MethodSummary known = summarySlots.get(slot);
            if (known != null) {
                return known;
            }
        }
        return computeSummary(m, slot);
    }

    private synchronized MethodSummary computeSummary(MethodRef m, int slot) {
        MethodSummary s = summaries.get(m.method());
        if (s != null) {
            return s;
        }
        if (!m.method().hasBody() || inProgress.contains(m.method()) || depth > MAX_DEPTH) {
            return MethodSummary.EMPTY;
        }
        inProgress.add(m.method());
        depth++;
        try {
            s = compute(m);
        } finally {
            depth--;
            inProgress.remove(m.method());
        }
        summaries.put(m.method(), s);
        if (slot >= 0) {
            summarySlots.set(slot, s);
        }
        return s;
    }

    private MethodSummary compute(MethodRef m) {
        List<CallInfo> ci = calls(m);
        List<CallSite> cs = m.method().body().calls();
        List<EffectTrace> effects = new ArrayList<>();
        String record = null;
        Evidence recordEvidence = null;
        RecordKind recordKind = null;
        boolean recordIsClaim = false;
        boolean returnsClaim = false;
        boolean tx = Transactions.isTransactional(m);
        boolean opaque = false;
        for (int i = 0; i < ci.size(); i++) {
            CallInfo info = ci.get(i);
            CallSite c = cs.get(i);
            ResolvedType.Kind rk = info.target().receiverType().kind();
            if ((rk == ResolvedType.Kind.EXTERNAL || rk == ResolvedType.Kind.UNKNOWN) && info.target().targets().isEmpty()) {
                opaque = true;
            }
            if (info.isRecord() && (record == null || recordIsClaim && !info.claim())
                    && !AsyncHandoff.inAsyncLambda(index, m, c)) {
                // a claim (PENDING -> RUNNING, row count read) is no record of the item: a later plain record wins
                record = info.record();
                recordEvidence = info.recordEvidence();
                recordKind = info.recordKind();
                recordIsClaim = info.claim();
            }
            if (info.claim() && (c.use() == CallSite.Use.RETURNED || c.assignedTo() != null
                    && returnedVar(m, c.assignedTo()))) {
                returnsClaim = true;
            }
            if (info.effect() == null || guardingClaim(m, c) != null) {
                continue;
            }
            int keyParam = -1;
            if (info.keyed()) {
                Set<String> kr = keys.keyRoots(m, c, info);
                List<MethodFacts.Param> ps = m.method().params();
                for (int p = 0; p < ps.size() && kr != null; p++) {
                    if (kr.contains(ps.get(p).name())) {
                        keyParam = p;
                        break;
                    }
                }
                if (keyParam < 0) {
                    continue; // keyed by something of this method's own: safe whoever calls it
                }
            }
            boolean recordedLater = false;
            for (int j = i + 1; j < ci.size(); j++) {
                if (ci.get(j).isRecord() && !cs.get(j).exclusiveWith(c) && !AsyncHandoff.inAsyncLambda(index, m, cs.get(j))) {
                    recordedLater = true;
                    break;
                }
            }
            if (recordedLater) {
                continue;
            }
            if (info.effect().isDatabaseLocal() && tx && record != null) {
                continue;
            }
            if (effects.size() < MAX_EFFECTS) {
                // the call's effect may carry its callee's key parameter; in this summary the index is this
                // method's own parameter the key comes from, or -1 (this call passes no stable key there)
                effects.add(info.effect().withKeyParam(keyParam));
            }
        }
        // an empty body (a stub) proves nothing about what the real implementation does
        return new MethodSummary(effects, record, returnsClaim, opaque || cs.isEmpty(), recordEvidence,
                recordKind, recordIsClaim);
    }

    /**
     * {@code var} is returned: a row count or flag read by a return statement ({@code int n = claim(..); return n;},
     * {@code return n > 0;}), or read by a returned call. A returned local of another type (a context object a call
     * named acquire() gave) is no claim's result.
     */
    private static final Set<String> ROW_COUNT_TYPES = Set.of("int", "long", "Integer", "Long", "boolean",
            "Boolean", "short", "var");

    private boolean returnedVar(MethodRef m, String var) {
        io.idemcheck.core.facts.LocalVar lv = m.method().body().locals().get(var);
        if (m.method().body().returnedNames().contains(var) && lv != null
                && ROW_COUNT_TYPES.contains(lv.type().simpleName())) {
            return true;
        }
        for (CallSite c : m.method().body().calls()) {
            if (c.use() == CallSite.Use.RETURNED && c.args().stream().anyMatch(a -> a.names().contains(var))) {
                return true;
            }
        }
        return false;
    }

    // ---- per-method facts -------------------------------------------------------------------------------------------

    private final Map<MethodFacts, MethodInfo> methodInfos =
            Collections.synchronizedMap(new IdentityHashMap<>());

    /**
     * Everything known about {@code m} ({@link MethodInfo}): its calls with their facts, its summary, entry point,
     * transaction, redelivery and locks. Computed once per method and memoised; safe to call from several threads
     * (two threads asking for the same method at once may both compute it, and the first stored is kept: the
     * computation reads only memoised facts, so both are equal).
     */
    public MethodInfo methodInfo(MethodRef m) {
        MethodInfo known = methodInfos.get(m.method());
        if (known != null) {
            return known;
        }
        MethodInfo computed = computeInfo(m);
        MethodInfo prior = methodInfos.putIfAbsent(m.method(), computed);
        return prior != null ? prior : computed;
    }

    private MethodInfo computeInfo(MethodRef m) {
        boolean tx = Transactions.isTransactional(m);
        String entry = entryPoint(m);
        boolean reachable = !m.file().test() && reachableFromEntryPoints().contains(m.method());
        String redelivered = redelivered(m);
        if (!m.method().hasBody()) {
            return new MethodInfo(m, List.of(), MethodSummary.EMPTY, entry, reachable, tx, redelivered, List.of());
        }
        Body body = m.method().body();
        List<CallInfo> infos = calls(m);
        List<Locks.Lock> locks = Locks.in(this, m);
        List<Set<String>> guardRoots = new ArrayList<>();
        for (io.idemcheck.core.facts.GuardFact g : body.guards()) {
            guardRoots.add(Dataflow.roots(m, g.names()));
        }
        List<MethodInfo.Call> out = new ArrayList<>(infos.size());
        List<Transactions.ManualTransaction> manual = transactions.manualTransactions(m);
        for (CallSite c : body.calls()) {
            CallInfo ci = infos.get(c.id());
            Evidence[] keyWhy = new Evidence[1];
            Set<String> keyRoots = ci.effect() != null && ci.keyed() ? keys.keyRoots(m, c, ci, keyWhy) : null;
            boolean inTx = tx;
            for (CallSite owner : body.lambdaOwners(c)) {
                inTx |= Transactions.runsLambdaInTransaction(index, m, owner);
            }
            for (Transactions.ManualTransaction mt : manual) {
                inTx |= mt.holds(c);
            }
            Locks.Lock held = null;
            for (Locks.Lock l : locks) {
                if (l.holds(body, c)) {
                    held = l;
                    break;
                }
            }
            out.add(new MethodInfo.Call(c, ci, guardingClaim(m, c), MethodInfo.resultChecked(c, guardRoots),
                    keyRoots == null ? Set.of() : keyRoots, keyRoots == null ? null : keyWhy[0], AsyncHandoff.inAsyncLambda(index, m, c), inTx, held,
                    Locks.acquisitionOf(this, m, c)));
        }
        return new MethodInfo(m, out, summary(m), entry, reachable, tx, redelivered, locks);
    }

    // ---- queries over the facts (delegated) -------------------------------------------------------------------------

    /** See {@link Claims#guardingClaim}: the claim call whose checked result guards {@code effect}, or null. */
    public CallSite guardingClaim(MethodRef m, CallSite effect) {
        return claims.guardingClaim(m, effect);
    }

    /**
     * See {@link Claims#templateCarrier}: the TransactionTemplate call that hands back {@code claim}'s row count
     * (with {@code compared}, or the outcome of comparing it with a number), or null.
     */
    public CallSite templateCarrier(MethodRef m, CallSite claim, boolean compared) {
        return claims.templateCarrier(m, claim, compared);
    }

    /** See {@link Loops#loopOverSelectedRows}. */
    public boolean loopOverSelectedRows(MethodRef m, LoopFact loop) {
        return loops.loopOverSelectedRows(m, loop);
    }

    /** See {@link Loops#loopOverLiteral}. */
    public boolean loopOverLiteral(MethodRef m, LoopFact loop, int max) {
        return loops.loopOverLiteral(m, loop, max);
    }

    /** See {@link AsyncHandoff#inAsyncLambda}. */
    public boolean inAsyncLambda(MethodRef m, CallSite c) {
        return AsyncHandoff.inAsyncLambda(index, m, c);
    }

    /** See {@link Transactions#manualTransactions}. */
    public List<Transactions.ManualTransaction> manualTransactions(MethodRef m) {
        return transactions.manualTransactions(m);
    }

    /** See {@link Transactions#runsLambdaInTransaction}. */
    public boolean runsLambdaInTransaction(MethodRef m, CallSite owner) {
        return Transactions.runsLambdaInTransaction(index, m, owner);
    }

    /** See {@link EntryPoints#reachableFromEntryPoints}. */
    public Set<MethodFacts> reachableFromEntryPoints() {
        return entryPoints.reachableFromEntryPoints();
    }

    /** See {@link EntryPoints#prepare}: entry-point answers on {@code threads} threads, the dispatch map once. */
    public void prepareEntryPoints(int threads) throws java.util.concurrent.ExecutionException {
        entryPoints.prepare(threads);
    }

    /** Why {@code m} is a job entry point ("@Scheduled", "Quartz Job.execute"), or null when it is not one. */
    public String entryPoint(MethodRef m) {
        return entryPoints.entryPoint(m);
    }

    /**
     * Where job entry {@code m} is registered with the timer or listener container that runs it on each tick or
     * message ({@code executor.scheduleAtFixedRate(this::run, ..)} in a {@code @PostConstruct} method, or the call
     * {@code m}'s own lambda is handed to), as a location labelled for a finding; null for an entry annotated or
     * declared by interface, and for a method that is no such entry.
     */
    public Location entryRegistration(MethodRef m) {
        return entryPoints.registration(m);
    }

    /** See {@link EntryPoints#consumerRedelivery}. */
    public Retries.Redelivery consumerRedelivery(MethodRef m) {
        return entryPoints.consumerRedelivery(m);
    }

    /** See {@link EntryPoints#redelivered}. */
    public String redelivered(MethodRef m) {
        return entryPoints.redelivered(m);
    }

    /** See {@link Transactions#isTransactional}. */
    public boolean isTransactional(MethodRef m) {
        return Transactions.isTransactional(m);
    }

    /** See {@link Transactions#transactionDeclaration}; null when no declaration applies. */
    public Transactions.TxDeclaration transactionDeclaration(MethodRef m) {
        return transactions.transactionDeclaration(m);
    }

    /** See {@link DatabaseWrites#writesDatabase}. */
    public boolean writesDatabase(MethodRef m, CallSite c) {
        return databaseWrites.writesDatabase(m, c);
    }

    /**
     * Whether call {@code c} of {@code m} leaves by throwing ({@link Throwing#ofCall}): {@link
     * io.idemcheck.core.facts.ExitFacts#NO}, {@code ALWAYS}, or the argument a true value of which lets it return.
     */
    public int throwsUnless(MethodRef m, CallSite c) {
        return throwing.ofCall(m, c);
    }

    /**
     * Works out, on the calling thread, which methods throw ({@link #throwsUnless}) for the whole project, as the
     * first question would. Reads only the index (not the memos of this object): safe beside any other work.
     */
    public void prepareThrowing() {
        throwing.prepare();
    }

    /** See {@link DatabaseWrites#methodWritesDatabase}. */
    public boolean methodWritesDatabase(MethodRef m) {
        return databaseWrites.methodWritesDatabase(m);
    }
}
