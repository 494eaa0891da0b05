package io.idemcheck.core.summary;

import io.idemcheck.core.catalog.Catalog;
import io.idemcheck.core.catalog.Vocabulary;
import io.idemcheck.core.facts.Arg;
import io.idemcheck.core.facts.Body;
import io.idemcheck.core.facts.CallSite;
import io.idemcheck.core.facts.LoopFact;
import io.idemcheck.core.facts.Receiver;
import io.idemcheck.core.index.MethodRef;
import io.idemcheck.core.sql.SqlFacts;
import io.idemcheck.core.sql.SqlStatement;

import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Facts about the rows status writes touch: which columns a call writes on a variable's row (the fields set before
 * an entity save, or an UPDATE's SET list) and with which value, whether a write concerns the row a status was read
 * from, which status columns an UPDATE sets, and whether a loop iterates rows selected by a status column. Column
 * and field names are compared normalised ({@link #norm}). Static, stateless; read by IDEM003 and IDEM004 (through
 * their shared status checks).
 */
public final class StatusRows {

    private static final Pattern ACCESSOR_PREFIX = Pattern.compile("^(?:get|is|set)(?=[A-Z])");

    private StatusRows() {
    }

    /** "pay_status", "getPayStatus", "payStatus" -> "paystatus". */
    public static String norm(String s) {
        if (s == null) {
            return "";
        }
        String t = s.trim();
        Matcher mm = ACCESSOR_PREFIX.matcher(t);
        t = mm.replaceFirst("");
        return t.toLowerCase(Locale.ROOT).replaceAll("[^a-z0-9]", "");
    }

    /**
     * The columns call {@code c} sets on the row of {@code var}: the fields set on {@code var} before an entity save
     * that passes it ({@code o.setStatus(X); repo.save(o)}), and the SET columns of the UPDATE statements it runs;
     * normalised with {@link #norm}. Empty when neither is visible.
     */
    public static Set<String> writtenColumns(MethodRef m, CallSite c, CallInfo ci, String var) {
        Set<String> out = new LinkedHashSet<>();
        if (var != null && passes(c, var)) {
            for (CallSite p : m.method().body().calls()) {
                if (p.id() >= c.id()) {
                    break;
                }
                if (setterOn(p, var) && !p.exclusiveWith(c)) {
                    out.add(norm(p.name()));
                }
            }
        }
        if (!out.isEmpty()) {
            return out; // an entity save: the fields set on it are what changes (the rest is written back as read)
        }
        for (SqlStatement st : ci.statements()) {
            for (SqlFacts f : st.shapes()) {
                if (f.kind() == SqlFacts.Kind.UPDATE) {
                    f.setColumns().forEach(col -> out.add(norm(col)));
                }
            }
        }
        return out;
    }

    /** The call passes {@code var} itself (an entity save), or is made on it. */
    public static boolean passes(CallSite c, String var) {
        for (Arg a : c.args()) {
            if (a.text().trim().equals(var)) {
                return true;
            }
        }
        return c.receiver().kind() == Receiver.Kind.NAME && var.equals(c.receiver().name());
    }

    public static boolean setterOn(CallSite p, String var) {
        return p.receiver().kind() == Receiver.Kind.NAME && var.equals(p.receiver().name())
                && p.name().startsWith("set") && p.name().length() > 3 && p.argCount() == 1;
    }

    /**
     * The value written into column {@code field} (normalised) of {@code var}'s row by {@code c}: the argument of the
     * last setter of that field before the save, or the single literal status value of the UPDATE; null when not
     * visible.
     */
    public static String writtenValue(MethodRef m, CallSite c, CallInfo ci, String var, String field) {
        String v = null;
        if (var != null && passes(c, var)) {
            for (CallSite p : m.method().body().calls()) {
                if (p.id() >= c.id()) {
                    break;
                }
                if (setterOn(p, var) && norm(p.name()).equals(field) && !p.exclusiveWith(c)) {
                    v = p.args().get(0).text().trim();
                }
            }
        }
        if (v != null) {
            return v;
        }
        Set<String> lits = new LinkedHashSet<>();
        for (SqlStatement st : ci.statements()) {
            for (SqlFacts f : st.shapes()) {
                f.statusValues().stream().filter(x -> !x.equals("?") && !x.isBlank()).forEach(lits::add);
            }
        }
        return lits.size() == 1 ? lits.iterator().next() : null;
    }

    /** Other workflow status columns (not the checked one) that the write also sets. */
    public static boolean setsOtherStatus(Catalog cat, Set<String> written, String field) {
        for (String w : written) {
            if (!w.equals(field) && (w.endsWith("status") || w.endsWith("state")) && !w.equals("deletestatus")
                    && !w.equals("delstatus")) {
                return true;
            }
        }
        return false;
    }

    private static final Pattern ROW_KEY = Pattern.compile("([A-Za-z_]\\w*)(?:\\.toString\\(\\))?");
    /** A name ending with a word of the catalog's {@code rowKeyNames} (orderId, bizNo). */
    private static final Pattern KEY_NAME = Catalog.builtin().terms(Vocabulary.ROW_KEY_NAMES).regex("(?i)(%s)s?$");

    /**
     * True when the write {@code c} concerns the row whose status was read into {@code var} (null when the status was
     * read off a call's result), loaded by the call {@code loadedBy} or as an element of the loop {@code loadedIn}
     * (either may be null): it passes the variable (a save), or an argument derives from it
     * ({@code cancel(o.getId())}), or it reuses an argument of the read that loaded the row ({@code findById(id)}
     * then {@code updateStatus(id, ..)}).
     */
    public static boolean sameRow(Semantics sem, MethodRef m, CallSite c, String var, CallSite loadedBy,
                                  LoopFact loadedIn) {
        if (loadedBy != null && readsOtherTable(sem, m, loadedBy, c)) {
            return false; // a parent's or another entity's state (SELECT .. FROM t_order, UPDATE t_order_item)
        }
        Set<String> argNames = new LinkedHashSet<>();
        for (Arg a : c.args()) {
            argNames.addAll(a.names());
        }
        if (c.receiver().kind() == Receiver.Kind.NAME) {
            argNames.add(c.receiver().name());
        }
        if (var != null) {
            if (argNames.contains(var)) {
                return true;
            }
            Set<String> roots = sem.roots(m, argNames);
            if (roots.contains(var)) {
                return true;
            }
        }
        CallSite load = loadedBy;
        if (load != null) {
            for (Arg a : load.args()) {
                // the read's key passed as is ({@code findById(id)}, {@code getById(id.toString(), ctx)}); an accessor
                // of another row ({@code queryByCode(schedule.getDefinitionCode())}) names a different row
                Matcher km = ROW_KEY.matcher(a.text().trim());
                if (km.matches() && argNames.contains(km.group(1)) && KEY_NAME.matcher(km.group(1)).find()) {
                    return true;
                }
                if (keyGetterOf(a.text().trim(), c)) {
                    return true;
                }
            }
        }
        if (loadedIn != null && var != null) {
            Set<String> roots = sem.roots(m, argNames);
            for (String n : loadedIn.vars()) {
                if (roots.contains(n) || argNames.contains(n)) {
                    return true;
                }
            }
        }
        return false;
    }

    /** {@code order.getId()}, {@code task.getOrderNo().toString()}: a key read through a getter of a variable. */
    private static final Pattern KEY_GETTER = Pattern.compile("([A-Za-z_]\\w*)\\s*\\.\\s*get(\\w+)\\(\\s*\\)(?:\\.toString\\(\\))?");

    /**
     * The read's key is a getter of a variable ({@code selectById(order.getId())}) and the write {@code c} uses the
     * same key: the same getter text ({@code updateStatus(order.getId(), ..)}), or, for the primary key
     * ({@code getId()}), the variable itself handed to an entity update by id ({@code updateById(order)},
     * {@code save(order)}). A getter of another key ({@code schedule.getDefinitionCode()}) names another row, and only
     * the catalog's {@code rowKeyNames} count as keys.
     */
    private static boolean keyGetterOf(String readArg, CallSite c) {
        Matcher g = KEY_GETTER.matcher(readArg);
        if (!g.matches() || !KEY_NAME.matcher(g.group(2)).find()) {
            return false;
        }
        String bare = readArg.replaceAll("\\s+", "").replaceAll("\\.toString\\(\\)$", "");
        for (Arg a : c.args()) {
            String t = a.text().trim();
            if (t.replaceAll("\\s+", "").replaceAll("\\.toString\\(\\)$", "").equals(bare)
                    || g.group(2).equals("Id") && t.equals(g.group(1))) {
                return true;
            }
        }
        return false;
    }

    /**
     * True when the visible SQL of {@code read} (a SELECT) never mentions the table that the visible SQL of
     * {@code write} writes: the state checked is another table's row ({@code SELECT * FROM b_order} then
     * {@code UPDATE b_order_item}), so the check is no transition guard of the written row. False when either SQL is
     * not visible; a read that joins or sub-selects the written table counts as the same table.
     */
    public static boolean readsOtherTable(Semantics sem, MethodRef m, CallSite read, CallSite write) {
        List<CallInfo> infos = sem.calls(m);
        Set<String> written = new LinkedHashSet<>();
        for (io.idemcheck.core.sql.SqlStatement st : infos.get(write.id()).statements()) {
            if (st.kind() != SqlFacts.Kind.SELECT && st.table() != null) {
                written.add(bareTable(st.table()));
            }
        }
        List<String> readTexts = new java.util.ArrayList<>();
        for (io.idemcheck.core.sql.SqlStatement st : infos.get(read.id()).statements()) {
            for (SqlFacts f : st.shapes()) {
                if (f.kind() == SqlFacts.Kind.SELECT && f.text() != null
                        && f.text().toLowerCase(java.util.Locale.ROOT).contains(" from ")) {
                    readTexts.add(f.text().toLowerCase(java.util.Locale.ROOT).replace("`", "").replace("\"", ""));
                }
            }
        }
        if (written.isEmpty() || readTexts.isEmpty()) {
            return false;
        }
        for (String t : written) {
            java.util.regex.Pattern w = java.util.regex.Pattern.compile("(?<![\\w$])" + java.util.regex.Pattern.quote(t)
                    + "(?![\\w$])");
            for (String text : readTexts) {
                if (w.matcher(text).find()) {
                    return false;
                }
            }
        }
        return true;
    }

    private static String bareTable(String table) {
        String t = table.toLowerCase(java.util.Locale.ROOT).replace("`", "").replace("\"", "").trim();
        int dot = t.lastIndexOf('.');
        return dot >= 0 ? t.substring(dot + 1) : t;
    }

    /** Normalised workflow-status columns an UPDATE shape sets. */
    public static Set<String> statusColumns(Catalog cat, SqlFacts f) {
        Set<String> out = new LinkedHashSet<>();
        for (String col : f.setColumns()) {
            if (cat.isStatusColumn(col) && !cat.terms(Vocabulary.FLAG_COLUMNS).has(col)) {
                out.add(norm(col));
            }
        }
        return out;
    }

    /**
     * The loop around {@code c} iterates rows that a call of this method selected by one of {@code columns}: its
     * visible SQL constrains that status column ({@code WHERE trigger_status = 1}); a select whose SQL is not visible
     * counts when its name or a literal argument names a status. The write must concern the loop's element.
     */
    public static String loopSelectedByStatus(Semantics sem, MethodRef m, CallSite c, Set<String> columns) {
        Body body = m.method().body();
        List<CallInfo> ci = sem.calls(m);
        Set<String> argNames = new LinkedHashSet<>();
        for (Arg a : c.args()) {
            argNames.addAll(a.names());
        }
        Set<String> argRoots = sem.roots(m, argNames);
        for (int l : c.loopIds()) {
            LoopFact loop = body.loops().get(l);
            boolean element = false;
            for (String v : loop.vars()) {
                element |= argRoots.contains(v) || argNames.contains(v);
            }
            if (!element) {
                continue;
            }
            Set<String> names = sem.roots(m, loop.names());
            for (CallSite x : body.calls()) {
                if (x.id() >= c.id() || x.loopIds().contains(l)
                        && !("foreach".equals(loop.kind()) && x.range().line() == loop.range().line())) {
                    continue; // a call inside the loop's body does not select its rows
                }
                boolean source = loop.iterable().contains(x.text())
                        || x.assignedTo() != null && names.contains(x.assignedTo());
                if (!source) {
                    continue;
                }
                List<SqlStatement> sts = ci.get(x.id()).statements();
                boolean byStatus;
                if (!sts.isEmpty()) {
                    byStatus = sts.stream().anyMatch(st -> st.shapes().stream().anyMatch(f ->
                            f.kind() == SqlFacts.Kind.SELECT && selectsBy(f, columns)));
                } else {
                    byStatus = x.name().matches("(?:select|find|query|list|get|load|fetch)\\w*(?:Status|State)\\w*")
                            || x.args().stream().anyMatch(a -> a.stringValue() != null
                            && a.stringValue().matches("[A-Z_]{3,}"));
                }
                if (byStatus) {
                    return "the loop at line " + loop.range().line() + " iterates rows selected by status ("
                            + Semantics.display(x) + ")";
                }
                CallSite filter = filteredByStatus(sem, m, x, columns);
                if (filter != null) {
                    return "the loop at line " + loop.range().line() + " iterates rows read from the database and "
                            + "kept by their stored status in memory (" + oneLine(filter.text()) + ")";
                }
            }
        }
        return null;
    }

    private static final Pattern FILTER_ACCESS = Pattern.compile("\\.\\s*(?:get|is)?(\\w+)\\s*\\(\\s*\\)");

    /**
     * The {@code filter(..)} of a stream over rows read from storage that keeps rows by one of {@code columns}
     * ({@code dao.queryInQueue(g).stream().filter(q -> q.getStatus() == WAIT).collect(..)}): the rows are selected by
     * their stored status, in memory instead of in the WHERE clause. Null when the chain of {@code x} has no such
     * filter, or does not start from a read of the database.
     */
    static CallSite filteredByStatus(Semantics sem, MethodRef m, CallSite x, Set<String> columns) {
        Body body = m.method().body();
        List<CallInfo> ci = sem.calls(m);
        CallSite filter = null;
        boolean read = false;
        CallSite cur = x;
        for (int guard = 0; cur != null && guard < 16; guard++) {
            if (cur.name().equals("filter") && filter == null) {
                for (Arg a : cur.args()) {
                    Matcher am = FILTER_ACCESS.matcher(a.text());
                    while (am.find()) {
                        if (columns.contains(norm(am.group(1)))
                                && a.text().matches("(?s).*(==|!=|\\bequals\\s*\\().*")) {
                            filter = cur;
                        }
                    }
                }
            }
            CallInfo info = ci.get(cur.id());
            read |= info.statements().stream().anyMatch(st -> st.kind() == SqlFacts.Kind.SELECT)
                    || info.statements().isEmpty() && sem.index().typeOf(info.target().receiverType())
                    .filter(sem::isDataAccess).isPresent();
            Receiver r = cur.receiver();
            cur = r.kind() == Receiver.Kind.CALL ? body.calls().get(r.callId()) : null;
        }
        return read ? filter : null;
    }

    private static String oneLine(String s) {
        String t = s.replaceAll("\\s+", " ").trim();
        return t.length() > 100 ? t.substring(0, 100) + "..." : t;
    }

    private static final Pattern WHERE = Pattern.compile("(?is)\\bWHERE\\b(.*)");
    private static final Pattern PREDICATE = Pattern.compile(
            "(?i)(?:\\b\\w+\\.)?`?\\b(\\w+)`?\\s*(?:=|<>|!=|\\bIN\\b|\\bNOT\\s+IN\\b)");

    /** A SELECT constrains one of {@code columns} (normalised) in its WHERE clause. */
    public static boolean selectsBy(SqlFacts f, Set<String> columns) {
        return selectsBy(f, (java.util.function.Predicate<String>) c -> columns.contains(norm(c)));
    }

    /**
     * A SELECT constrains a column that {@code column} accepts (given the name as written) in its WHERE clause: read
     * from the statement's WHERE columns, or from its text (a SELECT's facts carry no WHERE columns).
     */
    public static boolean selectsBy(SqlFacts f, java.util.function.Predicate<String> column) {
        for (String w : f.whereColumns()) {
            if (column.test(w)) {
                return true;
            }
        }
        Matcher wm = WHERE.matcher(f.text() == null ? "" : f.text());
        if (!wm.find()) {
            return false;
        }
        Matcher pm = PREDICATE.matcher(wm.group(1));
        while (pm.find()) {
            if (column.test(pm.group(1))) {
                return true;
            }
        }
        return false;
    }
}
