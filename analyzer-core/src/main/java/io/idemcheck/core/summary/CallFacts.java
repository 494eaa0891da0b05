package io.idemcheck.core.summary;

import io.idemcheck.core.index.MethodRef;

import java.util.List;

/**
 * The per-call facts and per-method summaries the queries read, as the assembler ({@link Semantics}) computes and
 * memoises them. Implementations are thread-safe.
 */
public interface CallFacts {

    /** What each call of {@code m} does, indexed by call id (the position in {@code m}'s body's call list). */
    List<CallInfo> calls(MethodRef m);

    /** What calling {@code m} does; {@link MethodSummary#EMPTY} for a method without a body or inside a cycle. */
    MethodSummary summary(MethodRef m);
}
