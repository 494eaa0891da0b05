package io.idemcheck.core.summary;

import io.idemcheck.core.facts.EffectKind;
import io.idemcheck.core.index.CallTarget;

import io.idemcheck.core.sql.SqlStatement;
import io.idemcheck.core.util.Ordered;

import java.util.List;
import java.util.Set;

/**
 * What one call does, in the method that makes it.
 *
 * @param target  the resolved call
 * @param effect  the side effect it performs (directly or through project methods), or null
 * @param keyed   the effect carries an idempotency key derived from the item (or runs inside a ledger)
 * @param record  how it records state ("updateStatus() updates status", ...), or null when it records nothing
 * @param recordKind what the record writes (a status column, a row delete, ...; a callee's record has the callee's
 *                kind), null exactly when {@code record} is null
 * @param claim   it is a conditional claim (its row count tells whether this caller won the row)
 * @param roots   the names the call's arguments (and a local receiver) derive from, through local variables
 * @param decidedBy for records and claims: what decided it ({@link Basis#SQL} from a statement, {@link Basis#NAME}
 *                from the method name, {@link Basis#CONFIG} from idemcheck.yml; for a record also {@link Basis#CALL},
 *                {@link Basis#RUNTIME}, {@link Basis#DATAFLOW}), null when the call is neither
 * @param statements the SQL statements this call runs, as far as they are visible (mapper XML or annotation of the
 *                   called method, a JDBC string, a MyBatis-Plus wrapper chain, an entity save); may be empty
 * @param recordEvidence what made the call a record (the idemcheck.yml line, the statement, the name pattern), null
 *                   when it records nothing
 * @param claimEvidence what made the call a claim, null when it is none
 */
public record CallInfo(CallTarget target, EffectTrace effect, boolean keyed, String record, RecordKind recordKind,
                       boolean claim, Set<String> roots, Basis decidedBy, List<SqlStatement> statements, Evidence recordEvidence,
                       Evidence claimEvidence) {

    public CallInfo {
        roots = Ordered.set(roots);
        statements = List.copyOf(statements);
    }

    /** The basis's label ("sql", "name"), or null: {@link #decidedBy()} as a string, for messages. */
    public String basis() {
        return Basis.labelOf(decidedBy);
    }

    /** This call info with another keyed flag. */
    public CallInfo withKeyed(boolean k) {
        return new CallInfo(target, effect, k, record, recordKind, claim, roots, decidedBy, statements, recordEvidence,
                claimEvidence);
    }

    /** This call info with another effect (the same call seen as one of the effects its callee stands for). */
    public CallInfo withEffect(EffectTrace e) {
        return new CallInfo(target, e, keyed, record, recordKind, claim, roots, decidedBy, statements, recordEvidence,
                claimEvidence);
    }

    /** The kind of the effect it performs, or null when it performs none. */
    public EffectKind effectKind() {
        return effect == null ? null : effect.effectKind();
    }

    public boolean isEffect() {
        return effect != null;
    }

    public boolean isRecord() {
        return record != null;
    }

    /**
     * True when the record this call makes (directly or through the callee it reaches) deletes the item's row rather
     * than writing its state: the row is gone for a later run that selects rows, which only batch code has.
     */
    public boolean deletesRow() {
        return recordKind == RecordKind.ROW_DELETE;
    }
}
