package io.idemcheck.rules;

import io.idemcheck.core.catalog.Catalog;
import io.idemcheck.core.catalog.Vocabulary;
import io.idemcheck.core.model.Project;
import io.idemcheck.core.facts.Arg;
import io.idemcheck.core.facts.CallSite;
import io.idemcheck.core.facts.LocalVar;
import io.idemcheck.core.facts.LoopFact;
import io.idemcheck.core.facts.MethodFacts;
import io.idemcheck.core.facts.Receiver;
import io.idemcheck.core.facts.TypeRef;
import io.idemcheck.core.finding.Fix;
import io.idemcheck.core.finding.Location;
import io.idemcheck.core.finding.Severity;
import io.idemcheck.core.index.MethodRef;
import io.idemcheck.core.index.ResolvedType;
import io.idemcheck.core.index.TypeEntry;
import io.idemcheck.core.rule.Rule;
import io.idemcheck.core.rule.RuleContext;
import io.idemcheck.core.rule.RuleInfo;
import io.idemcheck.core.rule.RuleTrace;
import io.idemcheck.core.schema.EntitySchema;
import io.idemcheck.core.schema.Schema;
import io.idemcheck.core.schema.Table;
import io.idemcheck.core.schema.UniqueKey;
import io.idemcheck.core.source.SourceText;
import io.idemcheck.core.sql.SqlFacts;
import io.idemcheck.core.sql.SqlStatement;
import io.idemcheck.core.summary.CallInfo;
import io.idemcheck.core.summary.Semantics;
import io.idemcheck.core.summary.StatusRows;
import io.idemcheck.rules.fix.Recipes;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * IDEM011: a table that a job's side effect inserts into (an order, a charge, a ledger entry, a notification or a
 * "to send" row) has no unique constraint but its surrogate primary key, in the schema the project declares. Nothing
 * in the database stops a restarted or overlapping run from inserting the same business row again. Only tables whose
 * schema is visible (DDL, Flyway, Liquibase, entity annotations); "a job inserts" means an INSERT or upsert of the SQL
 * model, or a MyBatis-Plus {@code insert(entity)} / JPA {@code save(new Entity)} / {@code persist}, run by code
 * reachable from a job entry point or inside a loop over selected rows. Reported once per table, at its CREATE TABLE
 * (or the entity class), with the inserts as related locations and the DDL of a unique key as the fix.
 */
@RuleInfo(id = "IDEM011", name = "MissingUniqueBusinessKey",
        summary = "A table a job inserts into has no unique business key, so a re-run inserts the same row again",
        severity = Severity.WARNING, tags = {"idempotency", "schema", "batch"}, precision = "medium")
public final class MissingUniqueBusinessKey implements Rule {

    private static final Pattern VERSIONED = Pattern.compile("V(\\d+)(?:[._]\\d+)*__.*\\.sql");

    /**
     * A table that appends by design (a row per run or per attempt is what it is for): its lower-cased name is one of
     * the catalog's {@code appendOnlyTableWords} or ends with {@code _} and one ({@code payment_log}), or starts with
     * one of {@code appendOnlyTablePrefixes} and {@code _} ({@code audit_order}).
     */
    static boolean appendOnly(Catalog catalog, String table) {
        String n = table.toLowerCase(Locale.ROOT);
        for (String w : catalog.terms(Vocabulary.APPEND_ONLY_TABLE_WORDS).values()) {
            if (n.equals(w) || n.endsWith("_" + w)) {
                return true;
            }
        }
        for (String w : catalog.terms(Vocabulary.APPEND_ONLY_TABLE_PREFIXES).values()) {
            if (n.startsWith(w + "_")) {
                return true;
            }
        }
        return false;
    }

