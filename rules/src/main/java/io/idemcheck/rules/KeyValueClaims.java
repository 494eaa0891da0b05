package io.idemcheck.rules;

import io.idemcheck.core.catalog.Catalog;
import io.idemcheck.core.catalog.Vocabulary;
import io.idemcheck.core.facts.Arg;
import io.idemcheck.core.facts.Body;
import io.idemcheck.core.facts.CallSite;
import io.idemcheck.core.facts.GuardFact;
import io.idemcheck.core.facts.LocalVar;
import io.idemcheck.core.facts.MethodFacts;
import io.idemcheck.core.facts.Receiver;
import io.idemcheck.core.facts.TypeFacts;
import io.idemcheck.core.index.CallerSite;
import io.idemcheck.core.index.MethodRef;
import io.idemcheck.core.index.ResolvedType;
import io.idemcheck.core.index.TypeEntry;
import io.idemcheck.core.model.Project;
import io.idemcheck.core.summary.CallInfo;
import io.idemcheck.core.summary.Semantics;

import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * A claim over a key-value store that cannot lose (IDEM003): a boolean method that a caller acts on as a claim
 * ({@code if (repo.lockParticipant(p)) recover(p)}) whose write stores the caller's whole record, its status included,
 * with a key-value write that compares nothing (Redis {@code SET}/{@code HSET}, an etcd {@code put} outside a
 * transaction, ZooKeeper {@code setData} with any version or with the version the method has just read itself,
 * Curator {@code setData().forPath}), and whose result it discards. The method returns true whoever wrote in between,
 * so two instances that read the same record both win, both go on, and the later write puts a stale status back.
 * The store APIs are the catalog's {@code keyValueWrites}, {@code keyValueVersionedWrites},
 * {@code keyValueVersionReads} and {@code keyValueConditionArgs}.
 */
final class KeyValueClaims {

    /**
     * One claim that cannot lose.
     *
     * @param method the claiming method
     * @param write  its blind key-value write
     * @param store  what the write is, for messages ("Jedis.hset (HSET)", "ZooKeeper.setData with the version ..")
     * @param record the parameter whose record (with its status) is written
     * @param caller a caller that acts on the result as a claim, with the call
     */
    record Claim(MethodRef method, CallSite write, String store, MethodFacts.Param record, CallerSite caller) {
    }

    private KeyValueClaims() {
    }

    /**
     * The claim that cannot lose declared by {@code m}, or null: {@code m} returns a boolean, a caller branches on it,
     * and a blind key-value write of a status-carrying parameter comes after every decision the method makes.
     */
    static Claim of(Project project, MethodRef m) {
        MethodFacts mf = m.method();
        if (m.file().test() || !mf.hasBody() || mf.returnType() == null
                || !(mf.returnType().name().equals("boolean") || mf.returnType().name().equals("Boolean"))) {
            return null;
        }
        Semantics sem = project.semantics();
        Body body = mf.body();
        List<CallSite> calls = body.calls();
        for (CallSite w : calls) {
            if (w.lambdaId() >= 0 || w.catchDepth() > 0 || w.use() != CallSite.Use.DISCARDED) {
                continue; // a write whose result decides something, or one on a failure path
            }
            String store = blindWrite(project, m, w, true);
            if (store == null) {
                continue;
            }
            MethodFacts.Param record = statusRecord(project, m, w);
            if (record == null || decidesLater(calls, w) || comparedUnderLock(sem, m, w, record)) {
                continue;
            }
            CallerSite caller = claimingCaller(project.index().callSitesOf(m));
            if (caller != null) {
                return new Claim(m, w, store, record, caller);
            }
        }
        return null;
    }

