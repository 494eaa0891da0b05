package io.idemcheck.core.summary;

import io.idemcheck.core.catalog.Vocabulary;
import io.idemcheck.core.catalog.Catalog;
import io.idemcheck.core.facts.CallSite;
import io.idemcheck.core.facts.Receiver;
import io.idemcheck.core.index.CallTarget;
import io.idemcheck.core.index.MethodRef;
import io.idemcheck.core.index.ResolvedType;
import io.idemcheck.core.sql.SqlFacts;
import io.idemcheck.core.sql.SqlStatement;

import java.util.List;
import java.util.Set;
import java.util.function.Function;

import static io.idemcheck.core.summary.Sites.display;

/**
 * Classifier: whether a call records the item's state (a status write) and whether it is a claim (a conditional
 * update whose row count says who won). A record is returned as a {@link Recorded} with its {@link RecordKind}
 * and {@link Evidence}; a claim writes its evidence into {@code why[0]}. The evidence's {@link Basis} says what
 * decided: CONFIG (idemcheck.yml), RUNTIME (idemcheck's TaskClaimer), SQL (the statement is visible), CALL (the
 * callee's summary), NAME (the method-name vocabulary) or DATAFLOW (an effect's result stored on the item), with
 * the entry that matched. Lower layer; stateless.
 */
final class Records {

    private final Catalog catalog;
    private final CatalogMemo names;
    private final Function<MethodRef, MethodSummary> summaries;

    /**
     * A record a call makes: its description ({@link CallInfo#record()}), what it writes and what decided it.
     *
     * @param text     "taskDao.markDone() records the new status", ...
     * @param kind     what the record writes
     * @param evidence what made the call a record
     */
    record Recorded(String text, RecordKind kind, Evidence evidence) {
    }

    Records(Catalog catalog, Function<MethodRef, MethodSummary> summaries) {
        this.catalog = catalog;
        this.names = new CatalogMemo(catalog);
        this.summaries = summaries;
    }

    /** The record call {@code c} makes, or null when it records nothing. */
    Recorded recordOf(MethodRef m, CallSite c, CallTarget t, List<SqlStatement> stmts) {
        ResolvedType recv = t.receiverType();
        String here = display(c);
        Catalog.ProjectMatch pm = catalog.projectRecordMatch(recv.name(), c.name(), c.args().size());
        if (pm != null) { // idemcheck.yml
            return new Recorded(here + " records state (a record in idemcheck.yml)", RecordKind.DECLARED,
                    Evidence.config(pm.key(), pm.pattern(), catalog.project().file()));
        }
        // entity style: x.setStatus(..) then save(x)
        String save = names.firstMatching(catalog.entitySaveMethodNames(), c.name());
        if (save != null && !c.args().isEmpty() && !CallSql.isFreshEntity(m, c.args().get(0).text())) {
            String x = c.args().get(0).text();
            for (CallSite p : m.method().body().calls()) {
                if (p.id() >= c.id()) {
                    break;
                }
                String setter = p.receiver().kind() == Receiver.Kind.NAME && x.equals(p.receiver().name())
                        ? names.firstMatching(catalog.statusSetterNames(), p.name()) : null;
                if (setter == null && p.receiver().kind() == Receiver.Kind.NAME && x.equals(p.receiver().name())
                        && p.name().startsWith("set") && p.name().length() > 3 && p.argCount() == 1
                        && catalog.isRecordColumn(io.idemcheck.core.sql.SqlModel.snake(p.name().substring(3)))) {
                    // a setter of a record column (setIsRefund(true): is_refund, setSentAt(now): sent_at) saved
                    // with the entity records that the work was done, as a status would
                    setter = p.name() + " (recordColumns: " + io.idemcheck.core.sql.SqlModel.snake(p.name().substring(3))
                            + ")";
                }
                if (setter != null) {
                    return new Recorded(x + "." + p.name() + "(..) then " + here, RecordKind.ENTITY_SAVE,
                            Evidence.catalog(Basis.NAME, "statusSetterNames + entitySaveMethodNames", setter
                                    + " (line " + p.range().line() + ") then " + save));
                }
            }
        }
        if (recv.name().startsWith(Effects.RUNTIME)) {
            if (catalog.terms(Vocabulary.RUNTIME_RECORD_CALLS).has(recv.simpleName() + "." + c.name())) {
                return new Recorded(here + " completes the claim", RecordKind.CLAIM_COMPLETED, runtime(recv, c));
            }
            return null;
        }
        if (Effects.known(stmts)) {
            for (SqlStatement st : stmts) {
                if (st.statusWrite()) {
                    return new Recorded(here + " updates " + st.table() + "." + statusColumn(st),
                            RecordKind.STATUS_WRITE, Evidence.sql(st, SqlFacts.Kind.UPDATE));
                }
            }
            for (SqlStatement st : stmts) {
                String col = recordColumn(st);
                if (col != null) {
                    return new Recorded(here + " updates " + st.table() + "." + col, RecordKind.COLUMN_WRITE,
                            Evidence.sql(st, SqlFacts.Kind.UPDATE));
                }
            }
            for (SqlStatement st : stmts) {
                String col = deletedRow(st);
                if (col != null) {
                    return new Recorded(here + " deletes the item's row from " + st.table() + " (by " + col
                            + "), so no later run selects it again", RecordKind.ROW_DELETE,
                            Evidence.sql(st, SqlFacts.Kind.DELETE));
                }
            }
            return null;
        }
        if (recv.kind() != ResolvedType.Kind.LIBRARY && catalog.remoteReadMethodNames() != null
                && Catalog.any(catalog.remoteReadMethodNames(), c.name())) {
            // a project method named like a read (getAgentStatus, findPending) answers a question; what its body
            // writes on the way (a cache, a completed future) is no record of the item's state
            return null;
        }
        boolean anyBody = false;
        for (MethodRef target : t.targets()) {
            if (target.method().hasBody()) {
                anyBody = true;
                MethodSummary ms = summaries.apply(target);
                if (ms.record() != null) {
                    return new Recorded(here + " records state (" + ms.record() + ")", ms.recordKind(),
                            Evidence.call(callee(target), ms.recordEvidence()));
                }
            }
        }
        if (recv.kind() == ResolvedType.Kind.LIBRARY || anyBody) {
            return null;
        }
        String name = names.firstMatching(catalog.recordMethodNames(), c.name());
        if (name != null && !c.args().isEmpty() && !Effects.onBuilder(m, c)) {
            // a record names the item it records (an id, an entity); a no-argument finishReason() or complete() on a
            // response or a future is an accessor or a completion, not a write of the item's state
            return new Recorded(here + " records the new status", RecordKind.NAMED,
                    Evidence.catalog(Basis.NAME, "recordMethodNames", name));
        }
        return null;
    }