    /**
     * A table whose rows are runs or queued commands (a command queue the scheduler consumes, a workflow's run
     * history): its lower-cased name is one of the catalog's {@code runTableWords} or ends with {@code _} and one
     * ({@code t_ds_command}, {@code t_ds_workflow_instance}). Each insert is a new run by design; no column set
     * dedupes a re-trigger.
     */
    static boolean runTable(Catalog catalog, String table) {
        String n = table.toLowerCase(Locale.ROOT);
        for (String w : catalog.terms(Vocabulary.RUN_TABLE_WORDS).values()) {
            if (n.equals(w) || n.endsWith("_" + w)) {
                return true;
            }
        }
        return false;
    }

    /**
     * One insert into a table, run by job code.
     *
     * @param generated the columns whose value the insert generates (a snowflake number, a random id)
     */
    private record Insert(MethodRef method, CallSite call, String table, List<String> columns, Set<String> generated,
                          String what, Location statement, String why) {
    }

    @Override
    public void check(RuleContext ctx) {
        Project project = ctx.project();
        if (project.schema().isEmpty()) {
            return;
        }
        Map<String, List<Insert>> byTable = inserts(ctx);
        Map<String, List<String>> migrations = new LinkedHashMap<>(); // folder -> file names, with the new ones
        for (Map.Entry<String, List<Insert>> e : byTable.entrySet()) {
            Table t = project.schema().table(e.getKey());
            List<String> key = new ArrayList<>();
            if (spared(project, t, e.getValue(), key) == null) {
                report(ctx, project, t, e.getValue(), key, migrations);
            }
        }
    }

    @Override
    public void explain(RuleContext ctx, MethodRef m, RuleTrace trace) {
        Project project = ctx.project();
        if (project.schema().isEmpty()) {
            trace.missing(0, "the project", "a visible schema: the scan holds no DDL, migration, Liquibase changelog "
                    + "or entity mapping, so no table's keys can be read");
            return;
        }
        if (m.file().test()) {
            trace.missing(0, "the method", "main code: this is test code");
            return;
        }
        // the rule decides per table, over every insert of the project: collect them, then read this method's
        for (Map.Entry<String, List<Insert>> e : inserts(ctx).entrySet()) {
            List<Insert> here = e.getValue().stream().filter(i -> i.method().equals(m)).toList();
            if (here.isEmpty()) {
                continue;
            }
            Table t = project.schema().table(e.getKey());
            for (Insert i : here) {
                trace.held(i.call().range().line(), Semantics.display(i.call()), i.what() + ": it " + i.why());
            }
            Insert first = here.get(0);
            List<String> key = new ArrayList<>();
            String spared = spared(project, t, e.getValue(), key);
            if (spared != null) {
                trace.missing(first.call().range().line(), Semantics.display(first.call()), "a table without a "
                        + "unique business key: " + spared);
            } else {
                trace.note(first.call().range().line(), Semantics.display(first.call()), t.name() + " has no unique "
                        + "key but its surrogate primary key (business key " + String.join(", ", key) + "); reported "
                        + "at the table's schema, " + t.relPath() + ":" + t.line());
            }
        }
        if (!trace.isEmpty() && trace.steps().stream().noneMatch(st -> st.kind() == RuleTrace.Kind.MISSING)) {
            trace.missing(0, "the method", "a finding located here: the rule reports a table at its schema, not at "
                    + "the inserts");
        } else if (trace.isEmpty()) {
            trace.missing(0, "the method", "an insert run by job code into a table whose schema is visible: none ("
                    + noInsertReason(project, m) + ")");
        }
    }

