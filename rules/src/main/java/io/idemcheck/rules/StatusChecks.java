package io.idemcheck.rules;

import io.idemcheck.core.facts.Body;
import io.idemcheck.core.facts.CallSite;
import io.idemcheck.core.facts.GuardFact;
import io.idemcheck.core.facts.MethodFacts;
import io.idemcheck.core.facts.NewFact;
import io.idemcheck.core.facts.Range;
import io.idemcheck.core.facts.Receiver;
import io.idemcheck.core.index.CallerSite;
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

    /** A word of a lock's key expression: a name it may be keyed by. */
    private static final java.util.regex.Pattern LOCK_KEY_WORD = java.util.regex.Pattern.compile("[A-Za-z_$][\\w$]*");

    /**
     * A distributed lock (Redisson {@code getLock(..)}, a lock registry, {@code setIfAbsent}: {@link Locks#in}) keyed
     * by the row is held across both the read {@code read} and the write {@code c}: its key names a variable passed to
     * the read or the write ({@code redisson.getLock("task:" + id)} around {@code selectById(id)} and
     * {@code updateStatus(id, ..)}), or a value the row is checked to belong to ({@link #ownerTied}: a lock keyed by
     * the row's owner). A second run waits for the lock and then reads the new status, so the check and the act are
     * one step. A lock with no key from the row (a job-wide lock, {@code @SchedulerLock}) does not count.
     *
     * @param locks the locks {@code m} takes (its {@link io.idemcheck.core.summary.MethodInfo#locks()})
     */
    static boolean rowLocked(Semantics sem, MethodRef m, List<io.idemcheck.core.summary.Locks.Lock> locks,
                             CallSite read, CallSite c) {
        if (read == null) {
            return false;
        }
        io.idemcheck.core.facts.Body body = m.method().body();
        Set<String> row = new java.util.LinkedHashSet<>();
        for (CallSite x : List.of(read, c)) {
            for (io.idemcheck.core.facts.Arg a : x.args()) {
                row.addAll(a.names());
            }
        }
        row.addAll(sem.roots(m, Set.copyOf(row)));
        for (io.idemcheck.core.summary.Locks.Lock l : locks) {
            if (l.call() == null || !l.holds(body, read) || !l.holds(body, c)) {
                continue;
            }
            StringBuilder key = new StringBuilder(l.call().text());
            CallSite lc = l.call();
            if (lc.receiver().kind() == io.idemcheck.core.facts.Receiver.Kind.NAME) {
                io.idemcheck.core.facts.LocalVar lv = body.locals().get(lc.receiver().name());
                if (lv != null && lv.initText() != null) {
                    key.append(' ').append(lv.initText());
                }
            }
            java.util.regex.Matcher w = LOCK_KEY_WORD.matcher(key.toString().replaceAll("\"(?:\\\\.|[^\"\\\\])*\"", " "));
            Set<String> names = new java.util.LinkedHashSet<>();
            while (w.find()) {
                names.add(w.group());
            }
            names.addAll(sem.roots(m, Set.copyOf(names)));
            Set<String> keyNames = Set.copyOf(names);
            names.retainAll(row);
            if (!names.isEmpty() || ownerTied(sem, m, read, keyNames)) {
                return true;
            }
        }
        return false;
    }

    /**
     * The row {@code read} loads is checked to belong to a value the lock is keyed by: an early-exit condition
     * ({@code if (b.getOwnerId() != ownerId) throw ..}) or an assertion call (catalog {@code assertionGuardCalls}:
     * {@code Assert.isTrue(b.getOwnerId() == ownerId, ..)}) reads both the variable holding the row and a name of the
     * lock's key. A lock keyed by the row's owner then serialises every change to that owner's rows, this one's too.
     */
    private static boolean ownerTied(Semantics sem, MethodRef m, CallSite read, Set<String> keyNames) {
        io.idemcheck.core.facts.Body body = m.method().body();
        Set<String> rowVars = new java.util.HashSet<>();
        body.locals().forEach((name, lv) -> {
            if (lv.initCallIds().contains(read.id())) {
                rowVars.add(name);
            }
        });
        if (rowVars.isEmpty() || keyNames.isEmpty()) {
            return false;
        }
        java.util.function.Predicate<Set<String>> ties = ns -> ns.stream().anyMatch(rowVars::contains)
                && ns.stream().anyMatch(n -> keyNames.contains(n) && !rowVars.contains(n));
        for (io.idemcheck.core.facts.GuardFact g : body.guards()) {
            if (g.earlyExit() && ties.test(g.names())) {
                return true;
            }
        }
        io.idemcheck.core.catalog.Terms asserts = sem.catalog().terms(
                io.idemcheck.core.catalog.Vocabulary.ASSERTION_GUARD_CALLS);
        for (CallSite x : body.calls()) {
            if (!x.args().isEmpty() && asserts.has(x.receiver().text().trim() + "." + x.name())
                    && ties.test(x.args().get(0).names())) {
                return true;
            }
        }
        return false;
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
        for (GuardFact g : guardsOf(sem, m, c)) {
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
     * The conditions in force at {@code c}, in IDEM004's vocabulary of guards: the ifs and early exits around it, an
     * {@code if (..) fail(..)} whose project helper always throws ({@link #throwingExit}) before it, and a statement
     * assertion ({@code Assert.isTrue(cond, ..)}, {@code Preconditions.checkState}, a project helper that throws unless
     * its argument is true: {@link #assertionGuard}) that dominates it. The assertion's guard has id -1 and the
     * assertion call's range.
     */
    static List<GuardFact> guardsOf(Semantics sem, MethodRef m, CallSite c) {
        Body body = m.method().body();
        List<GuardFact> out = new java.util.ArrayList<>();
        for (int gid : c.guardIds()) {
            out.add(body.guards().get(gid));
        }
        for (GuardFact g : body.guards()) {
            if (!c.guardIds().contains(g.id()) && g.range().line() <= c.range().line()) {
                CallSite exit = throwingExit(sem, m, g);
                if (exit != null && afterExit(body, g, exit, c)) {
                    out.add(g);
                }
            }
        }
        for (CallSite h : body.calls()) {
            if (h.id() >= c.id()) {
                break;
            }
            GuardFact g = dominates(h, c) ? assertionGuard(sem, m, h) : null;
            if (g != null) {
                out.add(g);
            }
        }
        return out;
    }

    /**
     * The checked claim that guards write {@code c} and covers the table it writes, or null. A claim on one table
     * ({@code UPDATE task_group SET use_size = use_size + 1 WHERE .. AND use_size < group_size}) does not fence a blind
     * write on another ({@code t_ds_task_group_queue} by id): the two rows are different, and two runs that both won
     * a slot still both overwrite the same queue row. When either table is not visible the claim counts.
     */
    static CallSite coveringClaim(Semantics sem, MethodRef m, CallSite c, String table) {
        CallSite claim = sem.guardingClaim(m, c);
        if (claim == null || table == null || "?".equals(table)) {
            return claim;
        }
        Set<String> tables = new java.util.LinkedHashSet<>();
        writtenTables(sem, m, claim, tables, 0, new java.util.HashSet<>());
        return tables.isEmpty() || tables.contains(table.toLowerCase(java.util.Locale.ROOT)) ? claim : null;
    }

    /** Tables (lower case) the statements run by {@code c} write, looked for down to three calls deep. */
    private static void writtenTables(Semantics sem, MethodRef m, CallSite c, Set<String> out, int depth,
                                      Set<MethodRef> seen) {
        CallInfo ci = sem.calls(m).get(c.id());
        for (io.idemcheck.core.sql.SqlStatement st : ci.statements()) {
            for (io.idemcheck.core.sql.SqlFacts f : st.shapes()) {
                if (f.isWrite() && f.table() != null && !"?".equals(f.table())) {
                    out.add(f.table().toLowerCase(java.util.Locale.ROOT));
                }
            }
        }
        if (!ci.statements().isEmpty() || depth >= 3) {
            return;
        }
        if (ci.target().targets().stream().noneMatch(t -> t.method().hasBody()) && (ci.claim() || depth > 0)) {
            // a mapper reached through a type variable (BaseDao<T, M extends BaseMapper<T>>: M mapper) is not
            // resolved: the statements declared for a mapper method of that name say which tables it can write
            for (io.idemcheck.core.sql.SqlStatement st : sem.sqlModel().statements()) {
                if (c.name().equals(st.method())) {
                    for (io.idemcheck.core.sql.SqlFacts f : st.shapes()) {
                        if (f.isWrite() && f.table() != null && !"?".equals(f.table())) {
                            out.add(f.table().toLowerCase(java.util.Locale.ROOT));
                        }
                    }
                }
            }
            return;
        }
        for (MethodRef t : ci.target().targets()) {
            if (!t.method().hasBody() || !seen.add(t)) {
                continue;
            }
            for (CallSite x : t.method().body().calls()) {
                writtenTables(sem, t, x, out, depth + 1, seen);
            }
        }
    }

    /**
     * A check made by a caller: {@code m} writes the row whose key it was given as a parameter ({@code
     * updateStatus(id, status)}), and a caller passes that key after a same-row check ({@code find(id)},
     * {@code validateState(envelope)}, then {@code moveToRejected(id)}). Followed up through callers that pass the key
     * on ({@link io.idemcheck.core.index.ProjectIndex#callSitesOf}), at most {@code MAX_CALLER_DEPTH} calls up. Null
     * when no caller checks.
     */
    static CallerCheck findInCallers(Semantics sem, MethodRef m, CallSite c, Set<String> columns) {
        return findInCallers(sem, m, keyParams(sem, m, c), columns, List.of(), new java.util.HashSet<>());
    }

    /**
     * A same-row check found in a caller; {@code path} lists the calls from the checking caller down to the method
     * that writes (the first is in the method that checks).
     */
    record CallerCheck(List<CallerSite> path, SameRowCheck check) {

        /** The method that checks. */
        MethodRef caller() {
            return path.get(0).caller();
        }
    }

    private static final int MAX_CALLER_DEPTH = 3;

    private static CallerCheck findInCallers(Semantics sem, MethodRef m, Set<Integer> keys, Set<String> columns,
                                             List<CallerSite> below, Set<MethodRef> seen) {
        if (keys.isEmpty() || below.size() >= MAX_CALLER_DEPTH || !seen.add(m)) {
            return null;
        }
        for (CallerSite up : sem.index().callSitesOf(m)) {
            MethodRef k = up.caller();
            if (k.file().test() || !k.method().hasBody()) {
                continue;
            }
            CallSite cc = up.via();
            List<CallInfo> infos = sem.calls(k);
            // only the key arguments: a check must concern the row the callee writes
            CallSite keyed = keyedCall(cc, keys);
            List<CallerSite> path = new java.util.ArrayList<>();
            path.add(up);
            path.addAll(below);
            SameRowCheck check = find(sem, k, keyed, infos.get(cc.id()), columns, false);
            if (check != null) {
                return new CallerCheck(List.copyOf(path), check);
            }
            CallerCheck higher = findInCallers(sem, k, keyParams(sem, k, keyed), columns, path, seen);
            if (higher != null) {
                return higher;
            }
        }
        return null;
    }

    /** {@code cc} with only its arguments at {@code keys}: what it passes on as the written row's key. */
    private static CallSite keyedCall(CallSite cc, Set<Integer> keys) {
        List<io.idemcheck.core.facts.Arg> args = new java.util.ArrayList<>();
        for (int i = 0; i < cc.args().size(); i++) {
            io.idemcheck.core.facts.Arg a = cc.args().get(i);
            args.add(keys.contains(i) ? a : new io.idemcheck.core.facts.Arg("", Set.of(), Set.of(), null));
        }
        return new CallSite(cc.id(), cc.name(), cc.receiver(), args, cc.range(), cc.text(), cc.use(), cc.assignedTo(),
                cc.loopIds(), cc.arms(), cc.guardIds(), cc.lambdaId(), cc.catchDepth());
    }

    /**
     * The positions of {@code m}'s parameters that the write {@code c} uses as its row: an argument of {@code c}
     * (or the receiver) that reads the parameter itself ({@code id}, {@code envelope.getId()}); a row loaded by it
     * ({@code findByParent(code)}) is another row.
     */
    private static Set<Integer> keyParams(Semantics sem, MethodRef m, CallSite c) {
        Set<String> names = new java.util.LinkedHashSet<>();
        for (io.idemcheck.core.facts.Arg a : c.args()) {
            names.addAll(a.names());
        }
        if (c.receiver().kind() == io.idemcheck.core.facts.Receiver.Kind.NAME) {
            names.add(c.receiver().name());
        }
        // the parameter itself, not what derives from it through a read: queryByParentCode(code) loads another row
        Set<String> roots = new java.util.LinkedHashSet<>(names);
        Set<Integer> out = new java.util.LinkedHashSet<>();
        List<MethodFacts.Param> ps = m.method().params();
        for (int i = 0; i < ps.size(); i++) {
            if (roots.contains(ps.get(i).name())) {
                out.add(i);
            }
        }
        return out;
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

    /**
     * A statement call that throws unless its argument is true, as a guard of that argument, or null: one of the
     * catalog's {@code assertionGuardCalls} ({@code Assert.isTrue(cond, "..")}, argument 0), or a project helper whose
     * body throws unless its boolean parameter N is true ({@code Checks.require(cond, "..")}, directly or through the
     * helpers it calls: {@link Semantics#throwsUnless}). The guard's id is -1: what it guards is the code it dominates.
     */
    static GuardFact assertionGuard(Semantics sem, MethodRef m, CallSite h) {
        if (h.use() != CallSite.Use.DISCARDED || h.args().isEmpty()) {
            return null;
        }
        int n = sem.throwsUnless(m, h);
        if (n < 0 || n >= h.args().size()) {
            return null;
        }
        io.idemcheck.core.facts.Arg a = h.args().get(n);
        return new GuardFact(-1, a.text(), a.names(), a.callIds(), true, h.range());
    }

    /**
     * The call that makes if-guard {@code g} an early exit, or null: the if has no else and its then-branch ends with
     * a call statement of a helper that always throws ({@code if (s != PENDING) fail("..")}), so what follows the if
     * runs only when its condition is false, as after {@code if (..) throw ..}.
     */
    static CallSite throwingExit(Semantics sem, MethodRef m, GuardFact g) {
        if (g.id() < 0) {
            return null;
        }
        io.idemcheck.core.facts.ExitFacts.IfExit x = m.method().body().exits().ifExit(g.id());
        if (x == null) {
            return null;
        }
        CallSite c = m.method().body().calls().get(x.callId());
        return sem.throwsUnless(m, c) == io.idemcheck.core.facts.ExitFacts.ALWAYS ? c : null;
    }

    /**
     * True when {@code c} runs only after the if of guard {@code g}, whose then-branch ends with the throwing call
     * {@code exit}, let it through: later, in the same lambda, under every guard and arm around the if.
     */
    static boolean afterExit(Body body, GuardFact g, CallSite exit, CallSite c) {
        if (c.id() <= exit.id() || c.lambdaId() != exit.lambdaId()) {
            return false;
        }
        int branch = body.exits().ifExit(g.id()).branch();
        for (int gid : exit.guardIds()) {
            if (gid != g.id() && !c.guardIds().contains(gid)) {
                return false;
            }
        }
        for (CallSite.Arm a : exit.arms()) {
            if (a.branchId() != branch && !c.arms().contains(a)) {
                return false;
            }
        }
        return true;
    }

    /** True when every run of {@code c} runs {@code h} first: later, same lambda, inside every arm and guard of h. */
    static boolean dominates(CallSite h, CallSite c) {
        return c.id() > h.id() && c.lambdaId() == h.lambdaId() && c.guardIds().containsAll(h.guardIds())
                && c.arms().containsAll(h.arms());
    }

    private static final java.util.regex.Pattern WHERE_WORD = java.util.regex.Pattern.compile("(?i)\\bWHERE\\b");

    /**
     * A compare-and-set: the WHERE clause compares a column the statement also sets with a value other than the one
     * it writes ({@code SET status = #{next}, last_txn_no = #{txn} WHERE id = #{id} AND last_txn_no = #{expected}}).
     * A second run that read the same old value finds the column moved and updates nothing, so the transition is
     * fenced like a version check. The same named value on both sides ({@code SET id = #{id} WHERE id = #{id}}), or
     * positional parameters on a column named {@code id}, is a key.
     */
    static boolean expectedOldValue(io.idemcheck.core.sql.SqlFacts f) {
        String text = f.text();
        if (text == null || f.kind() != io.idemcheck.core.sql.SqlFacts.Kind.UPDATE) {
            return false;
        }
        java.util.regex.Matcher wm = WHERE_WORD.matcher(text);
        if (!wm.find()) {
            return false;
        }
        String set = text.substring(0, wm.start());
        String where = text.substring(wm.end());
        for (String c : f.setColumns()) {
            if (!f.whereColumns().contains(c)) {
                continue;
            }
            String col = "(?i)(?<![\\w.])(?:\\w+\\.)?[`\"]?" + java.util.regex.Pattern.quote(c)
                    + "[`\"]?\\s*=\\s*";
            java.util.regex.Matcher old = java.util.regex.Pattern.compile(col
                    + "(#\\{[^}]*}|\\$\\{[^}]*}|\\?|:\\w+|'[^']*'|-?\\d+(?:\\.\\d+)?)").matcher(where);
            java.util.regex.Matcher now = java.util.regex.Pattern.compile(col + "([^,]+?)\\s*(?:,|$)").matcher(set);
            if (!old.find()) {
                continue;
            }
            String was = old.group(1).replaceAll("\\s+", "");
            String next = now.find() ? now.group(1).replaceAll("\\s+", "") : null;
            if (was.equals("?") ? !c.equalsIgnoreCase("id") : !was.equals(next)) {
                return true;
            }
        }
        return false;
    }
}
