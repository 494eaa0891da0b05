package io.idemcheck.core.summary;

import java.util.List;

/**
 * What calling a project method does, computed bottom-up over the call graph.
 *
 * @param effects      side effects that remain unrecorded when the method returns (an effect the method itself
 *                     follows with a state record, or protects with a key or a claim, is not listed), at most 8
 * @param record       how the method records state (directly or through callees), or null
 * @param returnsClaim the method returns the row count (or outcome) of a conditional claim
 * @param opaque       the body calls code the engine cannot see into (a type that is neither in the project nor a
 *                     known library), so "no effect found" is not proof of "no effect"
 * @param recordEvidence what made {@code record} a record (the call's {@link CallInfo#recordEvidence()}), or null
 * @param recordKind   what {@code record} writes (the call's {@link CallInfo#recordKind()}), or null
 * @param recordIsClaim {@code record} is a conditional claim's own write (PENDING to RUNNING, its row count read):
 *                     the method has no other record. A plain record is always preferred to a claim, so true means
 *                     the method claims the item but records nothing about it; callers still see the call as a state
 *                     write, but the method's summary names no record of the item
 */
public record MethodSummary(List<EffectTrace> effects, String record, boolean returnsClaim, boolean opaque,
                            Evidence recordEvidence, RecordKind recordKind, boolean recordIsClaim) {

    public static final MethodSummary EMPTY = new MethodSummary(List.of(), null, false, true, null, null, false);

    public MethodSummary {
        effects = List.copyOf(effects);
    }
}