    /** Which condition of an insert run by job code failed for {@code m}, which has none: said for this method. */
    private static String noInsertReason(Project project, MethodRef m) {
        Semantics sem = project.semantics();
        boolean job = sem.reachableFromEntryPoints().contains(m.method());
        String runs = job ? "it runs unattended" : "it is not reachable from a job entry point";
        if (!m.method().hasBody()) {
            return runs + "; it has no body: an insert in its SQL is read at the methods that call it";
        }
        Set<String> declared = new LinkedHashSet<>();
        Set<String> undeclared = new LinkedHashSet<>();
        List<CallInfo> infos = sem.calls(m);
        for (CallSite c : m.method().body().calls()) {
            for (SqlStatement st : infos.get(c.id()).statements()) {
                for (SqlFacts f : st.shapes()) {
                    if (f.kind() == SqlFacts.Kind.INSERT || f.kind() == SqlFacts.Kind.UPSERT) {
                        (project.schema().table(f.table()) != null ? declared : undeclared).add(Schema.norm(f.table()));
                    }
                }
            }
        }
        if (declared.isEmpty() && undeclared.isEmpty()) {
            return runs + ", but none of its calls runs an INSERT or upsert";
        }
        if (declared.isEmpty()) {
            return runs + "; it inserts into " + String.join(", ", undeclared) + ", which no schema in the scan "
                    + "declares";
        }
        return job ? "its inserts into " + String.join(", ", declared) + " replace rows or are not new rows"
                : runs + " and it inserts into " + String.join(", ", declared) + " in no loop over rows selected by "
                        + "status";
    }

    /**
     * Why table {@code t}, inserted into by {@code inserts}, is not reported (it has a unique business key, it
     * appends by design, it holds runs, no inserted column makes a business key), or null when it is; then
     * {@code key} holds the business key to propose.
     */
    private static String spared(Project project, Table t, List<Insert> inserts, List<String> key) {
        if (t == null) {
            return "its schema is not visible";
        }
        if (!t.businessKeys().isEmpty()) {
            return t.name() + " has a unique key on " + String.join(", ", t.businessKeys().get(0).columns());
        }
        if (appendOnly(project.catalog(), t.name())) {
            return t.name() + " appends by design (a log, history or audit table: catalog appendOnlyTableWords, "
                    + "appendOnlyTablePrefixes)";
        }
        if (runTable(project.catalog(), t.name())) {
            return t.name() + " holds runs or queued commands (catalog runTableWords): each insert is a new run";
        }
        Set<String> cols = new LinkedHashSet<>();
        Set<String> generated = new LinkedHashSet<>();
        inserts.forEach(i -> {
            cols.addAll(i.columns());
            generated.addAll(i.generated());
        });
        String parent = BusinessKeys.parentColumn(project.catalog(), t, cols);
        if (parent != null) {
            return t.name() + " holds several rows per parent, keyed by " + parent + " (a child table: catalog "
                    + "childTableWords): they are written with the parent, whose key guards a repeat";
        }
        key.addAll(BusinessKeys.of(project.catalog(), cols, generated));
        return key.isEmpty() ? "no inserted column makes a business key (the values are generated, or none is "
                + "visible)" : null;
    }

    /** Every insert run by job code into a table the schema declares, by normalised table name. */
    private static Map<String, List<Insert>> inserts(RuleContext ctx) {
        Project project = ctx.project();
        Schema schema = project.schema();
        Semantics sem = project.semantics();
        Set<MethodFacts> jobs = sem.reachableFromEntryPoints();
        Map<String, List<Insert>> byTable = new LinkedHashMap<>();
        ctx.forEachMethod(project.index().methods(), m -> {
            if (m.file().test() || !m.method().hasBody()) {
                return;
            }
            boolean job = jobs.contains(m.method());
            List<CallInfo> infos = null;
            for (CallSite c : m.method().body().calls()) {
                String why = job ? "runs unattended (reachable from a job entry point)" : inStatusLoop(sem, m, c);
                if (why == null) {
                    continue;
                }
                if (infos == null) {
                    infos = sem.calls(m);
                }
                for (SqlStatement st : infos.get(c.id()).statements()) {
                    for (SqlFacts f : st.shapes()) {
                        if ((f.kind() == SqlFacts.Kind.INSERT || f.kind() == SqlFacts.Kind.UPSERT)
                                && schema.table(f.table()) != null && !replaces(sem, m, c, f.table(), null)) {
                            Location sl = new Location(st.relPath(), st.range().line(), Math.max(1, st.range().column()),
                                    Math.max(st.range().line(), st.range().endLine()), Math.max(1, st.range().endColumn()),
                                    "the " + (f.kind() == SqlFacts.Kind.UPSERT ? "upsert" : "INSERT") + " into "
                                            + Schema.norm(f.table()));
                            add(byTable, new Insert(m, c, Schema.norm(f.table()), f.setColumns(), Set.of(),
                                    (f.kind() == SqlFacts.Kind.UPSERT ? "upsert " : "INSERT INTO ")
                                            + Schema.norm(f.table()) + (f.setColumns().isEmpty() ? ""
                                            : " (" + String.join(", ", f.setColumns()) + ")"), sl, why));
                            break;
                        }
                    }
                }
                Insert ei = entityInsert(project, sem, m, c, why);
                if (ei != null && schema.table(ei.table()) != null && !replaces(sem, m, c, ei.table(), ei)) {
                    add(byTable, ei);
                }
            }
        });
        return byTable;
    }

