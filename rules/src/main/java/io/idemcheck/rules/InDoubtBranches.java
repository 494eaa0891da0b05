package io.idemcheck.rules;

import io.idemcheck.core.catalog.Terms;
import io.idemcheck.core.catalog.Vocabulary;
import io.idemcheck.core.facts.CallSite;
import io.idemcheck.core.index.MethodRef;
import io.idemcheck.core.index.ResolvedType;
import io.idemcheck.core.summary.CallInfo;
import io.idemcheck.core.summary.Semantics;

import java.util.List;

/**
 * IDEM008 moves of a project that is its own two-phase-commit coordinator: a call of the catalog's
 * {@code inDoubtPrepareCalls} ({@code XAResource.prepare}) puts a branch of a resource manager into the prepared state,
 * where it holds its locks until the coordinator commits or rolls it back. A coordinator that dies in between leaves
 * the branch in doubt for good unless something lists in-doubt branches ({@code inDoubtRecoverCalls},
 * {@code XAResource.recover}) and finishes them. A wrapper's delegation (its own {@code prepare} calling the wrapped
 * resource's) is neither a move nor a recovery; a recovery call counts only from code that can run:
 * a method that is not private, or a private one something calls.
 */
final class InDoubtBranches {

    private InDoubtBranches() {
    }

    /** The move call {@code c} makes by preparing a two-phase-commit branch, or null. */
    static StaleRunningNotRecovered.Move prepare(Semantics sem, MethodRef m, CallSite c, CallInfo ci) {
        String type = matchingType(sem, m, c, ci, sem.catalog().terms(Vocabulary.IN_DOUBT_PREPARE_CALLS));
        if (type == null) {
            return null;
        }
        return new StaleRunningNotRecovered.Move(Semantics.location(m, c.range(), null), m.id(), c.text(), null,
                "a prepared (in-doubt) state", Semantics.display(c) + " (" + type + "." + c.name() + ")", "xa",
                List.of());
    }

    /**
     * The catalog entry ({@code XAResource.recover}) when {@code c} lists in-doubt branches from code that can run, or
     * null.
     */
    static String recovery(Semantics sem, MethodRef m, CallSite c, CallInfo ci) {
        String type = matchingType(sem, m, c, ci, sem.catalog().terms(Vocabulary.IN_DOUBT_RECOVER_CALLS));
        if (type == null) {
            return null;
        }
        boolean runs = !"private".equals(m.method().visibility())
                || sem.index().ancestors(List.of(m), false).size() > 1;
        return runs ? type + "." + c.name() : null;
    }

    /**
     * The type of the entry of {@code terms} ({@code Type.method}) that call {@code c} matches: same method name, on a
     * receiver of that type or a project subtype of it, and not the delegation of a wrapper (the same method of a type
     * that is itself one calling it on the resource it wraps).
     */
    private static String matchingType(Semantics sem, MethodRef m, CallSite c, CallInfo ci, Terms terms) {
        ResolvedType rt = ci.target().receiverType();
        for (String entry : terms.values()) {
            int dot = entry.lastIndexOf('.');
            String type = entry.substring(0, dot);
            if (!c.name().equals(entry.substring(dot + 1))) {
                continue;
            }
            boolean onType = rt.simpleName().equals(type)
                    || sem.index().typeOf(rt).filter(e -> sem.index().isSubtypeOf(e, type)).isPresent();
            boolean delegates = m.method().name().equals(c.name()) && sem.index().isSubtypeOf(m.owner(), type);
            if (onType && !delegates) {
                return type;
            }
        }
        return null;
    }
}
