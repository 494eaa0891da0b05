package io.idemcheck.rules;

import io.idemcheck.core.facts.Body;
import io.idemcheck.core.facts.CallSite;
import io.idemcheck.core.facts.GuardFact;
import io.idemcheck.core.facts.MethodFacts;
import io.idemcheck.core.facts.NewFact;
import io.idemcheck.core.facts.Range;
import io.idemcheck.core.index.MethodRef;
import io.idemcheck.core.summary.CallInfo;
import io.idemcheck.core.summary.Semantics;
import io.idemcheck.core.summary.StatusRows;

import java.util.List;
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

    /** True when the write {@code c} concerns the row whose status {@code sc} read ({@link StatusRows#sameRow}). */
    static boolean sameRow(Semantics sem, MethodRef m, CallSite c, CheckThenActStatusGuard.StatusCheck sc) {
        return StatusRows.sameRow(sem, m, c, sc.variable(), sc.loadedBy(), sc.loadedIn());
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
            String field = StatusRows.norm(CheckThenActStatusGuard.field(sc.accessor()));
            if (!columns.contains(field) || !sameRow(sem, m, c, sc)) {
                continue;
            }
            Set<String> written = StatusRows.writtenColumns(m, c, ci, sc.variable());
            boolean conv = converges(g.text(), StatusRows.writtenValue(m, c, ci, sc.variable(), field),
                    StatusRows.setsOtherStatus(sem.index().catalog(), written, field));
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
                    String f = StatusRows.norm(am.group(2) != null ? am.group(2) : am.group(3));
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
}
