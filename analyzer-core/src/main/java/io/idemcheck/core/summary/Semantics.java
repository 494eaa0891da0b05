package io.idemcheck.core.summary;

import io.idemcheck.core.catalog.Catalog;
import io.idemcheck.core.facts.AnnotationFact;
import io.idemcheck.core.facts.Arg;
import io.idemcheck.core.facts.Body;
import io.idemcheck.core.facts.CallSite;
import io.idemcheck.core.facts.GuardFact;
import io.idemcheck.core.facts.LambdaFact;
import io.idemcheck.core.facts.LocalVar;
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
import io.idemcheck.core.sql.SqlClassifier;
import io.idemcheck.core.sql.SqlFacts;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.IdentityHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

/**
 * The meaning of calls: which calls are side effects, state records, claims and keyed effects, and what each project
 * method does when called (its {@link MethodSummary}, computed bottom-up over the call graph; cycles end with an
 * empty summary for the method being computed). Decisions come from the catalog, from SQL where it is visible, and
 * from the method-name vocabulary as the fallback. Not thread-safe: the engine runs rules one after another.
 */
public final class Semantics {

    private static final int MAX_EFFECTS = 8;
    private static final int MAX_DEPTH = 64;
    private static final String RUNTIME = "io.idemcheck.runtime.";
    private static final Set<String> HEADER_SETTERS = Set.of("header", "set", "add", "addHeader", "setHeader",
            "put", "headers");

    private final ProjectIndex index;
    private final Catalog catalog;
    private final SqlClassifier sql;
    private final Map<MethodFacts, List<CallInfo>> infos = new IdentityHashMap<>();
    private final Map<MethodFacts, MethodSummary> summaries = new IdentityHashMap<>();
    private final Set<MethodFacts> inProgress = java.util.Collections.newSetFromMap(new IdentityHashMap<>());
    private int depth;

    public Semantics(ProjectIndex index, SqlClassifier sql) {
        this.index = index;
        this.catalog = index.catalog();
        this.sql = sql;
    }

    public ProjectIndex index() {
        return index;
    }

    public Catalog catalog() {
        return catalog;
    }

    public SqlClassifier sql() {
        return sql;
    }

    // ---- locations --------------------------------------------------------------------------------------------------

    /** A location in {@code m}'s file. */
    public static Location location(MethodRef m, Range r, String label) {
        return new Location(m.file().relPath(), r.line(), r.column(), Math.max(r.endLine(), r.line()),
                r.endLine() == r.line() ? Math.max(r.endColumn(), r.column()) : r.endColumn(), label);
    }

    /** Short display name of a call: "charge()", "paymentClient.charge()". */
    public static String display(CallSite c) {
        Receiver r = c.receiver();
        String recv = switch (r.kind()) {
            case NAME, FIELD, TYPE -> r.name() == null ? "" : simple(r.name()) + ".";
            default -> "";
        };
        return recv + c.name() + "()";
    }

    private static String simple(String name) {
        int i = name.lastIndexOf('.');
        return i < 0 ? name : name.substring(i + 1);
    }

    // ---- per-call facts ---------------------------------------------------------------------------------------------