    private static void add(Map<String, List<Insert>> byTable, Insert i) {
        List<Insert> l = byTable.computeIfAbsent(i.table(), k -> new ArrayList<>());
        if (l.stream().noneMatch(o -> o.call() == i.call() && o.method().method() == i.method().method())) {
            l.add(i);
        }
    }

    /**
     * For code no job entry point reaches (an external cron calling an endpoint): the insert runs once per row of a
     * loop over rows selected by their status ({@code selectByStatus("PENDING")}, a SELECT with a status predicate)
     * and takes its values from the row, the shape of a batch job. A loop over the rows a request names is not.
     */
    private static String inStatusLoop(Semantics sem, MethodRef m, CallSite c) {
        List<CallInfo> infos = sem.calls(m);
        Set<String> argRoots = sem.roots(m, argNames(c));
        for (int l : c.loopIds()) {
            LoopFact loop = m.method().body().loops().get(l);
            if (!sem.loopOverSelectedRows(m, loop) || loop.vars().stream().noneMatch(argRoots::contains)) {
                continue;
            }
            Set<String> names = sem.roots(m, loop.names());
            for (CallSite x : m.method().body().calls()) {
                if (x.loopIds().contains(l) && x.range().line() != loop.range().line()) {
                    continue;
                }
                boolean source = loop.iterable().contains(x.text()) || x.assignedTo() != null
                        && names.contains(x.assignedTo());
                if (source && selectsByStatus(sem.catalog(), x, infos.get(x.id()))) {
                    return "runs once per row selected by status (loop at line " + loop.range().line() + ")";
                }
            }
        }
        return null;
    }

    private static Set<String> argNames(CallSite c) {
        Set<String> out = new LinkedHashSet<>();
        for (Arg a : c.args()) {
            out.addAll(a.names());
        }
        return out;
    }

    /** The catalog's {@code statusWords}: as normalised column names (status, state), and in a method name. */
    private static final Set<String> STATUS_COLUMNS = Catalog.builtin().terms(Vocabulary.STATUS_WORDS).values().stream()
            .map(w -> w.toLowerCase(Locale.ROOT)).collect(java.util.stream.Collectors.toUnmodifiableSet());
    private static final Pattern STATUS_NAME = Catalog.builtin().terms(Vocabulary.STATUS_WORDS).regex("\\w*(%s)\\w*");

    /**
     * True when read call {@code x} selects rows by their status: its SQL's WHERE names a status column, its name holds
     * a status word (selectByStatus), or it is passed a state constant ("FAILED"). Shared with IDEM001.
     */
    static boolean selectsByStatus(Catalog cat, CallSite x, CallInfo ci) {
        if (ci.statements().stream().anyMatch(st -> st.shapes().stream().anyMatch(f -> f.kind() == SqlFacts.Kind.SELECT
                && (f.whereColumns().stream().anyMatch(cat::isStatusColumn)
                || StatusRows.selectsBy(f, col -> STATUS_COLUMNS.contains(StatusRows.norm(col)) || cat.isStatusColumn(col)))))) {
            return true;
        }
        return STATUS_NAME.matcher(x.name()).matches()
                || x.args().stream().anyMatch(a -> a.stringValue() != null && a.stringValue().matches("[A-Z_]{3,}"));
    }

