package io.idemcheck.core.summary;

import io.idemcheck.core.catalog.Vocabulary;
import io.idemcheck.core.catalog.Catalog;
import io.idemcheck.core.facts.AnnotationFact;
import io.idemcheck.core.facts.Arg;
import io.idemcheck.core.facts.Body;
import io.idemcheck.core.facts.CallSite;
import io.idemcheck.core.facts.LocalVar;
import io.idemcheck.core.facts.Receiver;
import io.idemcheck.core.facts.TypeRef;
import io.idemcheck.core.index.CallTarget;
import io.idemcheck.core.index.MethodRef;
import io.idemcheck.core.index.ProjectIndex;
import io.idemcheck.core.index.ResolvedType;
import io.idemcheck.core.index.TypeEntry;
import io.idemcheck.core.sql.SqlClassifier;
import io.idemcheck.core.sql.SqlFacts;
import io.idemcheck.core.sql.SqlModel;
import io.idemcheck.core.sql.SqlStatement;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import static io.idemcheck.core.summary.Dataflow.roots;
import static io.idemcheck.core.summary.Sites.simple;

/**
 * Classifier: the SQL statements a call runs. The called mapper method's SQL (XML or annotation), a JDBC string
 * (also through {@code prepareStatement}), a MyBatis-Plus update wrapper chain, a MyBatis Generator example, a
 * Spring Data derived query, or an entity update whose SET columns are the setters called on the entity before it.
 * An empty list means no SQL is visible for the call. Lower layer; stateless.
 */
final class CallSql {

    private final ProjectIndex index;
    private final Catalog catalog;
    private final SqlClassifier sql;
    private final SqlModel model;
    private final DataAccess dataAccess;

    CallSql(ProjectIndex index, SqlModel model, DataAccess dataAccess) {
        this.index = index;
        this.catalog = index.catalog();
        this.sql = model.classifier();
        this.model = model;
        this.dataAccess = dataAccess;
    }

    private static final Pattern DERIVED = Pattern.compile(
            "(find|read|get|query|search|stream|count|exists|delete|remove)(First\\d*|Top\\d*|Distinct|All)?By([A-Z].*)");
    private static final Pattern EXAMPLE_CRITERION = Pattern.compile(
            "and([A-Z][A-Za-z0-9]*?)(EqualTo|NotEqualTo|In|NotIn|IsNull|IsNotNull|GreaterThan|GreaterThanOrEqualTo|"
                    + "LessThan|LessThanOrEqualTo|Between|NotBetween|Like|NotLike)");

    /**
     * The statements a call runs: the called mapper method's SQL (XML or annotation), a JDBC string, a MyBatis-Plus
     * update wrapper chain, a MyBatis Generator example, or an entity update whose columns are the setters called on
     * the entity before it.
     */
    List<SqlStatement> statementsOf(MethodRef m, CallSite c, CallTarget t) {
        if (t.declared() != null) {
            // a SQL-object method inherited from a base DAO runs the statement of the receiver's own template group
            List<SqlStatement> declared = t.receiverType().isProject()
                    && !t.receiverType().name().equals(t.declared().owner().fqn())
                    ? model.statementsFor(t.receiverType().name(), c.name()) : List.of();
            if (declared.isEmpty()) {
                declared = model.statementsFor(t.declared());
            }
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
        boolean dataAccess = recvType != null && this.dataAccess.isDataAccess(recvType)
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
            List<String> values = new ArrayList<>();
            List<String> where = new ArrayList<>();
            for (CallSite w : chain) {
                String col = w.args().isEmpty() ? null : columnOf(w.args().get(0));
                if (col == null) {
                    continue;
                }
                if (w.name().equals("set")) {
                    set.add(col);
                    if (catalog.isStatusColumn(col)) {
                        values.add(w.args().size() == 2 ? valueOf(w.args().get(1)) : "?");
                    }
                } else if (catalog.terms(Vocabulary.WRAPPER_WHERE_METHODS).has(w.name())) {
                    where.add(col);
                }
            }
            if (!c.args().isEmpty() && c.name().equals("update")) {
                set.addAll(setterColumns(m, c, c.args().get(0).text(), values));
            }
            if (!set.isEmpty() || !where.isEmpty()) {
                return List.of(callStatement(SqlStatement.Source.MYBATIS_PLUS_WRAPPER, m, c,
                        updateFacts(entityTable, set, where, values, "wrapper")));
            }
        }
        // MyBatis Generator: updateByExample(Selective)(record, example)
        if (c.name().startsWith("updateByExample") && c.args().size() >= 2) {
            String ex = c.args().get(1).text();
            List<String> where = new ArrayList<>();
            for (CallSite x : body.calls()) {
                Matcher mm = EXAMPLE_CRITERION.matcher(x.name());
                if (x.id() < c.id() && mm.matches() && rootedAt(m, x, ex)) {
                    where.add(SqlModel.snake(decap(mm.group(1))));
                }
            }
            List<String> values = new ArrayList<>();
            List<String> set = setterColumns(m, c, c.args().get(0).text(), values);
            return List.of(callStatement(SqlStatement.Source.MYBATIS_GENERATOR_EXAMPLE, m, c,
                    updateFacts(entityTable, set, where, values, "example")));
        }
        // Spring Data derived queries: findByStatus, deleteByStatusAndCreatedBefore, ...
        Matcher dq = DERIVED.matcher(c.name());
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
        // deletes of one row by its key: MyBatis-Plus deleteById/removeById, MyBatis Generator deleteByPrimaryKey,
        // Spring Data deleteById and delete(entity) (a wrapper delete is handled above)
        if (c.args().size() == 1 && (c.name().equals("deleteById") || c.name().equals("removeById")
                || c.name().equals("deleteByPrimaryKey")
                || (c.name().equals("delete") || c.name().equals("remove")) && !wrapperArg(m, c.args().get(0)))) {
            SqlFacts f = new SqlFacts(SqlFacts.Kind.DELETE, entityTable, List.of(), List.of("id"), false, false,
                    "DELETE FROM " + entityTable + " WHERE id = ? -- " + c.name() + "()", null);
            return List.of(callStatement(SqlStatement.Source.DERIVED_QUERY, m, c, f));
        }
        // entity updates: updateById(e), updateByPrimaryKey(Selective)(e), JPA save(e) of a loaded entity
        if ((c.name().equals("updateById") || c.name().startsWith("updateByPrimaryKey")
                || c.name().equals("save") || c.name().equals("saveAndFlush")) && !c.args().isEmpty()) {
            return entitySave(m, c, recvType);
        }
        return List.of();
    }

