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
 * update whose row count says who won). Each decision writes its basis into {@code basis[0]}: "config"
 * (idemcheck.yml), "runtime" (idemcheck's TaskClaimer), "sql" (the statement is visible), "call" (the callee's
 * summary) or "name" (the method-name vocabulary). Lower layer; stateless.
 */
final class Records {

    private final Catalog catalog;
    private final Function<MethodRef, MethodSummary> summaries;

    Records(Catalog catalog, Function<MethodRef, MethodSummary> summaries) {
        this.catalog = catalog;
        this.summaries = summaries;
    }

    String recordOf(MethodRef m, CallSite c, CallTarget t, String[] basis, List<SqlStatement> stmts) {
        ResolvedType recv = t.receiverType();
        String here = display(c);
        if (catalog.projectRecord(recv.name(), c.name(), c.args().size())) { // idemcheck.yml
            basis[0] = "config";
            return here + " records state (a record in idemcheck.yml)";
        }
        // entity style: x.setStatus(..) then save(x)
        if (Catalog.any(catalog.entitySaveMethodNames(), c.name()) && !c.args().isEmpty()
                && !CallSql.isFreshEntity(m, c.args().get(0).text())) {
            String x = c.args().get(0).text();
            for (CallSite p : m.method().body().calls()) {
                if (p.id() >= c.id()) {
                    break;
                }
                if (p.receiver().kind() == Receiver.Kind.NAME && x.equals(p.receiver().name())
                        && Catalog.any(catalog.statusSetterNames(), p.name())) {
                    basis[0] = "name";
                    return x + "." + p.name() + "(..) then " + here;
                }
            }
        }
        if (recv.name().startsWith(Effects.RUNTIME)) {
            if (recv.simpleName().equals("TaskClaimer") && Set.of("complete", "fail").contains(c.name())) {
                basis[0] = "runtime";
                return here + " completes the claim";
            }
            return null;
        }
        if (Effects.known(stmts)) {
            for (SqlStatement st : stmts) {
                if (st.statusWrite()) {
                    basis[0] = "sql";
                    return here + " updates " + st.table() + "." + statusColumn(st);
                }
            }
            for (SqlStatement st : stmts) {
                String col = recordColumn(st);
                if (col != null) {
                    basis[0] = "sql";
                    return here + " updates " + st.table() + "." + col;
                }
            }
            return null;
        }
        boolean anyBody = false;
        for (MethodRef target : t.targets()) {
            if (target.method().hasBody()) {
                anyBody = true;
                MethodSummary ms = summaries.apply(target);
                if (ms.record() != null) {
                    basis[0] = "call";
                    return here + " records state (" + ms.record() + ")";
                }
            }
        }
        if (recv.kind() == ResolvedType.Kind.LIBRARY || anyBody) {
            return null;
        }
        if (Catalog.any(catalog.recordMethodNames(), c.name()) && !c.args().isEmpty()) {
            // a record names the item it records (an id, an entity); a no-argument finishReason() or complete() on a
            // response or a future is an accessor or a completion, not a write of the item's state
            basis[0] = "name";
            return here + " records the new status";
        }
        return null;
    }

    /**
     * A save of entities on which the result of an earlier effect was set: {@code Map<..> ids = client.upload(..);
     * items.forEach(i -> i.setDocumentId(ids.get(i.getName()))); repository.saveAll(items)} stores the effect's
     * outcome on the item, which is what tells a later run the effect happened. The save is one of the catalog's
     * entity saves (or {@code saveAll}), of a variable not built fresh in this method; the setter is called on that
     * variable, or on the parameter of a {@code forEach} lambda over it; its argument derives from a local assigned
     * from a call that {@code isEffect} says is an outbound effect (calls before {@code c} only). Null otherwise.
     */
    String outcomeRecord(MethodRef m, CallSite c, java.util.function.IntPredicate isEffect, String[] basis) {
        boolean save = Catalog.any(catalog.entitySaveMethodNames(), c.name());
        if (!save || c.args().isEmpty()) {
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
                    basis[0] = "dataflow";
                    return p.receiver().name() + "." + p.name() + "(result of " + display(e) + ") then "
                            + display(c) + " stores the effect's outcome";
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

    boolean claimOf(MethodRef m, CallSite c, CallTarget t, String[] basis, List<SqlStatement> stmts) {
        ResolvedType recv = t.receiverType();
        if (catalog.projectClaim(recv.name(), c.name(), c.args().size())) { // idemcheck.yml claims and locks
            basis[0] = basis[0] == null ? "config" : basis[0];
            return true;
        }
        if (recv.name().startsWith(Effects.RUNTIME)) {
            return recv.simpleName().equals("TaskClaimer") && c.name().equals("claim");
        }
        if (Effects.known(stmts)) {
            if (stmts.stream().anyMatch(st -> st.claims(catalog.terms(Vocabulary.TERMINAL_STATES)))) {
                if (basis[0] == null) {
                    basis[0] = "sql";
                }
                return true;
            }
            return false;
        }
        for (MethodRef target : t.targets()) {
            if (target.method().hasBody() && summaries.apply(target).returnsClaim()) {
                return true;
            }
        }
        if (recv.kind() != ResolvedType.Kind.LIBRARY && Catalog.any(catalog.claimMethodNames(), c.name())) {
            if (basis[0] == null) {
                basis[0] = "name";
            }
            return true;
        }
        return false;
    }
}
