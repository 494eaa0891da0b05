package io.idemcheck.rules;

import io.idemcheck.core.catalog.Catalog;
import io.idemcheck.core.catalog.Vocabulary;
import io.idemcheck.core.facts.Arg;
import io.idemcheck.core.facts.CallSite;
import io.idemcheck.core.facts.MethodFacts;
import io.idemcheck.core.facts.Receiver;
import io.idemcheck.core.index.CallerSite;
import io.idemcheck.core.index.MethodRef;
import io.idemcheck.core.sql.SqlFacts;
import io.idemcheck.core.sql.SqlStatement;
import io.idemcheck.core.summary.Semantics;

import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

/**
 * Whether a blind status write that runs unattended writes a row read from storage. A write whose only reason is
 * "runs unattended" is a transition race only when the row it writes was read from the database first (loaded by a
 * read call or iterated from a query, here or in a caller that passes the row or its key on), or when its WHERE
 * chooses rows by a condition other than the row's own key ({@code WHERE order_sn = ?} on the order's items). A
 * process persisting its own in-memory copy of an entity by id (a state machine that owns the instance) reads no
 * stored status that another writer could have changed: there is no read-then-write window to lose an update in.
 */
final class StoredRows {

    private static final int MAX_CALLER_DEPTH = 3;

    private StoredRows() {
    }

    /**
     * True when the unattended blind write {@code c} in {@code m} of {@code st} writes rows that were read from
     * storage, or that its WHERE chooses by something other than their own key.
     */
    static boolean writesStoredRow(Semantics sem, MethodRef m, CallSite c, SqlStatement st) {
        if (!byOwnKey(sem.catalog(), st)) {
            return true;
        }
        return readBefore(sem, m, c, argNames(c), 0);
    }

    /** Every blind shape constrains only the row's own key (a bare key column: id, sn, code, ..). */
    static boolean byOwnKey(Catalog cat, SqlStatement st) {
        boolean any = false;
        for (SqlFacts f : st.shapes()) {
            if (!StatusWriteShapes.transitionShape(cat, f) || StatusWriteShapes.fencedShape(cat, f)) {
                continue;
            }
            if (f.whereColumns().isEmpty()) {
                return false;
            }
            for (String w : f.whereColumns()) {
                if (!cat.terms(Vocabulary.ROW_KEY_NAMES).has(w.toLowerCase(java.util.Locale.ROOT))) {
                    return false;
                }
            }
            any = true;
        }
        return any;
    }

    /**
     * The variable holds a stored row or its key: it is initialised by a read call (a SELECT, a data-access method),
     * or it is the element of a loop: in the writing method over anything but a literal list, in a caller over rows a
     * query selected (a caller looping over in-memory objects it owns passes no stored row on).
     */
    private static boolean loaded(Semantics sem, MethodRef m, String n, int depth) {
        io.idemcheck.core.facts.Body body = m.method().body();
        for (io.idemcheck.core.facts.LoopFact l : body.loops()) {
            if (l.vars().contains(n) && (depth == 0 ? !sem.loopOverLiteral(m, l, Integer.MAX_VALUE)
                    : sem.loopOverSelectedRows(m, l) || l.names().stream().anyMatch(x -> readInto(sem, m, x)))) {
                return true;
            }
        }
        return readInto(sem, m, n);
    }

    /** The local is initialised by a read call (a SELECT, a data-access method). */
    private static boolean readInto(Semantics sem, MethodRef m, String n) {
        io.idemcheck.core.facts.Body body = m.method().body();
        io.idemcheck.core.facts.LocalVar lv = body.locals().get(n);
        if (lv != null) {
            for (int id : lv.initCallIds()) {
                if (CheckThenActStatusGuard.isRead(sem, m, body.calls().get(id))) {
                    return true;
                }
            }
        }
        return false;
    }

    /**
     * The names a write uses, with what earlier calls on them were passed ({@code example.createCriteria()
     * .andIdEqualTo(r.getId())} puts {@code r} into {@code example}).
     */
    private static Set<String> withBuilderArgs(MethodRef m, CallSite c, Set<String> names) {
        Set<String> out = new LinkedHashSet<>(names);
        if (c == null) {
            return out;
        }
        List<CallSite> calls = m.method().body().calls();
        for (CallSite x : calls) {
            if (x.id() >= c.id()) {
                break;
            }
            CallSite r = x;
            int hops = 0;
            while (r.receiver().kind() == Receiver.Kind.CALL && r.receiver().callId() >= 0
                    && r.receiver().callId() < calls.size() && hops++ < 8) {
                r = calls.get(r.receiver().callId());
            }
            if (r.receiver().kind() == Receiver.Kind.NAME && names.contains(r.receiver().name())) {
                for (Arg a : x.args()) {
                    out.addAll(a.names());
                }
            }
        }
        return out;
    }

    private static final java.util.regex.Pattern BARE_NAME =
            java.util.regex.Pattern.compile("([A-Za-z_]\\w*)(?:\\.toString\\(\\))?");

    /** The read call is passed one of the names as is ({@code getBySn(orderSn)}), not an accessor of another row. */
    private static boolean passesKey(CallSite read, Set<String> names) {
        for (Arg a : read.args()) {
            java.util.regex.Matcher mt = BARE_NAME.matcher(a.text().trim());
            if (mt.matches() && names.contains(mt.group(1))) {
                return true;
            }
        }
        return false;
    }

    private static Set<String> argNames(CallSite c) {
        Set<String> names = new LinkedHashSet<>();
        for (Arg a : c.args()) {
            names.addAll(a.names());
        }
        if (c.receiver().kind() == Receiver.Kind.NAME) {
            names.add(c.receiver().name());
        }
        return names;
    }

    /**
     * A name the write uses (or one it derives from) holds a row loaded from storage in {@code m}, or an earlier read
     * call of {@code m} was passed the same name as is (the key: {@code getBySn(sn)} then {@code update(.. eq(sn))}); else,
     * for the names that are parameters of {@code m}, the same question about what each caller passes.
     */
    private static boolean readBefore(Semantics sem, MethodRef m, CallSite c, Set<String> names, int depth) {
        Set<String> all = withBuilderArgs(m, c, names);
        all.addAll(sem.roots(m, all));
        for (String n : all) {
            if (loaded(sem, m, n, depth)) {
                return true;
            }
        }
        for (CallSite x : m.method().body().calls()) {
            if (c != null && x.id() >= c.id()) {
                break;
            }
            if (c != null && x.exclusiveWith(c)) {
                continue;
            }
            if (CheckThenActStatusGuard.isRead(sem, m, x) && passesKey(x, all)) {
                return true;
            }
        }
        if (depth >= MAX_CALLER_DEPTH) {
            return false;
        }
        List<MethodFacts.Param> params = m.method().params();
        Set<Integer> passed = new LinkedHashSet<>();
        for (int i = 0; i < params.size(); i++) {
            if (all.contains(params.get(i).name())) {
                passed.add(i);
            }
        }
        if (passed.isEmpty()) {
            return false;
        }
        for (CallerSite up : sem.index().callSitesOf(m)) {
            Set<String> upNames = new LinkedHashSet<>();
            for (int i : passed) {
                if (i < up.via().args().size()) {
                    upNames.addAll(up.via().args().get(i).names());
                }
            }
            if (!upNames.isEmpty() && readBefore(sem, up.caller(), up.via(), upNames, depth + 1)) {
                return true;
            }
        }
        return false;
    }
}