    /** True when {@code a} is a query wrapper or criteria object (a delete by condition, not of one entity). */
    private static boolean wrapperArg(MethodRef m, io.idemcheck.core.facts.Arg a) {
        StringBuilder text = new StringBuilder(a.text());
        io.idemcheck.core.facts.LocalVar lv = m.method().body().locals().get(a.text());
        if (lv != null) {
            text.append(' ').append(lv.initText() == null ? "" : lv.initText()).append(' ')
                    .append(lv.type() == null ? "" : lv.type().text());
        }
        return text.toString().matches("(?s).*(Wrapper|Query|Criteria|Example|Specification|lambda|wrapper).*");
    }

    /** An entity update: the columns are the setters called on the entity before; fenced when it has a version. */
    private List<SqlStatement> entitySave(MethodRef m, CallSite c, TypeEntry recvType) {
        String x = c.args().get(0).text();
        List<String> values = new ArrayList<>();
        List<String> set = setterColumns(m, c, x, values);
        if (set.isEmpty() && c.name().startsWith("save")) {
            SqlStatement cascaded = cascadedSave(m, c, x);
            if (cascaded != null) {
                return List.of(cascaded);
            }
        }
        // an update by primary key of an entity built in place (Alert a = new Alert(); a.setId(id);
        // a.setAlertStatus(..); mapper.updateById(a)) writes the columns set on it to the row with that id; a save
        // of a fresh entity is an insert
        boolean byKey = c.name().equals("updateById") || c.name().startsWith("updateByPrimaryKey");
        if (set.isEmpty() || isFreshEntity(m, x) && !(byKey && set.contains("id"))) {
            return List.of();
        }
        if (byKey) {
            set = new ArrayList<>(set);
            set.remove("id");
        }
        List<String> where = new ArrayList<>(List.of("id"));
        if (versioned(m, x)) {
            where.add("version");
        }
        return List.of(callStatement(SqlStatement.Source.ENTITY_SAVE, m, c,
                updateFacts(recvType == null ? "?" : entityTable(recvType), set, where, values, "entity")));
    }

