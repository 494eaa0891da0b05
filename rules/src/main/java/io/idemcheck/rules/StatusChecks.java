package io.idemcheck.rules;

import io.idemcheck.core.facts.Arg;
import io.idemcheck.core.facts.Body;
import io.idemcheck.core.facts.CallSite;
import io.idemcheck.core.facts.GuardFact;
import io.idemcheck.core.facts.LoopFact;
import io.idemcheck.core.facts.MethodFacts;
import io.idemcheck.core.facts.NewFact;
import io.idemcheck.core.facts.Range;
import io.idemcheck.core.facts.Receiver;
import io.idemcheck.core.index.MethodRef;
import io.idemcheck.core.sql.SqlFacts;
import io.idemcheck.core.sql.SqlStatement;
import io.idemcheck.core.summary.CallInfo;
import io.idemcheck.core.summary.Semantics;

import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Whether a status write is a transition guarded by a check of the same stored value: a check (an if, a throwing
 * validation helper, an assertion) on the status column of the very row the write then sets, read from storage in
 * the same method. Shared by IDEM003 (why a blind write is a transition) and IDEM004 (which acts a status check
 * guards). A precondition on another column, on a parent row, on a parameter whose read is not visible, or on a
 * library object is not such a check; a write that sets exactly the value the check excluded converges and is not a
 * race.
 */
final class StatusChecks {

    private StatusChecks() {
    }

    /**
     * A check of the stored status of one row, dominating a write of the same column of the same row.
     *
     * @param text     what to show: the guard's condition or the helper call
     * @param range    where the check is
     * @param check    the status read: its accessor, variable and where the value was loaded
     * @param helper   the validation helper that throws, or null for an if condition in the same method
     */
    record SameRowCheck(String text, Range range, CheckThenActStatusGuard.StatusCheck check, CallSite helper) {
    }

    /** "pay_status", "getPayStatus", "payStatus" -> "paystatus". */
    static String norm(String s) {
        if (s == null) {
            return "";
        }
        String t = s.trim();
        Matcher mm = Pattern.compile("^(?:get|is|set)(?=[A-Z])").matcher(t);
        t = mm.replaceFirst("");
        return t.toLowerCase(Locale.ROOT).replaceAll("[^a-z0-9]", "");
    }

