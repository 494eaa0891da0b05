package io.idemcheck.rules;

import io.idemcheck.core.catalog.Vocabulary;
import io.idemcheck.core.facts.CallSite;
import io.idemcheck.core.facts.GuardFact;
import io.idemcheck.core.facts.TypeRef;
import io.idemcheck.core.index.MethodRef;
import io.idemcheck.core.index.TypeEntry;
import io.idemcheck.core.sql.SqlStatement;
import io.idemcheck.core.summary.CallInfo;
import io.idemcheck.core.summary.Semantics;
import io.idemcheck.core.summary.StatusRows;
import io.idemcheck.rules.CheckThenActStatusGuard.StatusCheck;

import java.util.List;

/**
 * The act side of IDEM004 ({@link CheckThenActStatusGuard}): whether a call a status check guards writes the checked
 * column (an UPDATE, an entity save after its setter, a status setter on a JPA-managed entity written at commit by
 * dirty checking, a save handed to a data-access facade), and whether that write is atomic anyway (a conditional
 * update, a checked claim, an optimistic-lock entity, a lock held since the read).
 */
final class StatusActs {

    private StatusActs() {
    }

    /**
     * A status setter on a JPA-managed entity with no explicit save, inside a transaction: dirty checking writes it
     * when the transaction commits ({@link Semantics#dirtyWrite}), so the setter is the write of its column.
     */
    static boolean dirtyWrite(Semantics sem, MethodRef m, CallSite c) {
        return c.receiver().kind() == io.idemcheck.core.facts.Receiver.Kind.NAME && sem.dirtyWrite(m, c) != null;
    }

    /** The variable's project type has an optimistic-lock field ({@code @Version}, JPA or MyBatis-Plus). */
    private static boolean versionedEntity(Semantics sem, MethodRef m, String var) {
        TypeRef tr = sem.index().variableType(m, var, false).orElse(null);
        if (tr == null) {
            return false;
        }
        TypeEntry te = sem.index().typeOf(sem.index().resolveType(tr.name(), m.file(), m.type())).orElse(null);
        return te != null && te.type().fields().keySet().stream().anyMatch(f -> te.type().fieldHas(f, "Version"));
    }

    /**
     * True when the write sets the checked status column: an entity save of the checked variable after a setter of
     * that field ({@code o.setStatus(X); repo.save(o)}), an UPDATE whose SET list has the column, or a status update
     * whose SQL is not visible (recognised by its name). A write of other columns only, or an insert, is not an act
     * on the checked status.
     */
    static boolean writesCheckedColumn(Semantics sem, MethodRef m, CallSite c, CallInfo ci, StatusCheck sc, String field) {
        if (dirtyWrite(sem, m, c)) {
            return StatusRows.norm(c.name()).equals(field); // o.setStatus(PAID) on a managed entity, written at commit
        }
        java.util.Set<String> written = StatusRows.writtenColumns(m, c, ci, sc.variable());
        if (written.contains(field)) {
            return true;
        }
        // a status update whose SQL is not visible, named for the checked column (updateStatus for status)
        String name = c.name().toLowerCase(java.util.Locale.ROOT);
        return written.isEmpty() && ci.isRecord() && ci.statements().isEmpty() && name.startsWith("update")
                && (name.contains(field) || field.endsWith(name.contains("status") ? "status" : "state")
                && (name.contains("status") || name.contains("state")));
    }

    /**
     * The call hands its argument to a data-access method named for a write ({@code executionDAO.updateWorkflow(w)}
     * inside a facade's {@code updateWorkflow(w)}), at most two calls down, whose implementations' SQL is not visible
     * (a store behind an interface with several back ends): by its name it writes the row.
     */
    static boolean savesThroughDataAccess(Semantics sem, CallSite c, CallInfo ci, int depth) {
        if (c.args().isEmpty()) {
            return false;
        }
        io.idemcheck.core.index.TypeEntry te = sem.index().typeOf(ci.target().receiverType()).orElse(null);
        if (te != null && sem.isDataAccess(te) && sem.catalog().terms(Vocabulary.DB_WRITE_METHOD_NAMES).has(c.name())) {
            return true;
        }
        if (depth >= 2) {
            return false;
        }
        for (MethodRef t : ci.target().targets()) {
            if (!t.method().hasBody() || t.file().test() || t.method().params().isEmpty()) {
                continue;
            }
            List<CallInfo> tinfos = sem.calls(t);
            for (CallSite x : t.method().body().calls()) {
                boolean passesParam = x.args().stream().anyMatch(a -> t.method().params().stream()
                        .anyMatch(p -> a.text().trim().equals(p.name())));
                if (passesParam && savesThroughDataAccess(sem, x, tinfos.get(x.id()), depth + 1)) {
                    return true;
                }
            }
        }
        return false;
    }


    /**
     * The row was read with a lock held until the write ({@code SELECT .. FOR UPDATE}, a pessimistic-lock repository
     * method) inside a transaction: a second run waits, then reads the new status and fails the check.
     */
    static boolean lockedRead(Semantics sem, MethodRef m, StatusCheck sc, CallSite c) {
        return NonConditionalStatusUpdate.lockedBefore(sem, m, c, sem.calls(m));
    }