    /**
     * A JPA save of an aggregate reached from a loaded entity ({@code Link link = payment.getLink();
     * payment.setStatus(..); linkRepository.save(link)}) whose relation to the entity's type cascades merges (a
     * catalogued relation annotation with {@code cascade} ALL or MERGE): the save writes the columns set on the
     * entity to its row, by its id (and its version when it has one). Null when {@code x} is not such an aggregate or
     * nothing was set on the entity.
     */
    private SqlStatement cascadedSave(MethodRef m, CallSite c, String x) {
        LocalVar lv = m.method().body().locals().get(x);
        Matcher from = lv == null || lv.initText() == null ? null : AGGREGATE_GETTER.matcher(lv.initText().trim());
        if (from == null || !from.matches()) {
            return null;
        }
        String child = from.group(1);
        TypeEntry parentType = typeOfVariable(m, x);
        TypeEntry childType = typeOfVariable(m, child);
        if (parentType == null || childType == null || !cascadesTo(parentType, childType)) {
            return null;
        }
        List<String> values = new ArrayList<>();
        List<String> set = setterColumns(m, c, child, values);
        if (set.isEmpty() || isFreshEntity(m, child)) {
            return null;
        }
        List<String> where = new ArrayList<>(List.of("id"));
        if (versioned(m, child)) {
            where.add("version");
        }
        return callStatement(SqlStatement.Source.ENTITY_SAVE, m, c, updateFacts(
                SqlModel.tableOfEntity(childType.type().simpleName(), index), set, where, values,
                "entity " + child + ", cascaded by the save of " + x));
    }

    /**
     * The UPDATE that JPA's dirty checking runs at commit for status setter {@code p} on a managed entity that no
     * explicit save writes (the caller has decided that with {@link JobShapes#dirtyStatusWrite}): the setter's column
     * of the entity's table, by its id, fenced on the version when the entity has an optimistic-lock field; reported
     * at the setter, as an entity save is at its save call.
     */
    SqlStatement dirtyWrite(MethodRef m, CallSite p) {
        String x = p.receiver().name();
        TypeEntry te = typeOfVariable(m, x);
        String col = SqlModel.snake(decap(p.name().substring(3)));
        List<String> where = new ArrayList<>(List.of("id"));
        if (versioned(m, x)) {
            where.add("version");
        }
        List<String> values = catalog.isStatusColumn(col) ? List.of(valueOf(p.args().get(0))) : List.of();
        return callStatement(SqlStatement.Source.ENTITY_SAVE, m, p, updateFacts(
                te == null ? "?" : SqlModel.tableOfEntity(te.type().simpleName(), index), List.of(col), where, values,
                "dirty checking of the managed entity " + x + " at commit"));
    }

    /** {@code y.getZ()}: the aggregate an entity variable {@code y} belongs to, read through its getter. */
    private static final Pattern AGGREGATE_GETTER = Pattern.compile("([A-Za-z_$][\\w$]*)\\.get[A-Z][\\w$]*\\(\\)");

    /** The project type a local, parameter or field is declared with, or null. */
    private TypeEntry typeOfVariable(MethodRef m, String var) {
        TypeRef tr = index.variableType(m, var, false).orElse(null);
        return tr == null ? null : index.typeOf(index.resolveType(tr.name(), m.file(), m.type())).orElse(null);
    }