    /**
     * True when the insert replaces rows instead of adding one: earlier in the method, and not in another branch, the
     * rows of the same table are deleted, by SQL ({@code DELETE FROM t ..}, also one call down) or by a delete-named
     * call on the same service or repository the insert uses ({@code goodsService.deleteByPromotion(id);
     * goodsService.save(goods)}). A re-run deletes and inserts again: one row, not two.
     */
    private static boolean replaces(Semantics sem, MethodRef m, CallSite c, String table, Insert entity) {
        List<CallInfo> infos = sem.calls(m);
        String t = Schema.norm(table);
        for (CallSite p : m.method().body().calls()) {
            if (p.id() >= c.id()) {
                break;
            }
            if (p.exclusiveWith(c)) {
                continue;
            }
            if (deletesFrom(infos.get(p.id()), t)) {
                return true;
            }
            for (MethodRef target : infos.get(p.id()).target().targets()) {
                if (target.method().hasBody() && sem.calls(target).stream().anyMatch(ci -> deletesFrom(ci, t))) {
                    return true;
                }
            }
            if (entity != null && !p.receiver().text().isEmpty() && p.receiver().text().equals(c.receiver().text())
                    && sem.catalog().terms(Vocabulary.IDEMPOTENT_EFFECT_METHODS).has(p.name())) {
                return true;
            }
        }
        return false;
    }

    private static boolean deletesFrom(CallInfo ci, String table) {
        return ci.statements().stream().anyMatch(st -> st.shapes().stream().anyMatch(f ->
                f.kind() == SqlFacts.Kind.DELETE && f.table() != null && Schema.norm(f.table()).equals(table)));
    }

    // ---- entity inserts -------------------------------------------------------------------------------------------

    /** MyBatis-Plus {@code insert(entity)}, JPA {@code save(new E)}/{@code saveAndFlush}, {@code EntityManager.persist}. */
    private static Insert entityInsert(Project project, Semantics sem, MethodRef m, CallSite c, String why) {
        if (!sem.catalog().terms(Vocabulary.ENTITY_INSERT_METHODS).has(c.name()) || c.args().size() != 1) {
            return null;
        }
        CallInfo ci = sem.calls(m).get(c.id());
        if (!ci.statements().isEmpty()) {
            return null; // the SQL model has the statement
        }
        ResolvedType recv = ci.target().receiverType();
        TypeEntry recvType = project.index().typeOf(recv).orElse(null);
        boolean em = recv.simpleName().equals("EntityManager") && c.name().equals("persist");
        if (!em && (recvType == null || !sem.isDataAccess(recvType)
                || ci.target().declared() != null && ci.target().declared().method().hasBody())) {
            return null;
        }
        Arg a = c.args().get(0);
        String var = a.text().strip();
        LocalVar lv = m.method().body().locals().get(var);
        boolean fresh = var.startsWith("new ") || lv != null && lv.initText() != null
                && (lv.initText().startsWith("new ") || lv.initText().contains(".builder()"));
        if ((c.name().startsWith("save")) && !fresh) {
            return null; // saving a loaded entity updates it
        }
        TypeEntry entity = entityType(project, m, var, recvType);
        if (entity == null) {
            return null;
        }
        EntityColumns.Written w = EntityColumns.of(project, m, c, var, var.startsWith("new ") ? var
                : lv != null ? lv.initText() : null, entity);
        String table = EntitySchema.tableOf(entity, project.index());
        return new Insert(m, c, table, w.columns(), w.generated(), Semantics.display(c) + " inserts a new "
                + entity.type().simpleName() + " into " + table, null, why);
    }

