package io.idemcheck.core.summary;

import io.idemcheck.core.catalog.Vocabulary;
import io.idemcheck.core.facts.CallSite;
import io.idemcheck.core.facts.MethodFacts;
import io.idemcheck.core.index.MethodRef;
import io.idemcheck.core.index.ProjectIndex;
import io.idemcheck.core.index.ResolvedType;
import io.idemcheck.core.index.TypeEntry;
import io.idemcheck.core.sql.SqlFacts;

import java.util.Collections;
import java.util.IdentityHashMap;
import java.util.Map;
import java.util.Set;

/**
 * Query: whether a call, or any call in a method's body (transitively through project methods), writes to the
 * database. Per-method answers are memoised under the assembler's lock.
 */
final class DatabaseWrites {

    private static final int MAX_DEPTH = 64;

    private final ProjectIndex index;
    private final DataAccess dataAccess;
    private final CallFacts facts;
    private final Object lock;

    DatabaseWrites(ProjectIndex index, DataAccess dataAccess, CallFacts facts, Object lock) {
        this.index = index;
        this.dataAccess = dataAccess;
        this.facts = facts;
        this.lock = lock;
    }

    private final Map<MethodFacts, Boolean> writesDb // guarded by lock
            = new IdentityHashMap<>();
    private final Set<MethodFacts> writesDbInProgress = Collections.newSetFromMap(new IdentityHashMap<>());

    /**
     * True when call {@code c} of {@code m} writes to the database: it runs an INSERT, UPSERT, UPDATE or DELETE
     * (as far as its SQL is visible), records state, is a claim, is a database-local effect, is a data-access method
     * named insert*, update*, delete*, save*, remove* (and alike) whose SQL is not visible, or reaches a project
     * method whose body does one of these (transitively, cycles count as no write).
     */
    public boolean writesDatabase(MethodRef m, CallSite c) {
        CallInfo ci = facts.calls(m).get(c.id());
        if (ci.record() != null || ci.claim() || ci.effect() != null && ci.effect().isDatabaseLocal()) {
            return true;
        }
        if (Effects.known(ci.statements())) {
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
        return te != null && dataAccess.isDataAccess(te) && index.catalog().terms(Vocabulary.DB_WRITE_METHOD_NAMES).has(c.name());
    }

    /** True when some call in {@code m}'s body writes to the database ({@link #writesDatabase}). Cached. */
    public boolean methodWritesDatabase(MethodRef m) {
        synchronized (lock) {
            return computeWrites(m);
        }
    }

    private boolean computeWrites(MethodRef m) {
        Boolean b = writesDb.get(m.method());
        if (b != null) {
            return b;
        }
        if (!m.method().hasBody() || !writesDbInProgress.add(m.method())) {
            // no body, or a cycle back to a method still being summarised: counts as no write; the caller's mark
            // stays (removing it here let the cycle be entered again and again, until the stack overflowed)
            return false;
        }
        if (writesDbInProgress.size() > MAX_DEPTH) {
            writesDbInProgress.remove(m.method()); // added just above by this call
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
}