    private static Evidence runtime(ResolvedType recv, CallSite c) {
        return new Evidence(Basis.RUNTIME, "idemcheck runtime library", recv.simpleName() + "." + c.name() + "()", null,
                0);
    }

    private static String callee(MethodRef target) {
        return target.type().simpleName() + "." + target.method().name() + "()";
    }

    /**
     * The basis a claim contributes to {@link CallInfo#decidedBy()} when the call is no record: CONFIG, SQL or
     * NAME; null for a claim of the runtime library or one read from a callee's summary (their basis was never
     * reported there).
     */
    static Basis claimBasis(Evidence claim) {
        return claim == null || !Set.of(Basis.CONFIG, Basis.SQL, Basis.NAME).contains(claim.decidedBy()) ? null
                : claim.decidedBy();
    }

    /**
     * A save of entities on which the result of an earlier effect was set: {@code Map<..> ids = client.upload(..);
     * items.forEach(i -> i.setDocumentId(ids.get(i.getName()))); repository.saveAll(items)} stores the effect's
     * outcome on the item, which is what tells a later run the effect happened. The save is one of the catalog's
     * entity saves (or {@code saveAll}), of a variable not built fresh in this method; the setter is called on that
     * variable, or on the parameter of a {@code forEach} lambda over it; its argument derives from a local assigned
     * from a call that {@code isEffect} says is an outbound effect (calls before {@code c} only). Null otherwise.
     */
    Recorded outcomeRecord(MethodRef m, CallSite c, java.util.function.IntPredicate isEffect) {
        String save = names.firstMatching(catalog.entitySaveMethodNames(), c.name());
        if (save == null || c.args().isEmpty()) {
            return null;
        }
        String x = c.args().get(0).text();
        if (CallSql.isFreshEntity(m, x)) {
            return null;
        }
        io.idemcheck.core.facts.Body body = m.method().body();
        for (CallSite p : body.calls()) {
            if (p.id() >= c.id()) {
                break;
            }
            if (p.argCount() != 1 || p.name().length() <= 3 || !p.name().startsWith("set")
                    || p.receiver().kind() != Receiver.Kind.NAME || !onSaved(body, p, x)) {
                continue;
            }
            Set<String> roots = Dataflow.roots(m, p.args().get(0).names());
            for (CallSite e : body.calls()) {
                if (e.id() < p.id() && e.assignedTo() != null && roots.contains(e.assignedTo())
                        && isEffect.test(e.id())) {
                    return new Recorded(p.receiver().name() + "." + p.name() + "(result of " + display(e) + ") then "
                            + display(c) + " stores the effect's outcome", RecordKind.OUTCOME_SAVE,
                            new Evidence(Basis.DATAFLOW, "catalog.json entitySaveMethodNames", save + " (line "
                                    + c.range().line() + ") saves the result of " + display(e) + " (line "
                                    + e.range().line() + ") set by " + p.name() + "() (line " + p.range().line()
                                    + ")", null, 0));
                }
            }
        }
        return null;
    }