    /** A field of {@code parent} holding {@code child}s under a cascading relation (cascade ALL or MERGE). */
    private boolean cascadesTo(TypeEntry parent, TypeEntry child) {
        String name = child.type().simpleName();
        for (var f : parent.type().fields().entrySet()) {
            TypeRef t = f.getValue();
            if (!(t.simpleName().equals(name) || t.typeArgs().stream().anyMatch(a -> simple(a).equals(name)))) {
                continue;
            }
            for (AnnotationFact a : parent.type().fieldAnnotations().getOrDefault(f.getKey(), List.of())) {
                String cascade = a.values().getOrDefault("cascade", "");
                if (catalog.terms(Vocabulary.CASCADING_RELATION_ANNOTATIONS).has(a.simpleName())
                        && cascade.matches("(?s).*\\b(ALL|MERGE)\\b.*")) {
                    return true;
                }
            }
        }
        return false;
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
        List<String> values = new ArrayList<>();
        List<String> set = setterColumns(m, c, x, values);
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
                SqlFacts narrowed = updateFacts(f.table(), set, f.whereColumns(), values, "record's setters");
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

    /**
     * The UPDATE a call amounts to. {@code statusValues} are the values written to status columns, as
     * {@link #valueOf} reads them (as the SQL classifier keeps them for a statement), so that a conditional move to a
     * terminal state reads as a fenced completion, not a claim ({@link SqlFacts#claims}).
     */
    private SqlFacts updateFacts(String table, List<String> set, List<String> where, List<String> statusValues,
                                 String what) {
        boolean statusWrite = set.stream().anyMatch(catalog::isStatusColumn);
        boolean conditional = statusWrite && where.stream()
                .anyMatch(col -> catalog.isStatusColumn(col) || catalog.isFencingColumn(col));
        return new SqlFacts(SqlFacts.Kind.UPDATE, table, set, where, statusWrite, conditional,
                "UPDATE " + table + " SET " + String.join(", ", set) + " WHERE " + String.join(" AND ", where)
                        + " -- from the " + what, null, statusValues);
    }

    /**
     * A status value as written in Java, as the SQL classifier reads a literal in SQL: a compile-time string ("DONE")
     * or a number; "?" for anything else (a variable, a parameter, an enum constant), which like a SQL parameter may
     * be any state. Enum constants ({@code TaskStatus.DONE.name()}) are not read: IDEM003's convergesToCheckedState
     * would then excuse a write of the very state its guard names (lilishop payOrder's PAID), a true finding.
     */
    static String valueOf(Arg a) {
        if (a.stringValue() != null) {
            return a.stringValue();
        }
        String t = a.text().trim();
        if (t.matches("-?\\d+[lL]?")) {
            return t.replaceAll("[lL]$", "");
        }
        return "?";
    }

    private String entityTable(TypeEntry mapper) {
        if (mapper == null) {
            return "?";
        }
        for (ResolvedType s : index.allSupertypes(mapper)) {
            // BaseMapper<Task>: the type argument names the entity; ServiceImpl<TaskMapper, Task>: the first type
            // argument that is no data-access type itself (the mapper) does
            for (TypeRef tr : mapper.type().supertypes()) {
                for (String arg : tr.typeArgs()) {
                    if (!isDataAccessName(mapper, arg)) {
                        return SqlModel.tableOfEntity(simple(arg), index);
                    }
                }
            }
        }
        String n = mapper.type().simpleName().replaceAll("(Mapper|Dao|DAO|Repository|Repo|Service)$", "");
        return SqlModel.tableOfEntity(n, index);
    }

    /** True when type name {@code arg}, as written in {@code in}'s declaration, is a project data-access type. */
    private boolean isDataAccessName(TypeEntry in, String arg) {
        ResolvedType rt = index.resolveType(arg, in.file(), in.type());
        return index.typeOf(rt).filter(dataAccess::isDataAccess).isPresent();
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

    /**
     * Columns set on entity variable {@code x} before {@code c}: {@code x.setStatus(..)} gives "status". The values
     * set on status columns since {@code x} was last handed to a call (as {@link #valueOf} reads them) go to
     * {@code statusValues}.
     */
    private List<String> setterColumns(MethodRef m, CallSite c, String x, List<String> statusValues) {
        List<String> out = new ArrayList<>();
        List<String> values = new ArrayList<>();
        for (CallSite p : m.method().body().calls()) {
            if (p.id() >= c.id()) {
                break;
            }
            if (p.args().stream().anyMatch(a -> a.text().trim().equals(x))) {
                values.clear(); // x handed to an earlier save or update: what was set before it is written there
            }
            if (p.receiver().kind() == Receiver.Kind.NAME && x.equals(p.receiver().name()) && p.name().length() > 3
                    && p.name().startsWith("set") && p.argCount() == 1) {
                String col = SqlModel.snake(decap(p.name().substring(3)));
                out.add(col);
                if (catalog.isStatusColumn(col)) {
                    values.add(valueOf(p.args().get(0))); // every branch's value: they may exclude each other
                }
            }
        }
        values.stream().distinct().forEach(statusValues::add);
        return out;
    }

    /** A local built in this method with {@code new} or a builder: saving it inserts, it does not transition. */
    static boolean isFreshEntity(MethodRef m, String var) {
        LocalVar lv = m.method().body().locals().get(var);
        return lv != null && lv.initText() != null
                && (lv.initText().startsWith("new ") || lv.initText().contains(".builder()"));
    }

    private boolean versioned(MethodRef m, String var) {
        TypeRef tr = index.variableType(m, var, false).orElse(null);
        if (tr == null) {
            return false;
        }
        ResolvedType rt = index.resolveType(tr.name(), m.file(), m.type());
        TypeEntry te = index.typeOf(rt).orElse(null);
        // only an optimistic-lock field (@Version, MyBatis-Plus or JPA) adds "AND version = ?"; a plain field named
        // version (a definition's version number) is written like any other column
        return te != null && te.type().fields().keySet().stream().anyMatch(f -> te.type().fieldHas(f, "Version"));
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
        if (!catalog.terms(Vocabulary.JDBC_EXECUTE_CALLS).has(c.name())
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
            if (id < c.id() && catalog.terms(Vocabulary.JDBC_PREPARE_CALLS).has(p.name())
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
        if (!catalog.terms(Vocabulary.JDBC_SQL_TYPES).has(recv.simpleName())) {
            return null;
        }
        if (c.args().isEmpty() || !catalog.terms(Vocabulary.JDBC_SQL_CALLS).has(c.name())) {
            return null;
        }
        String text = c.args().get(0).stringValue();
        return text == null ? null : sql.classify(text);
    }
}