    /** The act is a conditional update itself, or a checked conditional claim guards it. */
    static boolean safe(Semantics sem, MethodRef m, CallSite c, CallInfo ci) {
        if (ci.claim()) {
            return true;
        }
        if (ci.isRecord() && ci.statements().isEmpty() && "name".equals(ci.basis()) && rowCountChecked(sem, m, c)) {
            return true; // a status update whose SQL is not visible, used as a compare-and-set by its row count
        }
        if (fencedWrite(sem, ci) && rowCountChecked(sem, m, c)) {
            return true; // a version, last-modified or expected-old-value fence whose count decides: a compare-and-set
        }
        if (dirtyWrite(sem, m, c) && versionedEntity(sem, m, c.receiver().name())) {
            return true; // the commit's update of a managed @Version entity matches the version read: JPA throws
        }
        if (versionFenced(ci) && (!c.name().equals("updateById") && !c.name().startsWith("updateByPrimaryKey")
                || rowCountChecked(sem, m, c))) {
            return true; // an optimistic-lock entity write: JPA's save throws, MyBatis-Plus's checked count is 0
        }
        String table = ci.statements().stream().map(SqlStatement::table).filter(java.util.Objects::nonNull)
                .findFirst().orElse(null);
        return StatusChecks.coveringClaim(sem, m, c, table) != null;
    }

    /**
     * Every status transition the call runs is fenced as IDEM003 reads a fence
     * ({@link StatusWriteShapes#fencedShape}, or a status subquery over the same table: a predicate on the status it sets, a version,
     * last-modified, owner or lease column of the catalog's {@code fencingColumns}, an expected old value of a column it
     * sets). With its row count checked, the write is a compare-and-set: a second run that read the same old row
     * updates nothing and stops, whatever state it moves the row to.
     */
    static boolean fencedWrite(Semantics sem, CallInfo ci) {
        io.idemcheck.core.catalog.Catalog cat = sem.catalog();
        List<io.idemcheck.core.sql.SqlFacts> shapes = ci.statements().stream().flatMap(st -> st.shapes().stream())
                .filter(f -> StatusWriteShapes.transitionShape(cat, f)).toList();
        // a CASE decided by the row's own columns is not blind, but its count is always 1: no compare-and-set
        return !shapes.isEmpty() && shapes.stream().allMatch(f -> StatusWriteShapes.fencedShape(cat, f)
                || StatusWriteShapes.fencedInSubquery(cat, f));
    }

    /**
     * The write is a save of an entity with an optimistic-lock field (JPA or MyBatis-Plus {@code @Version}): every
     * status-writing statement it runs is an entity save matched on the version read with the row, so a second run
     * that read the same old row writes nothing (JPA throws, an {@code updateById} returns 0).
     */
    private static boolean versionFenced(CallInfo ci) {
        List<SqlStatement> writes = ci.statements().stream().filter(SqlStatement::statusWrite).toList();
        return !writes.isEmpty() && writes.stream().allMatch(st -> st.source() == SqlStatement.Source.ENTITY_SAVE
                && st.conditional());
    }

    /**
     * The write's row count is checked: tested in a condition, assigned to a variable a guard reads, or returned from
     * the method ({@code return mapper.cas(..) == 1}, or the count itself): the caller decides on it. An expression
     * lambda's value ({@code ids.forEach(id -> mapper.cas(id))}) is not a return of the method.
     */
    private static boolean rowCountChecked(Semantics sem, MethodRef m, CallSite c) {
        if (c.use() == CallSite.Use.CONDITION) {
            return true;
        }
        if (c.use() == CallSite.Use.RETURNED && c.lambdaId() < 0 && !"void".equals(m.method().returnType().name())) {
            return true;
        }
        if (c.assignedTo() == null) {
            return false;
        }
        for (GuardFact g : m.method().body().guards()) {
            if (sem.roots(m, g.names()).contains(c.assignedTo())) {
                return true;
            }
        }
        return false;
    }


    /**
     * A status write whose only value is the state the guard tested for ({@code if (!"ARCHIVED".equals(s))
     * updateStatus(id, "ARCHIVED")}) converges: a second or concurrent run writes the same value again.
     */
    static boolean writesCheckedValue(CallSite c, CallInfo ci, GuardFact g) {
        java.util.Set<String> written = new java.util.LinkedHashSet<>();
        for (io.idemcheck.core.sql.SqlStatement st : ci.statements()) {
            for (io.idemcheck.core.sql.SqlFacts f : st.shapes()) {
                f.statusValues().stream().filter(v -> !v.equals("?") && !v.isBlank()).forEach(written::add);
            }
        }
        for (io.idemcheck.core.facts.Arg a : c.args()) {
            if (a.stringValue() != null && a.stringValue().matches("[A-Za-z_]{2,}")) {
                written.add(a.stringValue());
            }
        }
        return written.size() == 1 && (g.text().contains("\"" + written.iterator().next() + "\"")
                || g.text().contains("'" + written.iterator().next() + "'"));
    }
}