    private static TypeEntry entityType(Project project, MethodRef m, String var, TypeEntry recvType) {
        String typeName = null;
        Matcher nm = Pattern.compile("^new\\s+([\\w.]+)").matcher(var);
        if (nm.find()) {
            typeName = nm.group(1);
        } else {
            TypeRef tr = project.index().variableType(m, var, false).orElse(null);
            if (tr != null && !tr.isUnknown()) {
                typeName = tr.name();
            }
        }
        if (typeName != null) {
            ResolvedType rt = project.index().resolveType(typeName, m.file(), m.type());
            TypeEntry te = project.index().typeOf(rt).orElse(null);
            if (te != null && EntitySchema.isEntity(te.type())) {
                return te;
            }
        }
        if (recvType != null) {
            for (TypeRef s : recvType.type().supertypes()) {
                if (!s.typeArgs().isEmpty()) {
                    ResolvedType rt = project.index().resolveType(s.typeArgs().get(0), recvType.file(), recvType.type());
                    TypeEntry te = project.index().typeOf(rt).orElse(null);
                    if (te != null && EntitySchema.isEntity(te.type())) {
                        return te;
                    }
                }
            }
        }
        return null;
    }

    // ---- the finding ----------------------------------------------------------------------------------------------

    private void report(RuleContext ctx, Project project, Table t, List<Insert> inserts, List<String> key,
                        Map<String, List<String>> migrations) {
        UniqueKey pk = t.primaryKey();
        String keyText = String.join(", ", key);
        String name = constraintName(t.name(), key);
        Insert first = inserts.get(0);
        StringBuilder msg = new StringBuilder();
        msg.append("Table ").append(t.name()).append(" has no unique key ")
                .append(pk == null ? "at all" : "but its surrogate primary key (" + String.join(", ", pk.columns()) + ")")
                .append(", and a job inserts into it: ").append(first.what()).append(", run by ")
                .append(Semantics.display(first.call())).append(" in ").append(first.method().type().simpleName())
                .append('.').append(first.method().method().name()).append("() at line ")
                .append(first.call().range().line()).append(", which ").append(first.why());
        if (inserts.size() > 1) {
            msg.append(" (and ").append(inserts.size() - 1).append(" other insert")
                    .append(inserts.size() > 2 ? "s" : "").append(')');
        }
        msg.append(". A restarted or overlapping run inserts the same ")
                .append(rowWord(t.name())).append(" again and the database accepts the duplicate; "
                        + "a unique key on the business key makes the second insert fail (or be skipped with "
                        + "INSERT IGNORE / ON CONFLICT DO NOTHING). The columns that say what a row is for, among "
                        + "those the job writes: (").append(keyText).append("); check that together they identify one "
                        + rowWord(t.name()) + ".");
        Location at = tableLocation(project, t);
        RuleContext.FindingBuilder b = ctx.finding(at).message(msg.toString()).enclosing(t.name())
                .construct("CREATE TABLE " + t.name());
        for (Insert i : inserts) {
            Location call = Semantics.location(i.method(), i.call().range(), Semantics.display(i.call())
                    + " inserts into " + t.name() + " (" + i.why() + ")");
            b.related(call);
            b.flow(call);
            if (i.statement() != null && !(i.statement().path().equals(call.path())
                    && i.statement().startLine() == call.startLine())) {
                b.related(i.statement());
            }
        }
        b.flow(at.withLabel(t.name() + " has no unique business key: the duplicate row is accepted"));
        b.fix(fix(project, t, key, keyText, name, migrations));
        b.report();
    }

    private static String rowWord(String table) {
        String s = table.toLowerCase(Locale.ROOT);
        for (String w : List.of("order", "charge", "payment", "ledger", "notice", "notification", "reminder", "mail",
                "message", "refund", "payout", "transfer", "invoice", "coupon")) {
            if (s.contains(w)) {
                return w + " row";
            }
        }
        return "row";
    }

    private static String constraintName(String table, List<String> key) {
        String n = "uk_" + table + "_" + String.join("_", key);
        return n.length() > 60 ? n.substring(0, 60) : n;
    }