    /** What each call of {@code m} does, indexed by call id. Cached. */
    public List<CallInfo> calls(MethodRef m) {
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
            if (c.receiver().kind() == Receiver.Kind.NAME && isVariable(m, c.receiver().name())) {
                names.add(c.receiver().name());
            }
            Set<String> roots = roots(m, names);
            EffectTrace effect = effectOf(m, c, t);
            String[] basis = new String[1];
            String record = recordOf(m, c, t, basis);
            boolean claim = claimOf(m, c, t, basis);
            out.add(new CallInfo(t, effect, false, record, claim, roots, basis[0]));
        }
        // second pass: keys (a header set after a chained effect call, carriers set before)
        for (int i = 0; i < out.size(); i++) {
            CallInfo ci = out.get(i);
            if (ci.effect() != null && isKeyed(m, body.calls().get(i), ci, out)) {
                out.set(i, new CallInfo(ci.target(), ci.effect(), true, ci.record(), ci.claim(), ci.roots(),
                        ci.basis()));
            }
        }
        List<CallInfo> result = List.copyOf(out);
        infos.put(m.method(), result);
        return result;
    }

    private boolean isVariable(MethodRef m, String name) {
        if (m.method().body().locals().containsKey(name)) {
            return true;
        }
        return m.method().params().stream().anyMatch(p -> p.name().equals(name));
    }

    /** Names reachable backwards from {@code names} through local variables' sources (including the names). */
    public Set<String> roots(MethodRef m, Set<String> names) {
        Set<String> out = new LinkedHashSet<>();
        Deque<String> work = new ArrayDeque<>(names);
        Map<String, LocalVar> locals = m.method().body().locals();
        while (!work.isEmpty()) {
            String n = work.pop();
            if (out.add(n)) {
                LocalVar lv = locals.get(n);
                if (lv != null) {
                    work.addAll(lv.sources());
                }
            }
        }
        return out;
    }

    /** Names that stand for "the item": parameters, loop variables and locals declared inside loops. */
    public Set<String> itemNames(MethodRef m) {
        Set<String> out = new LinkedHashSet<>();
        m.method().params().forEach(p -> out.add(p.name()));
        for (LoopFact l : m.method().body().loops()) {
            out.addAll(l.vars());
        }
        m.method().body().locals().values().forEach(lv -> {
            if (lv.inLoop()) {
                out.add(lv.name());
            }
        });
        return out;
    }

    /** Names that change with each iteration of {@code loop}: its variables and the locals declared in loops. */
    public Set<String> iterationNames(MethodRef m, LoopFact loop) {
        Set<String> out = new LinkedHashSet<>(loop.vars());
        m.method().body().locals().values().forEach(lv -> {
            if (lv.inLoop()) {
                out.add(lv.name());
            }
        });
        return out;
    }

    // ---- effects ----------------------------------------------------------------------------------------------------

    private EffectTrace effectOf(MethodRef m, CallSite c, CallTarget t) {
        ResolvedType recv = t.receiverType();
        String here = display(c);
        if (!recv.isProject()) {
            Catalog.EffectType et = catalog.effectType(recv.name());
            if (et == null && recv.kind() == ResolvedType.Kind.UNKNOWN) {
                et = catalog.effectTypeBySimpleName(recv.simpleName());
            }
            if (et != null) {
                if (et.matchesMethod(c.name()) && !readOnlyHttp(c)) {
                    return trace(m, c, et.kind(), verbOfKind(et.kind()), simple(recv.name()) + "." + c.name(),
                            "catalog", here + " calls " + simple(recv.name()) + "." + c.name() + "()");
                }
                return null;
            }
            if (isNotEffectType(recv)) {
                return null;
            }
            if (recv.name().startsWith(RUNTIME)) {
                return null;
            }
            SqlFacts s = jdbcSql(c, recv);
            if (s != null && (s.kind() == SqlFacts.Kind.INSERT)) {
                return trace(m, c, "db-insert", "inserts the row into " + s.table() + " again",
                        simple(recv.name()) + "." + c.name(), "sql", here + " runs INSERT INTO " + s.table());
            }
        }
        TypeEntry recvType = recv.isProject() ? index.type(recv.name()) : null;
        if (recvType != null) {
            for (Catalog.EffectAnnotation ea : catalog.effectAnnotations()) {
                if (recvType.type().annotation(ea.annotation()) != null) {
                    return trace(m, c, ea.kind(), verbOfKind(ea.kind()), recvType.type().simpleName() + "." + c.name(),
                            "annotation", here + " calls the @" + ea.annotation() + " " + recvType.type().simpleName());
                }
            }
        }
        // through project methods
        boolean anyBody = false;
        for (MethodRef target : t.targets()) {
            if (!target.method().hasBody()) {
                continue;
            }
            anyBody = true;
            MethodSummary s = summary(target);
            if (!s.effects().isEmpty()) {
                EffectTrace inner = s.effects().get(0).via(location(m, c.range(), here + " calls "
                        + target.type().simpleName() + "." + target.method().name() + "()"));
                Catalog.EffectName named = catalog.effectName(c.name());
                if (named != null && !inner.isDatabaseLocal()) {
                    // a business name on the way down says best what a repetition does: charge() over HTTP
                    return new EffectTrace(named.kind(), named.verb(), inner.leaf(), inner.hops(), inner.basis());
                }
                return inner;
            }
        }
        // data-access interfaces: the SQL or the method name
        if (recvType != null && !anyBody && isDataAccess(recvType)) {
            SqlFacts s = t.declared() == null ? null : sqlOf(t.declared());
            if (s != null && s.kind() != SqlFacts.Kind.UNKNOWN) {
                if (s.kind() == SqlFacts.Kind.INSERT) {
                    return trace(m, c, "db-insert", "inserts the row into " + s.table() + " again",
                            recvType.type().simpleName() + "." + c.name(), "sql",
                            here + " runs INSERT INTO " + s.table());
                }
                return null;
            }
            if (isDbWriteName(m, c)) {
                return trace(m, c, "db-insert", "inserts the row again", recvType.type().simpleName() + "." + c.name(),
                        "name", here + " inserts a row");
            }
            return null;
        }
        // the vocabulary of business effects, never on library types
        if (recv.kind() != ResolvedType.Kind.LIBRARY && !isAccessor(t)) {
            Catalog.EffectName en = catalog.effectName(c.name());
            if (en != null && !(recvType != null && isDataAccess(recvType))) {
                return trace(m, c, en.kind(), en.verb(), c.name(), "name", here + " " + kindPhrase(en.kind()));
            }
        }
        return null;
    }

    private EffectTrace trace(MethodRef m, CallSite c, String kind, String verb, String leaf, String basis,
                              String label) {
        return new EffectTrace(kind, verb, leaf, List.of(location(m, c.range(), label)), basis);
    }

    private static String kindPhrase(String kind) {
        return switch (kind) {
            case "payment" -> "moves money";
            case "message" -> "sends a message";
            case "mail" -> "sends a mail";
            case "order" -> "places an order";
            case "http" -> "calls a remote service";
            default -> "has a side effect";
        };
    }

    /** The consequence of repeating an effect of a kind, in words. */
    public static String verbOfKind(String kind) {
        return switch (kind) {
            case "http" -> "sends the request again";
            case "message" -> "publishes the message again";
            case "mail" -> "sends the mail again";
            case "payment" -> "charges again";
            case "db-insert" -> "inserts the row again";
            default -> "repeats the effect";
        };
    }

    private static boolean readOnlyHttp(CallSite c) {
        if (!c.name().equals("exchange") && !c.name().equals("execute") && !c.name().equals("method")) {
            return false;
        }
        for (Arg a : c.args()) {
            if (a.text().contains("HttpMethod.GET") || a.text().contains("HttpMethod.HEAD")) {
                return true;
            }
        }
        return false;
    }

    private boolean isNotEffectType(ResolvedType recv) {
        for (String n : catalog.notEffectTypes()) {
            if (n.equals(recv.name()) || n.endsWith("." + recv.simpleName()) && !recv.isProject()) {
                return true;
            }
        }
        return false;
    }

    private boolean isAccessor(CallTarget t) {
        MethodRef d = t.declared();
        if (d == null) {
            return false;
        }
        if (d.method().synthetic()) {
            return true;
        }
        return "record".equals(d.type().kind()) && d.method().arity() == 0
                && d.type().fields().containsKey(d.method().name());
    }

    private boolean isDbWriteName(MethodRef m, CallSite c) {
        String n = c.name();
        if (Catalog.any(List.of("insert*", "batchInsert*", "create*", "add*"), n)) {
            return true;
        }
        if (Catalog.any(List.of("save*", "persist*"), n) && !c.args().isEmpty()) {
            Arg a = c.args().get(0);
            LocalVar lv = m.method().body().locals().get(a.text());
            return lv != null && lv.initText() != null
                    && (lv.initText().startsWith("new ") || lv.initText().contains(".builder()"));
        }
        return false;
    }

    /** True for mapper, DAO and repository types (by annotation, name or supertype). */
    public boolean isDataAccess(TypeEntry e) {
        for (String a : catalog.dataAccessAnnotations()) {
            if (e.type().annotation(a) != null) {
                return true;
            }
        }
        for (String s : catalog.dataAccessTypeSuffixes()) {
            if (e.type().simpleName().endsWith(s)) {
                return true;
            }
        }
        for (String s : catalog.dataAccessSupertypes()) {
            if (index.isSubtypeOf(e, s)) {
                return true;
            }
        }
        return false;
    }

    /** The SQL of a mapper method declared in an annotation ({@code @Update}, {@code @Insert}, ...), or null. */
    public SqlFacts sqlOf(MethodRef method) {
        for (String a : List.of("Update", "Insert", "Delete", "Select", "Modifying", "Query")) {
            AnnotationFact af = method.method().annotation(a);
            if (af != null && af.strings().get("value") != null) {
                return sql.classify(af.strings().get("value"));
            }
        }
        return null;
    }

    private SqlFacts jdbcSql(CallSite c, ResolvedType recv) {
        String s = recv.simpleName();
        if (!(s.equals("JdbcTemplate") || s.equals("NamedParameterJdbcTemplate") || s.equals("JdbcOperations")
                || s.equals("Statement") || s.equals("PreparedStatement") || s.equals("Connection")
                || s.equals("JdbcClient"))) {
            return null;
        }
        if (c.args().isEmpty() || !Set.of("update", "batchUpdate", "executeUpdate", "execute", "prepareStatement",
                "sql").contains(c.name())) {
            return null;
        }
        String text = c.args().get(0).stringValue();
        return text == null ? null : sql.classify(text);
    }

    // ---- records and claims -----------------------------------------------------------------------------------------

    private String recordOf(MethodRef m, CallSite c, CallTarget t, String[] basis) {
        ResolvedType recv = t.receiverType();
        String here = display(c);
        // entity style: x.setStatus(..) then save(x)
        if (Catalog.any(catalog.entitySaveMethodNames(), c.name()) && !c.args().isEmpty()) {
            String x = c.args().get(0).text();
            for (CallSite p : m.method().body().calls()) {
                if (p.id() >= c.id()) {
                    break;
                }
                if (p.receiver().kind() == Receiver.Kind.NAME && x.equals(p.receiver().name())
                        && Catalog.any(catalog.statusSetterNames(), p.name())) {
                    basis[0] = "name";
                    return x + "." + p.name() + "(..) then " + here;
                }
            }
        }
        if (recv.name().startsWith(RUNTIME)) {
            if (recv.simpleName().equals("TaskClaimer") && Set.of("complete", "fail").contains(c.name())) {
                basis[0] = "runtime";
                return here + " completes the claim";
            }
            return null;
        }
        SqlFacts s = t.declared() != null ? sqlOf(t.declared()) : jdbcSql(c, recv);
        if (s != null && s.kind() != SqlFacts.Kind.UNKNOWN) {
            if (s.statusWrite()) {
                basis[0] = "sql";
                return here + " updates " + s.table() + "." + statusColumn(s);
            }
            return null;
        }
        boolean anyBody = false;
        for (MethodRef target : t.targets()) {
            if (target.method().hasBody()) {
                anyBody = true;
                MethodSummary ms = summary(target);
                if (ms.record() != null) {
                    basis[0] = "call";
                    return here + " records state (" + ms.record() + ")";
                }
            }
        }
        if (recv.kind() == ResolvedType.Kind.LIBRARY || anyBody) {
            return null;
        }
        if (Catalog.any(catalog.recordMethodNames(), c.name())) {
            basis[0] = "name";
            return here + " records the new status";
        }
        return null;
    }

    private String statusColumn(SqlFacts s) {
        for (String col : s.setColumns()) {
            if (catalog.isStatusColumn(col)) {
                return col;
            }
        }
        return "status";
    }

    private boolean claimOf(MethodRef m, CallSite c, CallTarget t, String[] basis) {
        ResolvedType recv = t.receiverType();
        if (recv.name().startsWith(RUNTIME)) {
            return recv.simpleName().equals("TaskClaimer") && c.name().equals("claim");
        }
        SqlFacts s = t.declared() != null ? sqlOf(t.declared()) : jdbcSql(c, recv);
        if (s != null && s.kind() != SqlFacts.Kind.UNKNOWN) {
            if (s.conditional()) {
                if (basis[0] == null) {
                    basis[0] = "sql";
                }
                return true;
            }
            return false;
        }
        for (MethodRef target : t.targets()) {
            if (target.method().hasBody() && summary(target).returnsClaim()) {
                return true;
            }
        }
        if (recv.kind() != ResolvedType.Kind.LIBRARY && Catalog.any(catalog.claimMethodNames(), c.name())) {
            if (basis[0] == null) {
                basis[0] = "name";
            }
            return true;
        }
        return false;
    }

    // ---- keys -------------------------------------------------------------------------------------------------------

    private boolean isKeyed(MethodRef m, CallSite c, CallInfo ci, List<CallInfo> all) {
        Body body = m.method().body();
        Set<String> items = itemNames(m);
        // inside a ledger's runOnce(key, .., effect)
        int lam = c.lambdaId();
        while (lam >= 0) {
            LambdaFact lf = body.lambdas().get(lam);
            if (lf.ownerCallId() >= 0) {
                CallSite owner = body.calls().get(lf.ownerCallId());
                if (owner.name().equals("runOnce") || owner.name().equals("executeOnce")) {
                    return true;
                }
            }
            lam = lf.parentId();
        }
        MethodRef declared = ci.target().declared();
        for (int i = 0; i < c.args().size(); i++) {
            Arg a = c.args().get(i);
            boolean keyLike = false;
            for (int id : a.callIds()) {
                CallSite inner = body.calls().get(id);
                if (inner.name().equals("of") && inner.receiver().text().endsWith("IdempotencyKeys")) {
                    keyLike = true;
                }
            }
            LocalVar lv = body.locals().get(a.text());
            if (lv != null && (Catalog.any(catalog.keyParameterNames(), lv.name())
                    || lv.initText() != null && lv.initText().contains("IdempotencyKeys.of"))) {
                keyLike = true;
            }
            if (Catalog.any(catalog.keyParameterNames(), a.text())) {
                keyLike = true;
            }
            if (declared != null && i < declared.method().arity()
                    && Catalog.any(catalog.keyParameterNames(), declared.method().params().get(i).name())) {
                keyLike = true;
            }
            if (keyLike && derivedKey(m, a.text(), a.names(), items)) {
                return true;
            }
        }
        // carriers: req.setIdempotencyKey(..) / headers.set("Idempotency-Key", ..) on something passed to the effect,
        // or .header("Idempotency-Key", ..) chained on the effect call
        Set<String> argRoots = ci.roots();
        for (CallSite p : body.calls()) {
            boolean carrier = Catalog.any(catalog.keyCarrierMethods(), p.name());
            boolean header = HEADER_SETTERS.contains(p.name()) && !p.args().isEmpty()
                    && p.args().get(0).stringValue() != null
                    && catalog.keyHeaderNames().stream().anyMatch(h -> h.equalsIgnoreCase(p.args().get(0).stringValue()));
            if (!carrier && !header) {
                continue;
            }
            Arg valueArg = p.args().get(p.args().size() - 1);
            boolean reaches = p.receiver().kind() == Receiver.Kind.NAME && argRoots.contains(p.receiver().name())
                    && p.id() < c.id()
                    || chainedOn(body, p, c.id());
            if (reaches && derivedKey(m, valueArg.text(), valueArg.names(), items)) {
                return true;
            }
        }
        return false;
    }

    private static boolean chainedOn(Body body, CallSite p, int effectId) {
        CallSite cur = p;
        int guard = 0;
        while (cur.receiver().kind() == Receiver.Kind.CALL && guard++ < 64) {
            if (cur.receiver().callId() == effectId) {
                return true;
            }
            cur = body.calls().get(cur.receiver().callId());
        }
        return false;
    }

    /** A key is derived from the item's identity and is the same on every run (no random or clock parts). */
    private boolean derivedKey(MethodRef m, String text, Set<String> names, Set<String> items) {
        Set<String> roots = roots(m, names);
        StringBuilder all = new StringBuilder(text);
        for (String r : roots) {
            LocalVar lv = m.method().body().locals().get(r);
            if (lv != null && lv.initText() != null) {
                all.append(' ').append(lv.initText());
            }
        }
        String s = all.toString();
        for (String bad : List.of("randomUUID", "currentTimeMillis", "nanoTime", "LocalDateTime.now", "Instant.now",
                "new Date()", "Random", "ThreadLocalRandom", "UUID.random")) {
            if (s.contains(bad)) {
                return false;
            }
        }
        for (String r : roots) {
            if (items.contains(r)) {
                return true;
            }
        }
        return false;
    }

    // ---- claims guarding an effect ----------------------------------------------------------------------------------

    /**
     * The claim call whose checked result guards {@code effect}, or null: an earlier conditional claim whose row
     * count (or a variable holding it) appears in a condition that the effect runs under, or a lambda run on the
     * claim's result ({@code claimer.claim(..).ifPresent(c -> ..)}).
     */
    public CallSite guardingClaim(MethodRef m, CallSite effect) {
        Body body = m.method().body();
        List<CallInfo> ci = calls(m);
        for (int g : effect.guardIds()) {
            GuardFact gf = body.guards().get(g);
            for (CallSite cl : body.calls()) {
                if (cl.id() >= effect.id() || !ci.get(cl.id()).claim()) {
                    continue;
                }
                if (gf.callIds().contains(cl.id())
                        || cl.assignedTo() != null && roots(m, gf.names()).contains(cl.assignedTo())) {
                    return cl;
                }
            }
        }
        int lam = effect.lambdaId();
        while (lam >= 0) {
            LambdaFact lf = body.lambdas().get(lam);
            if (lf.ownerCallId() >= 0) {
                CallSite owner = body.calls().get(lf.ownerCallId());
                CallSite cur = owner;
                int guard = 0;
                while (cur != null && guard++ < 32) {
                    if (ci.get(cur.id()).claim() && cur.id() != owner.id()) {
                        return cur;
                    }
                    Receiver r = cur.receiver();
                    if (r.kind() == Receiver.Kind.CALL) {
                        cur = body.calls().get(r.callId());
                    } else if (r.kind() == Receiver.Kind.NAME) {
                        LocalVar lv = body.locals().get(r.name());
                        cur = null;
                        if (lv != null) {
                            for (int id : lv.initCallIds()) {
                                if (ci.get(id).claim()) {
                                    return body.calls().get(id);
                                }
                            }
                        }
                    } else {
                        cur = null;
                    }
                }
            }
            lam = lf.parentId();
        }
        return null;
    }

    // ---- summaries --------------------------------------------------------------------------------------------------

    /** What calling {@code m} does. Computed on first use, bottom-up through callees. */
    public MethodSummary summary(MethodRef m) {
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
        return s;
    }

    private MethodSummary compute(MethodRef m) {
        List<CallInfo> ci = calls(m);
        List<CallSite> cs = m.method().body().calls();
        List<EffectTrace> effects = new ArrayList<>();
        String record = null;
        boolean returnsClaim = false;
        boolean tx = isTransactional(m);
        for (int i = 0; i < ci.size(); i++) {
            CallInfo info = ci.get(i);
            CallSite c = cs.get(i);
            if (info.record() != null && record == null) {
                record = info.record();
            }
            if (info.claim() && (c.use() == CallSite.Use.RETURNED || c.assignedTo() != null
                    && returnedVar(m, c.assignedTo()))) {
                returnsClaim = true;
            }
            if (info.effect() == null || info.keyed() || guardingClaim(m, c) != null) {
                continue;
            }
            boolean recordedLater = false;
            for (int j = i + 1; j < ci.size(); j++) {
                if (ci.get(j).record() != null && !cs.get(j).exclusiveWith(c)) {
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
                effects.add(info.effect());
            }
        }
        return new MethodSummary(effects, record, returnsClaim);
    }

    private boolean returnedVar(MethodRef m, String var) {
        for (CallSite c : m.method().body().calls()) {
            if (c.use() == CallSite.Use.RETURNED && c.args().stream().anyMatch(a -> a.names().contains(var))) {
                return true;
            }
        }
        return false;
    }

    // ---- method properties ------------------------------------------------------------------------------------------

    /**
     * True when {@code m} runs in a transaction of its own declaration: {@code @Transactional} on the method or its
     * class, with a propagation other than NOT_SUPPORTED or NEVER.
     */
    public boolean isTransactional(MethodRef m) {
        AnnotationFact a = m.method().annotation("Transactional");
        if (a == null) {
            a = m.type().annotation("Transactional");
            if (a != null && "private".equals(m.method().visibility())) {
                return false;
            }
        }
        if (a == null) {
            return false;
        }
        String all = String.join(" ", a.values().values());
        return !all.contains("NOT_SUPPORTED") && !all.contains("NEVER");
    }

    /** Why {@code m} is a job entry point ("@Scheduled", "Quartz Job.execute"), or null when it is not one. */
    public String entryPoint(MethodRef m) {
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
                    && index.isSubtypeOf(m.owner(), tm.type())) {
                return tm.type() + "." + tm.method();
            }
        }
        return null;
    }

    static String lower(String s) {
        return s.toLowerCase(Locale.ROOT);
    }
}