    /** True when setter call {@code p} is on {@code x} itself or on the element parameter of {@code x.forEach(..)}. */
    private static boolean onSaved(io.idemcheck.core.facts.Body body, CallSite p, String x) {
        String recv = p.receiver().name();
        if (x.equals(recv)) {
            return true;
        }
        if (p.lambdaId() < 0) {
            return false;
        }
        io.idemcheck.core.facts.LambdaFact lf = body.lambdas().get(p.lambdaId());
        if (!lf.params().contains(recv) || lf.ownerCallId() < 0) {
            return false;
        }
        CallSite owner = body.calls().get(lf.ownerCallId());
        String ownerRecv = owner.receiver().text().replaceAll("\\s*\\.\\s*stream\\(\\)$", "");
        return owner.name().equals("forEach") && ownerRecv.equals(x);
    }

    /**
     * The column of an UPDATE that records the item as done without being a status (a sent-at timestamp, a pending
     * flag the selection reads; the catalog's {@code recordColumns}), or null.
     */
    private String recordColumn(SqlStatement st) {
        for (SqlFacts s : st.shapes()) {
            if (s.kind() != SqlFacts.Kind.UPDATE) {
                continue;
            }
            for (String col : s.setColumns()) {
                if (catalog.isRecordColumn(col)) {
                    return col;
                }
            }
        }
        return null;
    }

    /**
     * The row-identity column of a DELETE that removes one row (WHERE on an id or a business number, the catalog's
     * {@code rowIdentityColumns}): deleting the work or outbox row after its effect is how many jobs record that the
     * item is done (the next poll no longer sees it). Null for other statements and for set-based deletes (by state
     * or age).
     */
    private String deletedRow(SqlStatement st) {
        for (SqlFacts s : st.shapes()) {
            if (s.kind() != SqlFacts.Kind.DELETE || s.table() == null) {
                continue;
            }
            for (String col : s.whereColumns()) {
                String c = col.toLowerCase(java.util.Locale.ROOT);
                if (catalog.terms(Vocabulary.ROW_IDENTITY_COLUMNS).has(c)) {
                    return c;
                }
            }
        }
        return null;
    }

    private String statusColumn(SqlStatement st) {
        for (SqlFacts s : st.shapes()) {
            for (String col : s.setColumns()) {
                if (catalog.isStatusColumn(col)) {
                    return col;
                }
            }
        }
        return "status";
    }

    /** Whether {@code c} is a claim; when it is, {@code why[0]} receives what decided it. */
    boolean claimOf(MethodRef m, CallSite c, CallTarget t, Evidence[] why, List<SqlStatement> stmts) {
        ResolvedType recv = t.receiverType();
        Catalog.ProjectMatch pm = catalog.projectClaimMatch(recv.name(), c.name(), c.args().size());
        if (pm != null) { // idemcheck.yml claims
            why[0] = Evidence.config(pm.key(), pm.pattern(), catalog.project().file());
            return true;
        }
        if (recv.name().startsWith(Effects.RUNTIME)) {
            if (catalog.terms(Vocabulary.RUNTIME_CLAIM_CALLS).has(recv.simpleName() + "." + c.name())) {
                why[0] = runtime(recv, c);
                return true;
            }
            return false;
        }
        if (Effects.known(stmts)) {
            for (SqlStatement st : stmts) {
                if (st.claims(catalog.terms(Vocabulary.TERMINAL_STATES))) {
                    why[0] = Evidence.sql(st, SqlFacts.Kind.UPDATE);
                    return true;
                }
            }
            return false;
        }
        for (MethodRef target : t.targets()) {
            if (target.method().hasBody() && summaries.apply(target).returnsClaim()) {
                why[0] = Evidence.call(callee(target), null);
                return true;
            }
        }
        String name = recv.kind() != ResolvedType.Kind.LIBRARY
                ? names.firstMatching(catalog.claimMethodNames(), c.name()) : null;
        if (name != null) {
            why[0] = Evidence.catalog(Basis.NAME, "claimMethodNames", name);
            return true;
        }
        return false;
    }
}