    /**
     * What the blind key-value write {@code c} is, or null when it is none: a catalogued write with no condition in
     * its arguments, a versioned write given any version or the version just read by the same method, or (with
     * {@code follow}) a call of project methods that each make such a write.
     */
    static String blindWrite(Project project, MethodRef m, CallSite c, boolean follow) {
        Catalog cat = project.catalog();
        for (String key : keys(project, m, c)) {
            if (cat.terms(Vocabulary.KEY_VALUE_WRITES).has(key)) {
                return conditional(cat, m, c) ? null : key + " (stores the value whatever is stored there)";
            }
            if (cat.terms(Vocabulary.KEY_VALUE_VERSIONED_WRITES).has(key) && c.argCount() > 0) {
                Arg version = c.args().get(c.argCount() - 1);
                if (version.text().trim().equals("-1")) {
                    return key + " with version -1 (any version)";
                }
                if (readHere(project, m, version)) {
                    return key + " with the version `" + version.text() + "` that this method has just read itself, "
                            + "not the version the caller saw";
                }
                return null;
            }
        }
        if (!follow) {
            return null;
        }
        CallInfo ci = project.semantics().calls(m).get(c.id());
        String found = null;
        for (MethodRef t : ci.target().targets()) {
            if (!t.method().hasBody()) {
                continue;
            }
            String inner = null;
            for (CallSite x : t.method().body().calls()) {
                inner = blindWrite(project, t, x, false);
                if (inner != null) {
                    break;
                }
            }
            if (inner == null) {
                return null; // one implementation writes conditionally, or not to a store
            }
            found = found != null ? found : Semantics.display(c) + " (" + t.type().simpleName() + "."
                    + t.method().name() + "() runs " + inner + ")";
        }
        return found;
    }

    /**
     * The names a call is matched under: {@code Type.method} for the receiver's declared or resolved type, and
     * {@code accessor().method} for a call chained on an accessor's result ({@code client.getKVClient().put}).
     */
    private static Set<String> keys(Project project, MethodRef m, CallSite c) {
        Set<String> out = new LinkedHashSet<>();
        Receiver r = c.receiver();
        if (r.kind() == Receiver.Kind.CALL && r.callId() >= 0 && r.callId() < m.method().body().calls().size()) {
            out.add(m.method().body().calls().get(r.callId()).name() + "()." + c.name());
            return out;
        }
        if ((r.kind() == Receiver.Kind.NAME || r.kind() == Receiver.Kind.FIELD) && r.name() != null) {
            project.index().variableType(m, r.name(), r.kind() == Receiver.Kind.FIELD)
                    .ifPresent(t -> out.add(t.simpleName() + "." + c.name()));
        }
        ResolvedType rt = project.semantics().calls(m).get(c.id()).target().receiverType();
        if (rt != null && rt != ResolvedType.UNKNOWN) {
            out.add(rt.simpleName() + "." + c.name());
        }
        return out;
    }

    /** An argument of the write, or the initializer of a local it passes, carries a condition (NX). */
    private static boolean conditional(Catalog cat, MethodRef m, CallSite c) {
        Pattern cond = cat.terms(Vocabulary.KEY_VALUE_CONDITION_ARGS).regex("(?i)(%s)");
        for (Arg a : c.args()) {
            if (cond.matcher(a.text()).find()) {
                return true;
            }
            for (String n : a.names()) {
                LocalVar lv = m.method().body().locals().get(n);
                if (lv != null && lv.initText() != null && cond.matcher(lv.initText()).find()) {
                    return true;
                }
            }
        }
        return false;
    }

    /** The version argument reads only locals that this method filled from a catalogued version read. */
    private static boolean readHere(Project project, MethodRef m, Arg version) {
        Body body = m.method().body();
        if (version.names().isEmpty()) {
            return false;
        }
        for (String n : version.names()) {
            LocalVar lv = body.locals().get(n);
            if (lv == null || lv.initCallIds().isEmpty()) {
                return false; // a parameter, a field or a constant: the caller's expected version
            }
            boolean read = false;
            for (int id : lv.initCallIds()) {
                CallSite x = body.calls().get(id);
                for (String key : keys(project, m, x)) {
                    read |= project.catalog().terms(Vocabulary.KEY_VALUE_VERSION_READS).has(key);
                }
            }
            if (!read) {
                return false;
            }
        }
        return true;
    }

    /**
     * The parameter whose record the write stores (an argument reads it, directly or through a local filled from it)
     * when its type is a project type carrying a status (a status accessor or a status-like field); else null.
     */
    private static MethodFacts.Param statusRecord(Project project, MethodRef m, CallSite w) {
        Set<String> names = new LinkedHashSet<>();
        for (Arg a : w.args()) {
            names.addAll(a.names());
            for (String n : a.names()) {
                LocalVar lv = m.method().body().locals().get(n);
                if (lv != null) {
                    names.addAll(lv.sources());
                }
            }
        }
        for (MethodFacts.Param p : m.method().params()) {
            if (names.contains(p.name()) && carriesStatus(project, m, p)) {
                return p;
            }
        }
        return null;
    }