    private static Fix fix(Project project, Table t, List<String> key, String keyText, String name,
                           Map<String, List<String>> migrations) {
        String template;
        String where;
        switch (t.origin()) {
            case LIQUIBASE -> {
                where = "in a new Liquibase changeSet";
                template = "<changeSet id=\"" + name + "\" author=\"...\">\n"
                        + "    <addUniqueConstraint tableName=\"" + t.name() + "\" columnNames=\"" + keyText
                        + "\" constraintName=\"" + name + "\"/>\n</changeSet>";
            }
            case ENTITY -> {
                where = "on the entity (and in the DDL that creates the table)";
                StringBuilder cols = new StringBuilder();
                for (String k : key) {
                    cols.append(cols.length() == 0 ? "" : ", ").append('"').append(k).append('"');
                }
                template = "@Table(name = \"" + t.name() + "\", uniqueConstraints = @UniqueConstraint(name = \""
                        + name + "\", columnNames = {" + cols + "}))";
            }
            default -> {
                String ddl = t.dialect().addUnique(t.name(), name, key);
                String file = t.relPath().substring(t.relPath().lastIndexOf('/') + 1);
                if (!VERSIONED.matcher(file).matches()) {
                    where = "in the schema";
                    template = ddl;
                    break;
                }
                // a Flyway migration: the next version in the same folder, as a new file
                String dir = t.relPath().contains("/") ? t.relPath().substring(0, t.relPath().lastIndexOf('/')) : "";
                List<String> names = migrations.computeIfAbsent(dir, d -> migrationNames(project, d));
                String description = "add unique " + t.name();
                String next = Recipes.nextMigrationName(names, description);
                where = "in a new migration (" + next + ")";
                template = "-- " + (dir.isEmpty() ? "" : dir + "/") + next + "\n" + ddl;
                Fix f = Fix.of("Add a unique constraint on the business key (" + keyText + ") of " + t.name() + " "
                        + where + " (remove existing duplicates first), and let the insert skip or report a "
                        + "duplicate.", template);
                if (!BusinessKeys.strong(project.catalog(), key)) {
                    return f; // a weak guess (any *_id, a type or a date) is a decision for a human: template only
                }
                var migration = Recipes.newMigration(dir, names, description, "-- idemcheck IDEM011: a second "
                        + "insert of the same " + String.join(", ", key) + " fails (remove existing duplicates "
                        + "first)\n" + ddl);
                names.add(next); // a second table in this folder gets the version after this one
                return f.withRecipe(migration);
            }
        }
        return Fix.of("Add a unique constraint on the business key (" + keyText + ") of " + t.name() + " " + where
                + " (remove existing duplicates first), and let the insert skip or report a duplicate.", template);
    }

    /** The file names in {@code dir} (relative to the source root): on disk, else among the scanned resources. */
    private static List<String> migrationNames(Project project, String dir) {
        List<String> names = new ArrayList<>();
        Path folder = project.sourceRoot().resolve(dir);
        try (java.util.stream.Stream<Path> s = Files.list(folder)) {
            s.forEach(p -> names.add(p.getFileName().toString()));
        } catch (IOException | RuntimeException e) {
            for (Path p : project.resources()) {
                Path abs = p.isAbsolute() ? p : project.sourceRoot().resolve(p);
                if (abs.getParent() != null && abs.getParent().normalize().equals(folder.normalize())) {
                    names.add(p.getFileName().toString());
                }
            }
        }
        return names;
    }

    private static Location tableLocation(Project project, Table t) {
        int line = Math.max(1, t.line());
        int end = 2;
        try {
            List<String> lines = SourceText.read(project.sourceRoot().resolve(t.relPath())).lines();
            if (line <= lines.size()) {
                String l = lines.get(line - 1);
                int start = l.length() - l.stripLeading().length();
                String s = l.replaceAll("\\s*(--|//|<!--).*$", "");
                return new Location(t.relPath(), line, start + 1, line, Math.max(start + 2, s.length() + 1), null);
            }
        } catch (IOException | RuntimeException e) {
            // fall back to the start of the line
        }
        return new Location(t.relPath(), line, 1, line, end, null);
    }
}