    /**
     * The columns call {@code c} sets on the row of {@code var}: the fields set on {@code var} before an entity save
     * that passes it ({@code o.setStatus(X); repo.save(o)}), and the SET columns of the UPDATE statements it runs;
     * normalised with {@link #norm}. Empty when neither is visible.
     */
    static Set<String> writtenColumns(MethodRef m, CallSite c, CallInfo ci, String var) {
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
    static boolean passes(CallSite c, String var) {
        for (Arg a : c.args()) {
            if (a.text().trim().equals(var)) {
                return true;
            }
        }
        return c.receiver().kind() == Receiver.Kind.NAME && var.equals(c.receiver().name());
    }

    static boolean setterOn(CallSite p, String var) {
        return p.receiver().kind() == Receiver.Kind.NAME && var.equals(p.receiver().name())
                && p.name().startsWith("set") && p.name().length() > 3 && p.argCount() == 1;
    }

    /**
     * The value written into column {@code field} (normalised) of {@code var}'s row by {@code c}: the argument of the
     * last setter of that field before the save, or the single literal status value of the UPDATE; null when not
     * visible.
     */
    static String writtenValue(MethodRef m, CallSite c, CallInfo ci, String var, String field) {
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
    static boolean setsOtherStatus(io.idemcheck.core.catalog.Catalog cat, Set<String> written, String field) {
        for (String w : written) {
            if (!w.equals(field) && (w.endsWith("status") || w.endsWith("state")) && !w.equals("deletestatus")
                    && !w.equals("delstatus")) {
                return true;
            }
        }
        return false;
    }

    private static final Pattern CONSTANT = Pattern.compile(
            "\"[^\"]*\"|'[^']*'|\\b[A-Z][A-Za-z0-9]*\\.[A-Z][A-Z0-9_]*\\b|(?<![\\w.])[A-Z][A-Z0-9_]{2,}\\b|(?<![\\w.])\\d+\\b");

    /**
     * The write converges: the guard compares the status only with the very value written ({@code if (s.getStatus()
     * == CLOSED) return; s.setStatus(CLOSED)}, {@code if (p.getState() != state) p.setState(state)}), and no other
     * status column changes. Every run ends with the same stored value, and a repeat overwrites nothing another run
     * wrote.
     */
    static boolean converges(String guardText, String value, boolean otherStatusWritten) {
        if (value == null || otherStatusWritten) {
            return false;
        }
        String v = value.replaceAll("\\.(name|ordinal|getCode|getValue|code|value)\\(\\)$", "").trim();
        String bare = v.replaceAll("^[\"']|[\"']$", "");
        Matcher cm = CONSTANT.matcher(guardText);
        boolean sawValue = false;
        boolean other = false;
        while (cm.find()) {
            String k = cm.group().replaceAll("^[\"']|[\"']$", "");
            if (k.equals(bare) || k.equals(v) || v.endsWith("." + k) || k.endsWith("." + bare)) {
                sawValue = true;
            } else if (!k.equals("0") && !k.equals("1") || !v.matches("\\d+")) {
                if (!k.matches("\\d+") || v.matches("\\d+")) {
                    other = true;
                }
            }
        }
        if (!sawValue && v.matches("[a-z]\\w*")) {
            sawValue = Pattern.compile("(?<![\\w.])" + Pattern.quote(v) + "(?![\\w(])").matcher(guardText).find();
        }
        return sawValue && !other;
    }

    private static final Pattern ROW_KEY = Pattern.compile("([A-Za-z_]\\w*)(?:\\.toString\\(\\))?");
    private static final Pattern KEY_NAME = Pattern.compile("(?i)(id|sn|no|code|key|number|ref|reference|uuid)s?$");

    /**
     * True when the write {@code c} concerns the row whose status {@code sc} read: it passes the variable (a save), or
     * an argument derives from it ({@code cancel(o.getId())}), or it reuses an argument of the read that loaded the
     * row ({@code findById(id)} then {@code updateStatus(id, ..)}).
     */
    static boolean sameRow(Semantics sem, MethodRef m, CallSite c, CheckThenActStatusGuard.StatusCheck sc) {
        String var = sc.variable();
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
        CallSite load = sc.loadedBy();
        if (load != null) {
            for (Arg a : load.args()) {
                // the read's key passed as is ({@code findById(id)}, {@code getById(id.toString(), ctx)}); an accessor
                // of another row ({@code queryByCode(schedule.getDefinitionCode())}) names a different row
                Matcher km = ROW_KEY.matcher(a.text().trim());
                if (km.matches() && argNames.contains(km.group(1)) && KEY_NAME.matcher(km.group(1)).find()) {
                    return true;
                }
            }
        }
        if (sc.loadedIn() != null && var != null) {
            Set<String> roots = sem.roots(m, argNames);
            for (String n : sc.loadedIn().vars()) {
                if (roots.contains(n) || argNames.contains(n)) {
                    return true;
                }
            }
        }
        return false;
    }

    /**
     * A check of the stored value of one of {@code columns} (normalised) on the row that {@code c} writes, dominating
     * {@code c}: an if condition in force at {@code c}, or an earlier call of a validation helper that reads the
     * row's status and throws. Null when there is none, or when every such check is one the write converges on.
     */
    static SameRowCheck find(Semantics sem, MethodRef m, CallSite c, CallInfo ci, Set<String> columns) {
        return find(sem, m, c, ci, columns, false);
    }

    /** True when a same-row check of one of {@code columns} guards {@code c} and the write converges on it. */
    static boolean convergent(Semantics sem, MethodRef m, CallSite c, CallInfo ci, Set<String> columns) {
        return find(sem, m, c, ci, columns, true) != null;
    }

    private static SameRowCheck find(Semantics sem, MethodRef m, CallSite c, CallInfo ci, Set<String> columns,
                                     boolean convergentOnly) {
        Body body = m.method().body();
        for (int gid : c.guardIds()) {
            GuardFact g = body.guards().get(gid);
            CheckThenActStatusGuard.StatusCheck sc = CheckThenActStatusGuard.statusCheck(sem, m, g);
            if (sc == null) {
                continue;
            }
            String field = norm(CheckThenActStatusGuard.field(sc.accessor()));
            if (!columns.contains(field) || !sameRow(sem, m, c, sc)) {
                continue;
            }
            Set<String> written = writtenColumns(m, c, ci, sc.variable());
            boolean conv = converges(g.text(), writtenValue(m, c, ci, sc.variable(), field),
                    setsOtherStatus(sem.index().catalog(), written, field));
            if (conv == convergentOnly) {
                return new SameRowCheck(g.text(), g.range(), sc, null);
            }
        }
        if (convergentOnly) {
            return null;
        }
        for (CallSite h : body.calls()) {
            if (h.id() >= c.id()) {
                break;
            }
            if (h.exclusiveWith(c) || h.lambdaId() != c.lambdaId() && c.lambdaId() >= 0 && h.lambdaId() >= 0) {
                continue;
            }
            SameRowCheck hc = helperCheck(sem, m, h, c, columns);
            if (hc != null) {
                return hc;
            }
        }
        return null;
    }

    /**
     * {@code validate(envelope)} where the helper, a project method, compares its parameter's status and creates an
     * exception; or an assertion ({@code Assert.isTrue}, {@code Preconditions.checkState}, ..) on the status.
     */
    private static SameRowCheck helperCheck(Semantics sem, MethodRef m, CallSite h, CallSite c, Set<String> columns) {
        List<CallInfo> infos = sem.calls(m);
        for (int i = 0; i < h.args().size(); i++) {
            String at = h.args().get(i).text().trim();
            if (!at.matches("[A-Za-z_]\\w*")) {
                continue;
            }
            CheckThenActStatusGuard.StatusCheck sc = CheckThenActStatusGuard.loadedVariable(sem, m, at, at + ".status");
            if (sc == null || !sameRow(sem, m, c, sc)) {
                continue;
            }
            for (MethodRef t : infos.get(h.id()).target().targets()) {
                if (!t.method().hasBody() || t.method().params().size() <= i) {
                    continue;
                }
                String field = throwsOnStatusOf(t, t.method().params().get(i).name(), columns, 0);
                if (field != null) {
                    return new SameRowCheck(h.text(), h.range(), new CheckThenActStatusGuard.StatusCheck(
                            at + "." + field, at, sc.loadedBy(), sc.loadedIn()), h);
                }
            }
        }
        return null;
    }

    private static final Pattern ACCESS = Pattern.compile(
            "\\b([a-z]\\w*)\\s*\\.\\s*(?:(?:get|is)([A-Z]\\w*)\\s*\\(\\s*\\)|([a-z]\\w*)\\b(?!\\s*\\())");

    /**
     * The normalised column name when helper {@code t} compares {@code param}'s status with one of {@code columns}
     * and can throw (it creates an exception); follows helpers that pass the parameter on, two levels deep.
     */
    private static String throwsOnStatusOf(MethodRef t, String param, Set<String> columns, int depth) {
        Body b = t.method().body();
        boolean throwsSomething = false;
        for (NewFact n : b.creations()) {
            if (n.simpleName().endsWith("Exception") || n.simpleName().endsWith("Error")) {
                throwsSomething = true;
                break;
            }
        }
        if (throwsSomething) {
            for (GuardFact g : b.guards()) {
                Matcher am = ACCESS.matcher(g.text());
                while (am.find()) {
                    String f = norm(am.group(2) != null ? am.group(2) : am.group(3));
                    if (am.group(1).equals(param) && columns.contains(f)
                            && g.text().matches("(?s).*(==|!=|equals|contains|\\bis[A-Z]).*")) {
                        return f;
                    }
                }
            }
        }
        if (depth >= 2) {
            return null;
        }
        MethodFacts mf = t.method();
        for (CallSite x : b.calls()) {
            for (int i = 0; i < x.args().size(); i++) {
                if (!x.args().get(i).text().trim().equals(param)) {
                    continue;
                }
                for (MethodRef u : t.owner() == null ? List.<MethodRef>of() : List.of(t)) {
                    // resolve the callee among the helper's own type's methods (private validation chains)
                    for (MethodFacts cand : u.type().methods()) {
                        if (cand.name().equals(x.name()) && cand.params().size() == x.argCount() && cand != mf
                                && cand.hasBody()) {
                            String f = throwsOnStatusOf(new MethodRef(u.owner(), cand), cand.params().get(i).name(),
                                    columns, depth + 1);
                            if (f != null) {
                                return f;
                            }
                        }
                    }
                }
            }
        }
        return null;
    }

    /** Normalised workflow-status columns an UPDATE shape sets. */
    static Set<String> statusColumns(io.idemcheck.core.catalog.Catalog cat, SqlFacts f) {
        Set<String> out = new LinkedHashSet<>();
        for (String col : f.setColumns()) {
            if (cat.isStatusColumn(col) && !cat.terms(io.idemcheck.core.catalog.Vocabulary.FLAG_COLUMNS).has(col)) {
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
    static String loopSelectedByStatus(Semantics sem, MethodRef m, CallSite c, Set<String> columns) {
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
            }
        }
        return null;
    }

    private static final Pattern WHERE = Pattern.compile("(?is)\\bWHERE\\b(.*)");
    private static final Pattern PREDICATE = Pattern.compile(
            "(?i)(?:\\b\\w+\\.)?`?\\b(\\w+)`?\\s*(?:=|<>|!=|\\bIN\\b|\\bNOT\\s+IN\\b)");

    /** A SELECT constrains one of {@code columns} (normalised) in its WHERE clause. */
    static boolean selectsBy(SqlFacts f, Set<String> columns) {
        for (String w : f.whereColumns()) {
            if (columns.contains(norm(w))) {
                return true;
            }
        }
        Matcher wm = WHERE.matcher(f.text() == null ? "" : f.text());
        if (!wm.find()) {
            return false;
        }
        Matcher pm = PREDICATE.matcher(wm.group(1));
        while (pm.find()) {
            if (columns.contains(norm(pm.group(1)))) {
                return true;
            }
        }
        return false;
    }
}