    private static boolean carriesStatus(Project project, MethodRef m, MethodFacts.Param p) {
        TypeEntry e = project.index().typeOf(project.index().resolveType(p.type().name(), m.owner())).orElse(null);
        if (e == null) {
            return false;
        }
        Catalog cat = project.catalog();
        TypeFacts t = e.type();
        for (MethodFacts x : t.methods()) {
            if (x.params().isEmpty() && cat.terms(Vocabulary.STATUS_ACCESSORS).matching(x.name()) != null) {
                return true;
            }
        }
        for (String f : t.fields().keySet()) {
            String col = column(f);
            if (cat.isStatusColumn(col) && !cat.terms(Vocabulary.FLAG_COLUMNS).has(col)) {
                return true;
            }
        }
        return false;
    }

    /**
     * The write runs under a distributed lock, after a guard in the locked region that compares the record's version
     * or status and leaves the method: the lock serialises the compare and the write, so a run that lost returns
     * before writing.
     */
    private static boolean comparedUnderLock(Semantics sem, MethodRef m, CallSite w, MethodFacts.Param record) {
        Body body = m.method().body();
        for (io.idemcheck.core.summary.Locks.Lock l : io.idemcheck.core.summary.Locks.in(sem, m)) {
            if (!l.holds(body, w)) {
                continue;
            }
            for (GuardFact g : body.guards()) {
                if (!g.earlyExit() || g.range().line() < l.range().line() || g.range().line() > w.range().line()
                        || !comparesVersionOrStatus(sem.catalog(), body, g)) {
                    continue;
                }
                Set<String> read = new LinkedHashSet<>(g.names());
                for (String n : g.names()) {
                    LocalVar lv = body.locals().get(n);
                    if (lv != null) {
                        read.addAll(lv.sources());
                    }
                }
                if (read.contains(record.name())) {
                    return true;
                }
            }
        }
        return false;
    }

    /**
     * The guard reads a status (a catalogued status accessor) or a version (an accessor or a variable named for a
     * catalogued fencing column: getVersion(), currentVersion).
     */
    private static boolean comparesVersionOrStatus(Catalog cat, Body body, GuardFact g) {
        for (int id : g.callIds()) {
            String name = body.calls().get(id).name();
            if (cat.terms(Vocabulary.STATUS_ACCESSORS).matching(name) != null
                    || name.startsWith("get") && cat.isFencingColumn(column(name.substring(3)))) {
                return true;
            }
        }
        for (String n : g.names()) {
            if (cat.isFencingColumn(column(n))) {
                return true;
            }
        }
        return false;
    }

    /** A Java name as a lower-case column name (currentVersion gives current_version). */
    private static String column(String javaName) {
        return javaName.replaceAll("([a-z0-9])([A-Z])", "$1_$2").toLowerCase(Locale.ROOT);
    }

    /** A later call on the main path (not a failure path) whose result is tested or returned: it decides the result. */
    private static boolean decidesLater(List<CallSite> calls, CallSite w) {
        for (CallSite x : calls) {
            if (x.id() <= w.id() || x.catchDepth() > 0 || x.lambdaId() >= 0 || x.exclusiveWith(w)) {
                continue;
            }
            if (x.use() == CallSite.Use.CONDITION || x.use() == CallSite.Use.RETURNED) {
                return true;
            }
        }
        return false;
    }

    /** A caller that branches on the result (directly, or through the variable it assigns it to), or null. */
    private static CallerSite claimingCaller(List<CallerSite> callers) {
        for (CallerSite k : callers) {
            if (k.caller().file().test()) {
                continue;
            }
            CallSite cc = k.via();
            if (cc.use() == CallSite.Use.CONDITION) {
                return k;
            }
            if (cc.use() == CallSite.Use.ASSIGNED && cc.assignedTo() != null) {
                for (GuardFact g : k.caller().method().body().guards()) {
                    if (g.names().contains(cc.assignedTo()) && g.range().line() >= cc.range().line()) {
                        return k;
                    }
                }
            }
        }
        return null;
    }
}
