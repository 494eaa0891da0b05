package io.idemcheck.core.summary;

/**
 * What a call that records the item's state writes, as carried by {@link CallInfo#recordKind()} and
 * {@link MethodSummary#recordKind()}. How the tool knows it is the record's {@link Basis}; a record made through a
 * callee ({@link Basis#CALL}) has the kind of the callee's own record, so {@link #ROW_DELETE} is seen through any
 * number of calls.
 */
public enum RecordKind {
    /** A call idemcheck.yml lists under {@code records}: what it writes is not visible. */
    DECLARED,
    /** {@code x.setStatus(..)} then a save of {@code x} (the catalog's status setters and entity saves). */
    ENTITY_SAVE,
    /** idemcheck's runtime library completing or failing a claim ({@code TaskClaimer.complete/fail}). */
    CLAIM_COMPLETED,
    /** A visible UPDATE setting a status column. */
    STATUS_WRITE,
    /** A visible UPDATE setting a column that marks the item done without being a status (a sent-at timestamp). */
    COLUMN_WRITE,
    /** A visible DELETE of the item's row by its identity: no later run selects it again. */
    ROW_DELETE,
    /** A method named like a record ({@code recordMethodNames}) whose SQL is not visible. */
    NAMED,
    /** An entity save of the result of an earlier effect set on the item: the outcome stored is the record. */
    OUTCOME_SAVE
}
