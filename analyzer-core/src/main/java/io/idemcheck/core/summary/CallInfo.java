package io.idemcheck.core.summary;

import io.idemcheck.core.index.CallTarget;

import io.idemcheck.core.sql.SqlStatement;

import java.util.List;
import java.util.Set;

/**
 * What one call does, in the method that makes it.
 *
 * @param target  the resolved call
 * @param effect  the side effect it performs (directly or through project methods), or null
 * @param keyed   the effect carries an idempotency key derived from the item (or runs inside a ledger)
 * @param record  how it records state ("updateStatus() updates status", ...), or null when it records nothing
 * @param claim   it is a conditional claim (its row count tells whether this caller won the row)
 * @param roots   the names the call's arguments (and a local receiver) derive from, through local variables
 * @param basis   for records and claims: "sql" when decided from a statement, "name" when from the method name
 * @param statements the SQL statements this call runs, as far as they are visible (mapper XML or annotation of the
 *                   called method, a JDBC string, a MyBatis-Plus wrapper chain, an entity save); may be empty
 */
public record CallInfo(CallTarget target, EffectTrace effect, boolean keyed, String record, boolean claim,
                       Set<String> roots, String basis, List<SqlStatement> statements) {

    public CallInfo {
        roots = Set.copyOf(roots);
        statements = List.copyOf(statements);
    }

    /** This call info with another keyed flag. */
    public CallInfo withKeyed(boolean k) {
        return new CallInfo(target, effect, k, record, claim, roots, basis, statements);
    }

    public boolean isEffect() {
        return effect != null;
    }

    public boolean isRecord() {
        return record != null;
    }
}
