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
import io.idemcheck.core.sql.SqlModel;
import io.idemcheck.core.sql.SqlStatement;

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
    private final SqlModel model;
    private final io.idemcheck.core.schema.Schema schema;
    private final Map<MethodFacts, List<CallInfo>> infos = new IdentityHashMap<>();
    private final Map<MethodFacts, MethodSummary> summaries = new IdentityHashMap<>();
    private final Set<MethodFacts> inProgress = java.util.Collections.newSetFromMap(new IdentityHashMap<>());
    private int depth;

    public Semantics(ProjectIndex index, SqlModel model) {
        this(index, model, io.idemcheck.core.schema.Schema.EMPTY);
    }

    public Semantics(ProjectIndex index, SqlModel model, io.idemcheck.core.schema.Schema schema) {
        this.schema = schema;
        this.index = index;
        this.catalog = index.catalog();
        this.sql = model.classifier();
        this.model = model;
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
            List<SqlStatement> stmts = statementsOf(m, c, t);
            EffectTrace effect = effectOf(m, c, t, stmts);
            String[] basis = new String[1];
            String record = recordOf(m, c, t, basis, stmts);
            boolean claim = claimOf(m, c, t, basis, stmts);
            out.add(new CallInfo(t, effect, false, record, claim, roots, basis[0], stmts));
        }
        // second pass: keys (a header set after a chained effect call, carriers set before)
        for (int i = 0; i < out.size(); i++) {
            CallInfo ci = out.get(i);
            if (ci.effect() != null && keyRoots(m, body.calls().get(i), ci) != null) {
                out.set(i, ci.withKeyed(true));
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
            // a local declared in a loop stands for the item only when it is read from something (t = queue.poll());
            // a constant (String key = "charge") is the same for every item
            if (lv.inLoop() && (!lv.sources().isEmpty() || !lv.initCallIds().isEmpty())) {
                out.add(lv.name());
            }
        });
        return out;
    }

    /** Names that change with each iteration of {@code loop}: its variables and the locals declared in loops. */
    public Set<String> iterationNames(MethodRef m, LoopFact loop) {
        Set<String> out = new LinkedHashSet<>(loop.vars());
        if (!out.isEmpty()) {
            return out; // locals derived from the loop variable reach it through roots(..)
        }
        // while (!queue.isEmpty()) { Task t = queue.poll(); .. }: the item is a local read inside the loop
        m.method().body().locals().values().forEach(lv -> {
            if (lv.inLoop() && (!lv.sources().isEmpty() || !lv.initCallIds().isEmpty())) {
                out.add(lv.name());
            }
        });
        return out;
    }

    // ---- effects ----------------------------------------------------------------------------------------------------

    private EffectTrace effectOf(MethodRef m, CallSite c, CallTarget t, List<SqlStatement> stmts) {
        ResolvedType recv = t.receiverType();
        String here = display(c);
        Catalog.ProjectEffect pe = catalog.projectEffect(recv.name(), c.name(), c.args().size()); // idemcheck.yml
        if (pe != null) {
            return trace(m, c, pe.kind(), pe.verb() != null ? pe.verb() : verbOfKind(pe.kind()),
                    simple(recv.name()) + "." + c.name(), "config", here + " " + kindPhrase(pe.kind()));
        }
        if (!recv.isProject()) {
            Catalog.EffectType et = catalog.effectType(recv.name());
            if (et == null && recv.kind() == ResolvedType.Kind.UNKNOWN) {
                et = catalog.effectTypeBySimpleName(recv.simpleName());
            }
            if (et != null) {
                if (et.matchesMethod(c.name()) && !("http".equals(et.kind()) && readOnlyHttp(m, c))) {
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
            for (SqlStatement st : stmts) {
                if (insertEffect(st)) {
                    return trace(m, c, "db-insert", "inserts the row into " + st.table() + " again",
                            simple(recv.name()) + "." + c.name(), "sql", here + " runs INSERT INTO " + st.table());
                }
            }
        }
        TypeEntry recvType = index.typeOf(recv).orElse(null);
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
        boolean opaque = false;
        for (MethodRef target : t.targets()) {
            if (!target.method().hasBody()) {
                continue;
            }
            anyBody = true;
            MethodSummary s = summary(target);
            opaque |= s.opaque();
            if (!s.effects().isEmpty()) {
                EffectTrace first = s.effects().stream().filter(x -> x.keyParam() < 0).findFirst()
                        .orElse(s.effects().get(0));
                EffectTrace inner = first.via(location(m, c.range(), here + " calls "
                        + target.type().simpleName() + "." + target.method().name() + "()"));
                Catalog.EffectName named = catalog.effectName(c.name());
                if (named != null && !inner.isDatabaseLocal()) {
                    // a business name on the way down says best what a repetition does: charge() over HTTP
                    return new EffectTrace(named.kind(), named.verb(), inner.leaf(), inner.hops(), inner.basis(),
                            inner.keyParam());
                }
                return inner;
            }
        }
        // data-access interfaces: the SQL or the method name
        if (recvType != null && !anyBody && isDataAccess(recvType)) {
            if (known(stmts)) {
                for (SqlStatement st : stmts) {
                    if (insertEffect(st)) {
                        return trace(m, c, "db-insert", "inserts the row into " + st.table() + " again",
                                recvType.type().simpleName() + "." + c.name(), "sql",
                                here + " runs INSERT INTO " + st.table());
                    }
                }
                return null;
            }
            if (isDbWriteName(m, c)) {
                return trace(m, c, "db-insert", "inserts the row again", recvType.type().simpleName() + "." + c.name(),
                        "name", here + " inserts a row");
            }
            return null;
        }
        // the vocabulary of business effects, never on library types, and not on project methods whose whole body
        // is visible and shows no effect (a publish() that only wraps Spring's in-process events)
        if (recv.kind() != ResolvedType.Kind.LIBRARY && !isAccessor(t) && (!anyBody || opaque)) {
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

    private static final List<String> MUTATING_HTTP = List.of(".post(", ".put(", ".patch(", ".delete(", "POST(",
            "PUT(", "DELETE(", "PATCH(", "method(\"POST", "method(\"PUT", "method(\"DELETE", "method(\"PATCH",
            "HttpPost", "HttpPut", "HttpPatch", "HttpDelete", "HttpMethod.POST", "HttpMethod.PUT", "HttpMethod.DELETE",
            "HttpMethod.PATCH", "Method.POST", "Method.PUT", ".method(");

    /**
     * True for HTTP calls that only read: {@code exchange(.., HttpMethod.GET, ..)}, or {@code newCall(request)} /
     * {@code send(request)} / {@code execute(request)} where the request is built in this method with no mutating
     * verb ({@code .get()}, {@code GET()}, {@code new HttpGet(..)}).
     */
    private boolean readOnlyHttp(MethodRef m, CallSite c) {
        if (c.name().equals("exchange") || c.name().equals("execute") || c.name().equals("method")) {
            for (Arg a : c.args()) {
                if (a.text().contains("HttpMethod.GET") || a.text().contains("HttpMethod.HEAD")) {
                    return true;
                }
            }
        }
        if (!Set.of("newCall", "send", "sendAsync", "execute", "executeOpen").contains(c.name()) || c.args().isEmpty()) {
            return false;
        }
        Arg req = c.args().get(0);
        StringBuilder seen = new StringBuilder(req.text());
        boolean visible = req.text().contains("(");
        for (String r : roots(m, req.names())) {
            LocalVar lv = m.method().body().locals().get(r);
            if (lv != null && lv.initText() != null) {
                seen.append(' ').append(lv.initText());
                visible = true;
            }
        }
        if (!visible) {
            return false;
        }
        String all = seen.toString();
        for (String verb : MUTATING_HTTP) {
            if (all.contains(verb)) {
                return false;
            }
        }
        return true;
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

    /**
     * True when running {@code st} inserts a row a second run inserts again. With the table's schema visible, an
     * insert or upsert that writes every column of a unique key other than a surrogate id deduplicates itself and is
     * not an effect, and an upsert into a table whose only unique key is a generated id is one; without schema, a
     * plain INSERT is an effect and an upsert is not.
     */
    private boolean insertEffect(SqlStatement st) {
        Boolean bySchema = schema.insertIsEffect(st);
        return bySchema != null ? bySchema : st.inserts();
    }

    private static boolean known(List<SqlStatement> stmts) {
        return stmts.stream().anyMatch(st -> !st.unknown());
    }

    // ---- the SQL a call runs -----------------------------------------------------------------------------------------

    private static final java.util.regex.Pattern DERIVED = java.util.regex.Pattern.compile(
            "(find|read|get|query|search|stream|count|exists|delete|remove)(First\\d*|Top\\d*|Distinct|All)?By([A-Z].*)");
    private static final Set<String> WRAPPER_WHERE = Set.of("eq", "ne", "in", "notIn", "lt", "le", "gt", "ge",
            "isNull", "isNotNull", "between", "like", "likeRight", "likeLeft");
    private static final java.util.regex.Pattern EXAMPLE_CRITERION = java.util.regex.Pattern.compile(
            "and([A-Z][A-Za-z0-9]*?)(EqualTo|NotEqualTo|In|NotIn|IsNull|IsNotNull|GreaterThan|GreaterThanOrEqualTo|"
                    + "LessThan|LessThanOrEqualTo|Between|NotBetween|Like|NotLike)");

    /**
     * The statements a call runs: the called mapper method's SQL (XML or annotation), a JDBC string, a MyBatis-Plus
     * update wrapper chain, a MyBatis Generator example, or an entity update whose columns are the setters called on
     * the entity before it.
     */
    private List<SqlStatement> statementsOf(MethodRef m, CallSite c, CallTarget t) {
        if (t.declared() != null) {
            List<SqlStatement> declared = model.statementsFor(t.declared());
            if (!declared.isEmpty()) {
                List<SqlStatement> selective = selectiveUpdate(m, c, declared);
                return selective != null ? selective : declared;
            }
        }
        ResolvedType recv = t.receiverType();
        SqlFacts jdbc = jdbcSql(c, recv);
        if (jdbc == null) {
            jdbc = preparedSql(m, c);
        }
        if (jdbc != null) {
            return List.of(callStatement(SqlStatement.Source.JDBC_STRING, m, c, jdbc));
        }
        if (recv.simpleName().equals("EntityManager") && c.name().equals("merge") && !c.args().isEmpty()) {
            return entitySave(m, c, null);
        }
        TypeEntry recvType = index.typeOf(recv).orElse(null);
        boolean dataAccess = recvType != null && isDataAccess(recvType)
                || recv.kind() != ResolvedType.Kind.PROJECT && c.name().equals("update") && chainHas(m, c, "lambdaUpdate", "update");
        if (!dataAccess || t.declared() != null && t.declared().method().hasBody()) {
            return List.of();
        }
        Body body = m.method().body();
        String entityTable = entityTable(recvType);
        // MyBatis-Plus: update(entity, wrapper), update(wrapper), lambdaUpdate()...update()
        if (c.name().equals("update") || c.name().equals("remove") || c.name().equals("delete")) {
            List<CallSite> chain = wrapperCalls(m, c);
            List<String> set = new ArrayList<>();
            List<String> where = new ArrayList<>();
            for (CallSite w : chain) {
                String col = w.args().isEmpty() ? null : columnOf(w.args().get(0));
                if (col == null) {
                    continue;
                }
                if (w.name().equals("set")) {
                    set.add(col);
                } else if (WRAPPER_WHERE.contains(w.name())) {
                    where.add(col);
                }
            }
            if (!c.args().isEmpty() && c.name().equals("update")) {
                set.addAll(setterColumns(m, c, c.args().get(0).text()));
            }
            if (!set.isEmpty() || !where.isEmpty()) {
                return List.of(callStatement(SqlStatement.Source.MYBATIS_PLUS_WRAPPER, m, c,
                        updateFacts(entityTable, set, where, "wrapper")));
            }
        }
        // MyBatis Generator: updateByExample(Selective)(record, example)
        if (c.name().startsWith("updateByExample") && c.args().size() >= 2) {
            String ex = c.args().get(1).text();
            List<String> where = new ArrayList<>();
            for (CallSite x : body.calls()) {
                java.util.regex.Matcher mm = EXAMPLE_CRITERION.matcher(x.name());
                if (x.id() < c.id() && mm.matches() && rootedAt(m, x, ex)) {
                    where.add(SqlModel.snake(decap(mm.group(1))));
                }
            }
            List<String> set = setterColumns(m, c, c.args().get(0).text());
            return List.of(callStatement(SqlStatement.Source.MYBATIS_GENERATOR_EXAMPLE, m, c,
                    updateFacts(entityTable, set, where, "example")));
        }
        // Spring Data derived queries: findByStatus, deleteByStatusAndCreatedBefore, ...
        java.util.regex.Matcher dq = DERIVED.matcher(c.name());
        if (t.declared() != null && !t.declared().method().hasBody() && dq.matches()) {
            List<String> where = new ArrayList<>();
            for (String part : dq.group(3).split("And|Or")) {
                String col = part.replaceAll("(IsNot|Is|Not|In|NotIn|Between|LessThan|LessThanEqual|GreaterThan|"
                        + "GreaterThanEqual|Before|After|Like|Containing|StartingWith|EndingWith|IsNull|IsNotNull|"
                        + "Null|NotNull|True|False|IgnoreCase|OrderBy.*)$", "");
                if (!col.isEmpty()) {
                    where.add(SqlModel.snake(decap(col)));
                }
            }
            boolean delete = dq.group(1).startsWith("delete") || dq.group(1).startsWith("remove");
            SqlFacts f = new SqlFacts(delete ? SqlFacts.Kind.DELETE : SqlFacts.Kind.SELECT, entityTable, List.of(),
                    where, false, false, (delete ? "DELETE FROM " : "SELECT * FROM ") + entityTable + " WHERE "
                    + String.join(" AND ", where) + " -- derived from " + c.name(), null);
            return List.of(callStatement(SqlStatement.Source.DERIVED_QUERY, m, c, f));
        }
        // entity updates: updateById(e), updateByPrimaryKey(Selective)(e), JPA save(e) of a loaded entity
        if ((c.name().equals("updateById") || c.name().startsWith("updateByPrimaryKey")
                || c.name().equals("save") || c.name().equals("saveAndFlush")) && !c.args().isEmpty()) {
            return entitySave(m, c, recvType);
        }
        return List.of();
    }

    /** An entity update: the columns are the setters called on the entity before; fenced when it has a version. */
    private List<SqlStatement> entitySave(MethodRef m, CallSite c, TypeEntry recvType) {
        String x = c.args().get(0).text();
        List<String> set = setterColumns(m, c, x);
        if (set.isEmpty() || isFreshEntity(m, x)) {
            return List.of();
        }
        List<String> where = new ArrayList<>(List.of("id"));
        if (versioned(m, x)) {
            where.add("version");
        }
        return List.of(callStatement(SqlStatement.Source.ENTITY_SAVE, m, c,
                updateFacts(recvType == null ? "?" : entityTable(recvType), set, where, "entity")));
    }

    /**
     * A MyBatis Generator {@code updateByPrimaryKeySelective(record)} writes only the record's non-null fields: its
     * mapper XML sets every column under an {@code <if test="x != null">}, so which columns this call writes is
     * decided by the setters called on the record before it. A full-row {@code updateByPrimaryKey(record)} of a row
     * loaded in the same method writes the other columns back as they were read. When the setters are visible, the
     * statement is narrowed to them (the WHERE stays the XML's); null otherwise.
     */
    private List<SqlStatement> selectiveUpdate(MethodRef m, CallSite c, List<SqlStatement> declared) {
        boolean selective = c.name().endsWith("Selective") && c.name().startsWith("update");
        boolean writeBack = c.name().equals("updateByPrimaryKey") || c.name().equals("updateById");
        if (!selective && !writeBack || c.args().isEmpty()) {
            return null;
        }
        String x = c.args().get(0).text();
        LocalVar lv = m.method().body().locals().get(x);
        List<String> set = setterColumns(m, c, x);
        if (lv == null || set.isEmpty()) {
            return null;
        }
        if (writeBack && (lv.initCallIds().isEmpty() || isFreshEntity(m, x))) {
            // a full-row update writes back every column; only a row loaded in this method (its status written back
            // as read) can be narrowed to the columns the code changed
            return null;
        }
        List<SqlStatement> out = new ArrayList<>();
        for (SqlStatement st : declared) {
            List<SqlFacts> shapes = new ArrayList<>();
            for (SqlFacts f : st.shapes()) {
                if (f.kind() != SqlFacts.Kind.UPDATE) {
                    shapes.add(f);
                    continue;
                }
                SqlFacts narrowed = updateFacts(f.table(), set, f.whereColumns(), "record's setters");
                shapes.add(narrowed);
            }
            out.add(new SqlStatement(st.source(), st.ownerType(), st.method(), st.id(), st.relPath(), st.range(),
                    shapes.stream().distinct().toList(), st.truncated()));
        }
        return out;
    }

    private SqlStatement callStatement(SqlStatement.Source src, MethodRef m, CallSite c, SqlFacts f) {
        return new SqlStatement(src, null, null, m.owner().fqn() + "#" + m.method().signature() + "@"
                + c.range().line(), m.file().relPath(), c.range(), List.of(f), false);
    }

    private SqlFacts updateFacts(String table, List<String> set, List<String> where, String what) {
        boolean statusWrite = set.stream().anyMatch(catalog::isStatusColumn);
        boolean conditional = statusWrite && where.stream()
                .anyMatch(col -> catalog.isStatusColumn(col) || catalog.isFencingColumn(col));
        return new SqlFacts(SqlFacts.Kind.UPDATE, table, set, where, statusWrite, conditional,
                "UPDATE " + table + " SET " + String.join(", ", set) + " WHERE " + String.join(" AND ", where)
                        + " -- from the " + what, null);
    }

    private String entityTable(TypeEntry mapper) {
        if (mapper == null) {
            return "?";
        }
        for (ResolvedType s : index.allSupertypes(mapper)) {
            // BaseMapper<Task>: the type argument names the entity
            for (io.idemcheck.core.facts.TypeRef tr : mapper.type().supertypes()) {
                if (!tr.typeArgs().isEmpty()) {
                    return SqlModel.tableOfEntity(simple(tr.typeArgs().get(0)), index);
                }
            }
        }
        String n = mapper.type().simpleName().replaceAll("(Mapper|Dao|DAO|Repository|Repo|Service)$", "");
        return SqlModel.tableOfEntity(n, index);
    }

    /** Calls that build the wrapper or criteria passed to (or chained before) {@code c}. */
    private List<CallSite> wrapperCalls(MethodRef m, CallSite c) {
        Body body = m.method().body();
        List<CallSite> out = new ArrayList<>();
        // chained: x.lambdaUpdate().set(..).eq(..).update()
        CallSite cur = c;
        int guard = 0;
        while (cur.receiver().kind() == Receiver.Kind.CALL && guard++ < 64) {
            cur = body.calls().get(cur.receiver().callId());
            out.add(cur);
        }
        for (Arg a : c.args()) {
            for (int id : a.callIds()) {
                out.add(body.calls().get(id));
            }
            LocalVar lv = body.locals().get(a.text());
            if (lv != null) {
                for (int id : lv.initCallIds()) {
                    out.add(body.calls().get(id));
                }
                for (CallSite x : body.calls()) {
                    if (x.id() < c.id() && rootedAt(m, x, lv.name())) {
                        out.add(x);
                    }
                }
            }
        }
        return out;
    }

    private boolean chainHas(MethodRef m, CallSite c, String... names) {
        Body body = m.method().body();
        CallSite cur = c;
        int guard = 0;
        while (cur.receiver().kind() == Receiver.Kind.CALL && guard++ < 64) {
            cur = body.calls().get(cur.receiver().callId());
            if (Set.of(names).contains(cur.name()) && cur != c) {
                return true;
            }
        }
        return false;
    }

    /** True when the receiver chain of {@code x} starts at variable {@code var} (or a local built from it). */
    private boolean rootedAt(MethodRef m, CallSite x, String var) {
        Body body = m.method().body();
        CallSite cur = x;
        int guard = 0;
        while (cur.receiver().kind() == Receiver.Kind.CALL && guard++ < 64) {
            cur = body.calls().get(cur.receiver().callId());
        }
        if (cur.receiver().kind() != Receiver.Kind.NAME) {
            return false;
        }
        String n = cur.receiver().name();
        return n.equals(var) || roots(m, Set.of(n)).contains(var);
    }

    /** Columns set on entity variable {@code x} before {@code c}: {@code x.setStatus(..)} gives "status". */
    private List<String> setterColumns(MethodRef m, CallSite c, String x) {
        List<String> out = new ArrayList<>();
        for (CallSite p : m.method().body().calls()) {
            if (p.id() >= c.id()) {
                break;
            }
            if (p.receiver().kind() == Receiver.Kind.NAME && x.equals(p.receiver().name()) && p.name().length() > 3
                    && p.name().startsWith("set") && p.argCount() == 1) {
                out.add(SqlModel.snake(decap(p.name().substring(3))));
            }
        }
        return out;
    }

    /** A local built in this method with {@code new} or a builder: saving it inserts, it does not transition. */
    private static boolean isFreshEntity(MethodRef m, String var) {
        LocalVar lv = m.method().body().locals().get(var);
        return lv != null && lv.initText() != null
                && (lv.initText().startsWith("new ") || lv.initText().contains(".builder()"));
    }

    private boolean versioned(MethodRef m, String var) {
        io.idemcheck.core.facts.TypeRef tr = index.variableType(m, var, false).orElse(null);
        if (tr == null) {
            return false;
        }
        ResolvedType rt = index.resolveType(tr.name(), m.file(), m.type());
        TypeEntry te = index.typeOf(rt).orElse(null);
        return te != null && te.type().fields().keySet().stream().anyMatch(f -> f.equals("version")
                || te.type().fieldHas(f, "Version"));
    }

    private static String columnOf(Arg a) {
        if (a.stringValue() != null) {
            return a.stringValue().toLowerCase(Locale.ROOT);
        }
        String t = a.text();
        int i = t.indexOf("::");
        if (i > 0) {
            String getter = t.substring(i + 2).trim();
            if (getter.startsWith("get") && getter.length() > 3) {
                return SqlModel.snake(decap(getter.substring(3)));
            }
            if (getter.startsWith("is") && getter.length() > 2) {
                return SqlModel.snake(decap(getter.substring(2)));
            }
            return SqlModel.snake(getter);
        }
        return null;
    }

    private static String decap(String s) {
        return s.isEmpty() ? s : Character.toLowerCase(s.charAt(0)) + s.substring(1);
    }

    /**
     * {@code ps.executeUpdate()} runs the SQL given to {@code c.prepareStatement(SQL)} where {@code ps} was created:
     * the statement belongs to the execution (which is when the effect happens and whose row count tells), not to
     * the preparation.
     */
    private SqlFacts preparedSql(MethodRef m, CallSite c) {
        if (!Set.of("executeUpdate", "executeLargeUpdate", "execute", "executeBatch").contains(c.name())
                || !c.args().isEmpty() || c.receiver().kind() != Receiver.Kind.NAME) {
            return null;
        }
        LocalVar ps = m.method().body().locals().get(c.receiver().name());
        if (ps == null) {
            return null;
        }
        // the closest preparation before this call: one name may be declared again in a later try block
        CallSite prepared = null;
        for (int id : ps.initCallIds()) {
            CallSite p = m.method().body().calls().get(id);
            if (id < c.id() && (p.name().equals("prepareStatement") || p.name().equals("prepareCall"))
                    && (prepared == null || id > prepared.id())) {
                prepared = p;
            }
        }
        if (prepared == null || prepared.args().isEmpty() || prepared.args().get(0).stringValue() == null) {
            return null;
        }
        return sql.classify(prepared.args().get(0).stringValue());
    }

    private SqlFacts jdbcSql(CallSite c, ResolvedType recv) {
        String s = recv.simpleName();
        if (!(s.equals("JdbcTemplate") || s.equals("NamedParameterJdbcTemplate") || s.equals("JdbcOperations")
                || s.equals("Statement") || s.equals("PreparedStatement") || s.equals("Connection")
                || s.equals("JdbcClient"))) {
            return null;
        }
        if (c.args().isEmpty() || !Set.of("update", "batchUpdate", "executeUpdate", "execute", "sql")
                .contains(c.name())) {
            return null;
        }
        String text = c.args().get(0).stringValue();
        return text == null ? null : sql.classify(text);
    }

    // ---- records and claims -----------------------------------------------------------------------------------------

    private String recordOf(MethodRef m, CallSite c, CallTarget t, String[] basis, List<SqlStatement> stmts) {
        ResolvedType recv = t.receiverType();
        String here = display(c);
        if (catalog.projectRecord(recv.name(), c.name(), c.args().size())) { // idemcheck.yml
            basis[0] = "config";
            return here + " records state (a record in idemcheck.yml)";
        }
        // entity style: x.setStatus(..) then save(x)
        if (Catalog.any(catalog.entitySaveMethodNames(), c.name()) && !c.args().isEmpty()
                && !isFreshEntity(m, c.args().get(0).text())) {
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
        if (known(stmts)) {
            for (SqlStatement st : stmts) {
                if (st.statusWrite()) {
                    basis[0] = "sql";
                    return here + " updates " + st.table() + "." + statusColumn(st);
                }
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

    private String statusColumn(SqlStatement st) {
        for (SqlFacts s : st.shapes()) {
            for (String col : s.setColumns()) {
                if (catalog.isStatusColumn(col)) {
                    return col;
                }
            }
        }
        return "status";
    }

    private boolean claimOf(MethodRef m, CallSite c, CallTarget t, String[] basis, List<SqlStatement> stmts) {
        ResolvedType recv = t.receiverType();
        if (catalog.projectClaim(recv.name(), c.name(), c.args().size())) { // idemcheck.yml claims and locks
            basis[0] = basis[0] == null ? "config" : basis[0];
            return true;
        }
        if (recv.name().startsWith(RUNTIME)) {
            return recv.simpleName().equals("TaskClaimer") && c.name().equals("claim");
        }
        if (known(stmts)) {
            if (stmts.stream().anyMatch(SqlStatement::claims)) {
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

    /**
     * The names the effect's idempotency key derives from, or null when the effect carries no stable key derived from
     * the item. An effect whose callee takes its key from a parameter is keyed exactly when this call passes a stable
     * key there.
     */
    private Set<String> keyRoots(MethodRef m, CallSite c, CallInfo ci) {
        Body body = m.method().body();
        Set<String> items = itemNames(m);
        int kp = ci.effect().keyParam();
        if (kp >= 0) {
            if (kp < c.args().size()) {
                Arg a = c.args().get(kp);
                if (derivedKey(m, a.text(), a.names(), items)) {
                    return roots(m, a.names());
                }
            }
            return null;
        }
        // inside a ledger's runOnce(key, .., effect)
        int lam = c.lambdaId();
        while (lam >= 0) {
            LambdaFact lf = body.lambdas().get(lam);
            if (lf.ownerCallId() >= 0) {
                CallSite owner = body.calls().get(lf.ownerCallId());
                if (owner.name().equals("runOnce") || owner.name().equals("executeOnce")) {
                    return roots(m, owner.args().isEmpty() ? Set.of() : owner.args().get(0).names());
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
            if (i == catalog.projectKeyParameter(ci.target().receiverType().name(), c.name(), c.args().size())) {
                keyLike = true; // idemcheck.yml keyCarriers
            }
            if (keyLike && derivedKey(m, a.text(), a.names(), items)) {
                return roots(m, a.names());
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
                return roots(m, valueArg.names());
            }
        }
        return null;
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
                if (cl.id() >= effect.id() || !claimLike(ci.get(cl.id()))) {
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

    /**
     * A claim, or a status update whose SQL is not visible (recognised by name) used the way a claim is used: its row
     * count decides whether the code goes on. Its SQL cannot be checked here; the code's shape says the author
     * wrote a compare-and-set.
     */
    private static boolean claimLike(CallInfo ci) {
        return ci.claim() || ci.isRecord() && ci.statements().isEmpty() && "name".equals(ci.basis());
    }

    /**
     * True when the loop iterates rows read through a mapper, DAO or repository (directly or through locals): the
     * shape of a batch over work items.
     */
    public boolean loopOverSelectedRows(MethodRef m, LoopFact loop) {
        List<CallInfo> ci = calls(m);
        Set<String> names = roots(m, loop.names());
        for (String n : names) {
            io.idemcheck.core.facts.TypeRef tr = index.variableType(m, n, false).orElse(null);
            if (tr != null) {
                if (Set.of("ResultSet", "SqlRowSet").contains(tr.simpleName())) {
                    return true; // while (rs.next()): rows read with plain JDBC
                }
                ResolvedType rt = index.resolveType(tr.name(), m.file(), m.type());
                if (index.typeOf(rt).filter(this::isDataAccess).isPresent()) {
                    return true;
                }
            }
            LocalVar lv = m.method().body().locals().get(n);
            if (lv != null) {
                for (int id : lv.initCallIds()) {
                    ResolvedType rt = ci.get(id).target().receiverType();
                    if (index.typeOf(rt).filter(this::isDataAccess).isPresent()) {
                        return true;
                    }
                }
            }
        }
        return false;
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
        boolean opaque = false;
        for (int i = 0; i < ci.size(); i++) {
            CallInfo info = ci.get(i);
            CallSite c = cs.get(i);
            ResolvedType.Kind rk = info.target().receiverType().kind();
            if ((rk == ResolvedType.Kind.EXTERNAL || rk == ResolvedType.Kind.UNKNOWN) && info.target().targets().isEmpty()) {
                opaque = true;
            }
            if (info.record() != null && record == null && !inAsyncLambda(m, c)) {
                record = info.record();
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
                Set<String> kr = keyRoots(m, c, info);
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
                if (ci.get(j).record() != null && !cs.get(j).exclusiveWith(c) && !inAsyncLambda(m, cs.get(j))) {
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
                effects.add(keyParam >= 0 ? info.effect().withKeyParam(keyParam) : info.effect());
            }
        }
        // an empty body (a stub) proves nothing about what the real implementation does
        return new MethodSummary(effects, record, returnsClaim, opaque || cs.isEmpty());
    }

    private boolean returnedVar(MethodRef m, String var) {
        for (CallSite c : m.method().body().calls()) {
            if (c.use() == CallSite.Use.RETURNED && c.args().stream().anyMatch(a -> a.names().contains(var))) {
                return true;
            }
        }
        return false;
    }

    private static final Set<String> ASYNC = Set.of("submit", "execute", "schedule", "scheduleAtFixedRate",
            "scheduleWithFixedDelay", "runAsync", "supplyAsync", "thenRun", "thenAccept", "thenApply",
            "thenCompose", "whenComplete", "handle", "newThread", "start", "invokeAll", "invokeAny", "addListener",
            "subscribe", "doOnNext", "doOnSuccess");

    /**
     * True when {@code c} sits in a lambda handed to an executor, a timer, a future or a reactive chain: it runs
     * later, on another thread, so it neither records nor protects anything in the enclosing method's sequence.
     * A {@code TransactionTemplate.execute} lambda runs inline and is not asynchronous.
     */
    public boolean inAsyncLambda(MethodRef m, CallSite c) {
        Body body = m.method().body();
        int lam = c.lambdaId();
        while (lam >= 0) {
            LambdaFact lf = body.lambdas().get(lam);
            if (lf.ownerCallId() >= 0) {
                CallSite owner = body.calls().get(lf.ownerCallId());
                if (ASYNC.contains(owner.name())
                        && !owner.receiver().text().toLowerCase(Locale.ROOT).contains("transaction")) {
                    return true;
                }
            }
            lam = lf.parentId();
        }
        return false;
    }

    // ---- transitions and reachability -------------------------------------------------------------------------------

    private static final java.util.regex.Pattern STATUS_READ = java.util.regex.Pattern.compile(
            "(?i)(get\\w*(status|state)\\s*\\(|is(processed|done|handled|finished|paid|sent)\\s*\\(|\\.(status|state)\\b)");
    private static final java.util.regex.Pattern STATE_WORD = java.util.regex.Pattern.compile(
            "(?i)(status|state|pending|unprocessed|unhandled|todo|waiting|unpaid|unsent|timeout|expired|failed|init)");
    private Set<MethodFacts> reachable;

    /**
     * Methods run unattended: job entry points (see {@link #entryPoint}) and every project method reachable from one
     * through the call graph (main code only).
     */
    public Set<MethodFacts> reachableFromEntryPoints() {
        if (reachable != null) {
            return reachable;
        }
        List<MethodRef> entries = new ArrayList<>();
        for (MethodRef m : index.methods()) {
            if (!m.file().test() && entryPoint(m) != null) {
                entries.add(m);
            }
        }
        Set<MethodFacts> seen = java.util.Collections.newSetFromMap(new IdentityHashMap<>());
        index.reachable(entries, false).forEach(m -> seen.add(m.method()));
        reachable = seen;
        return seen;
    }

    /**
     * Why the code leading to {@code c} has read the previous status, or null: a guard on a status accessor, or a
     * loop over rows selected by status (a select whose WHERE names a status column, or whose name or arguments name
     * a state such as "PENDING").
     */
    public String previousStatusRead(MethodRef m, CallSite c) {
        Body body = m.method().body();
        for (int g : c.guardIds()) {
            GuardFact gf = body.guards().get(g);
            if (STATUS_READ.matcher(gf.text()).find()) {
                return "the guard `" + gf.text().replace('\n', ' ') + "` at line " + gf.range().line()
                        + " read the status first";
            }
        }
        List<CallInfo> ci = calls(m);
        for (int l : c.loopIds()) {
            LoopFact loop = body.loops().get(l);
            Set<String> names = roots(m, loop.names());
            List<Integer> sources = new ArrayList<>();
            for (CallSite x : body.calls()) {
                if (x.id() < c.id() && (loop.iterable().contains(x.text()) || x.assignedTo() != null
                        && names.contains(x.assignedTo()))) {
                    sources.add(x.id());
                }
            }
            for (int id : sources) {
                CallSite x = body.calls().get(id);
                boolean byStatus = ci.get(id).statements().stream().anyMatch(st -> st.shapes().stream()
                        .anyMatch(f -> f.whereColumns().stream().anyMatch(catalog::isStatusColumn)))
                        || STATE_WORD.matcher(x.name()).find()
                        || x.args().stream().anyMatch(a -> a.stringValue() != null
                        && a.stringValue().matches("[A-Z_]{3,}"));
                if (byStatus) {
                    return "the loop at line " + loop.range().line() + " iterates rows selected by status ("
                            + display(x) + ")";
                }
            }
        }
        return null;
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
        if (m.method().name().equals("main") && m.method().isStatic() && m.method().arity() == 1
                && m.method().params().get(0).type().text().replace(" ", "").matches("String(\\[]|\\.\\.\\.)")) {
            return "main()"; // a batch started by a scheduler (cron, a workflow engine) as a plain program
        }
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


    // =================================================================================================================
    // ---- transactions, database writes and literal loops (added for IDEM002 / IDEM004; keep at the end) -------------
    // =================================================================================================================

    private static final List<String> DB_WRITE_NAMES = List.of("insert*", "update*", "delete*", "save*", "remove*",
            "batchInsert*", "batchUpdate*", "batchDelete*", "persist*", "merge*", "upsert*");
    private final Map<MethodFacts, Boolean> writesDb = new IdentityHashMap<>();
    private final Set<MethodFacts> writesDbInProgress = java.util.Collections.newSetFromMap(new IdentityHashMap<>());

    /**
     * True when call {@code c} of {@code m} writes to the database: it runs an INSERT, UPSERT, UPDATE or DELETE
     * (as far as its SQL is visible), records state, is a claim, is a database-local effect, is a data-access method
     * named insert*, update*, delete*, save*, remove* (and alike) whose SQL is not visible, or reaches a project
     * method whose body does one of these (transitively, cycles count as no write).
     */
    public boolean writesDatabase(MethodRef m, CallSite c) {
        CallInfo ci = calls(m).get(c.id());
        if (ci.record() != null || ci.claim() || ci.effect() != null && ci.effect().isDatabaseLocal()) {
            return true;
        }
        if (known(ci.statements())) {
            return ci.statements().stream().anyMatch(st -> st.shapes().stream().anyMatch(SqlFacts::isWrite));
        }
        ResolvedType recv = ci.target().receiverType();
        boolean anyBody = false;
        for (MethodRef t : ci.target().targets()) {
            if (t.method().hasBody()) {
                anyBody = true;
                if (methodWritesDatabase(t)) {
                    return true;
                }
            }
        }
        if (anyBody) {
            return false;
        }
        TypeEntry te = index.typeOf(recv).orElse(null);
        return te != null && isDataAccess(te) && Catalog.any(DB_WRITE_NAMES, c.name());
    }

    /** True when some call in {@code m}'s body writes to the database ({@link #writesDatabase}). Cached. */
    public boolean methodWritesDatabase(MethodRef m) {
        Boolean b = writesDb.get(m.method());
        if (b != null) {
            return b;
        }
        if (!m.method().hasBody() || !writesDbInProgress.add(m.method()) || writesDbInProgress.size() > MAX_DEPTH) {
            writesDbInProgress.remove(m.method());
            return false;
        }
        boolean out = false;
        try {
            for (CallSite c : m.method().body().calls()) {
                if (writesDatabase(m, c)) {
                    out = true;
                    break;
                }
            }
        } finally {
            writesDbInProgress.remove(m.method());
        }
        writesDb.put(m.method(), out);
        return out;
    }

    private static final java.util.regex.Pattern COLLECTION_LITERAL = java.util.regex.Pattern.compile(
            "^(?:java\\.util\\.)?(?:List|Set|Arrays|Stream|ImmutableList|ImmutableSet|Lists|Sets)\\s*\\.\\s*"
                    + "(?:of|asList|newArrayList|newHashSet)\\s*\\((.*)\\)\\s*(?:\\.\\s*(?:stream|parallelStream)\\(\\))?$",
            java.util.regex.Pattern.DOTALL);
    private static final java.util.regex.Pattern ARRAY_LITERAL = java.util.regex.Pattern.compile(
            "^(?:new\\s+[\\w.<>]+\\s*\\[\\s*]\\s*)?\\{(.*)}$", java.util.regex.Pattern.DOTALL);

    /**
     * True when {@code loop} iterates a fixed tiny collection written in the code: {@code List.of(a, b)},
     * {@code Set.of(..)}, {@code Arrays.asList(..)} or {@code Stream.of(..)} with at most {@code max} elements, or an
     * array initializer ({@code new String[]{..}}, {@code {..}}), directly or through a local initialised with one.
     * Such a loop is a fixed number of steps, not a batch of work items.
     */
    public boolean loopOverLiteral(MethodRef m, LoopFact loop, int max) {
        if (literal(loop.iterable(), max)) {
            return true;
        }
        String it = loop.iterable().trim();
        LocalVar lv = m.method().body().locals().get(it);
        if (lv == null && it.matches("\\w+\\s*\\.\\s*(?:stream|parallelStream)\\(\\)")) {
            lv = m.method().body().locals().get(it.substring(0, it.indexOf('.')).trim());
        }
        if (lv == null && loop.kind().startsWith("lambda:")) {
            // the iterable of a forEach lambda is the receiver of the call it is passed to: ids.forEach(..)
            Receiver r = iteratingReceiver(m, loop);
            if (r != null && r.kind() != Receiver.Kind.NONE) {
                String rt = r.text().trim();
                if (literal(rt, max)) {
                    return true;
                }
                String base = rt.replaceAll("\\s*\\.\\s*(?:stream|parallelStream)\\(\\)$", "");
                lv = m.method().body().locals().get(base);
            }
        }
        return lv != null && lv.initText() != null && literal(lv.initText(), max);
    }

    /** For a lambda loop ({@code xs.forEach(x -> ..)}): the receiver of the call the lambda is passed to. */
    private static Receiver iteratingReceiver(MethodRef m, LoopFact loop) {
        Body body = m.method().body();
        String owner = loop.kind().substring("lambda:".length());
        for (LambdaFact lf : body.lambdas()) {
            if (lf.params().equals(loop.vars()) && lf.ownerCallId() >= 0) {
                CallSite oc = body.calls().get(lf.ownerCallId());
                if (oc.name().equals(owner) && oc.range().line() <= loop.range().line()
                        && oc.range().endLine() >= loop.range().endLine()) {
                    return oc.receiver();
                }
            }
        }
        return null;
    }

    private static boolean literal(String text, int max) {
        String t = text.trim();
        java.util.regex.Matcher a = ARRAY_LITERAL.matcher(t);
        if (a.matches()) {
            return true;
        }
        java.util.regex.Matcher c = COLLECTION_LITERAL.matcher(t);
        if (!c.matches()) {
            return false;
        }
        String inner = c.group(1).trim();
        if (inner.isEmpty()) {
            return true;
        }
        int depth = 0;
        int n = 1;
        for (int i = 0; i < inner.length(); i++) {
            char ch = inner.charAt(i);
            if (ch == '(' || ch == '[' || ch == '{' || ch == '<') {
                depth++;
            } else if (ch == ')' || ch == ']' || ch == '}' || ch == '>') {
                depth--;
            } else if (ch == ',' && depth == 0) {
                n++;
            }
        }
        return n <= max;
    }

    /** Where a transaction declaration applies to a method from. */
    public enum TxSource {
        METHOD, CLASS, INTERFACE_METHOD, INTERFACE
    }

    /**
     * The declaration that governs {@code m}'s transaction, as Spring applies it: the annotation on the method; else
     * the one on its class (for non-private, non-static methods: Spring 6 proxies public, protected and
     * package-private methods); else the one on the interface method it implements; else the one on that interface.
     * Matches the catalog's transaction annotations by simple name (Spring's, {@code jakarta.transaction} and
     * {@code javax.transaction} {@code @Transactional}). Null when none applies, and for private and static methods
     * (no proxy intercepts them). Meta-annotations (a custom annotation carrying {@code @Transactional}) are not
     * followed.
     */
    public TxDeclaration transactionDeclaration(MethodRef m) {
        MethodFacts mf = m.method();
        if ("private".equals(mf.visibility()) || mf.isStatic() || "<init>".equals(mf.name())) {
            return null;
        }
        AnnotationFact a = txAnnotation(mf.annotations());
        if (a != null) {
            return new TxDeclaration(a, TxSource.METHOD, m.type().fqn());
        }
        a = txAnnotation(m.type().annotations());
        if (a != null) {
            return new TxDeclaration(a, TxSource.CLASS, m.type().fqn());
        }
        for (ResolvedType s : index.allSupertypes(m.owner())) {
            TypeEntry st = index.typeOf(s).orElse(null);
            if (st == null) {
                continue;
            }
            for (MethodRef im : index.findMethods(st, mf.name(), mf.arity())) {
                if (im.type() == st.type()) {
                    AnnotationFact ia = txAnnotation(im.method().annotations());
                    if (ia != null) {
                        return new TxDeclaration(ia, st.type().isInterface() ? TxSource.INTERFACE_METHOD
                                : TxSource.CLASS, st.fqn());
                    }
                }
            }
            if (st.type().isInterface() && !index.findMethods(st, mf.name(), mf.arity()).isEmpty()) {
                AnnotationFact ta = txAnnotation(st.type().annotations());
                if (ta != null) {
                    return new TxDeclaration(ta, TxSource.INTERFACE, st.fqn());
                }
            }
        }
        return null;
    }

    private AnnotationFact txAnnotation(List<AnnotationFact> as) {
        for (AnnotationFact a : as) {
            if (catalog.transactionAnnotations().contains(a.simpleName())) {
                return a;
            }
        }
        return null;
    }

    /**
     * A transaction declaration and what it says.
     *
     * @param annotation the annotation
     * @param source     where it was found
     * @param owner      the type that carries it
     */
    public record TxDeclaration(AnnotationFact annotation, TxSource source, String owner) {

        /** The propagation as written, upper case without the enum prefix ("REQUIRES_NEW"), or "REQUIRED". */
        public String propagation() {
            String p = annotation.value("propagation");
            if (p == null) {
                // JTA: @Transactional(TxType.REQUIRES_NEW) or (value = TxType.REQUIRES_NEW)
                String v = annotation.value("value");
                if (v != null && v.contains("TxType")) {
                    p = v;
                }
            }
            if (p == null) {
                return "REQUIRED";
            }
            String t = p.trim();
            int i = t.lastIndexOf('.');
            return (i < 0 ? t : t.substring(i + 1)).trim().toUpperCase(Locale.ROOT);
        }

        /** {@code readOnly = true}. */
        public boolean readOnly() {
            String r = annotation.value("readOnly");
            return r != null && r.trim().equals("true");
        }

        /** True when the method runs in a read-write transaction: not read-only, not NOT_SUPPORTED/NEVER/SUPPORTS. */
        public boolean startsWriteTransaction() {
            String p = propagation();
            return !readOnly() && !p.equals("NOT_SUPPORTED") && !p.equals("NEVER") && !p.equals("SUPPORTS");
        }
    }
}
