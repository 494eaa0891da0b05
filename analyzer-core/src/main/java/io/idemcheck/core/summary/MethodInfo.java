package io.idemcheck.core.summary;

import io.idemcheck.core.facts.CallSite;
import io.idemcheck.core.index.MethodRef;

import java.util.ArrayList;
import java.util.List;
import java.util.Set;

/**
 * Everything the engine knows about one method, computed once ({@link Semantics#methodInfo}) and read by rules as
 * fields instead of asking {@link Semantics} call by call: what each call does ({@link Call}), what calling the
 * method does, whether it is a job entry point or runs under one, whether it runs in a transaction, which redelivery
 * makes a crash inside it run its work again, and the distributed locks it takes.
 *
 * @param method       the method
 * @param calls        one entry per call of its body, indexed by call id (empty when it has no body)
 * @param summary      what calling the method does ({@link Semantics#summary}); {@link MethodSummary#EMPTY} without
 *                     a body
 * @param entryPoint   why the method is a job entry point ("@Scheduled", "Quartz Job.execute", "main()"), or null
 *                     when it is not one ({@link Semantics#entryPoint})
 * @param reachableFromEntryPoint the method is an entry point or reachable from one through the call graph (main
 *                     code only; {@link Semantics#reachableFromEntryPoints})
 * @param transactional the method runs in a transaction of its own declaration ({@code @Transactional} on it or its
 *                     class, proxied: not private, not static; {@link Transactions#isTransactional})
 * @param redelivered  why a crash inside the method makes its work run again (a listener the broker redelivers, a
 *                     handler acknowledged after it returns, a webhook), or null ({@link Semantics#redelivered})
 * @param locks        the distributed locks the method takes, with their regions ({@link Locks#in})
 */
public record MethodInfo(MethodRef method, List<Call> calls, MethodSummary summary, String entryPoint,
                         boolean reachableFromEntryPoint, boolean transactional, String redelivered,
                         List<Locks.Lock> locks) {

    public MethodInfo {
        calls = List.copyOf(calls);
        locks = List.copyOf(locks);
    }

    /**
     * {@link Call#resultChecked()} of {@code c}: its result reaches a decision (a condition, returned, an argument, a
     * receiver or another use), or is held in a variable that the names of a later condition derive from
     * ({@code guardRoots}: the roots of each guard's names, by guard id).
     */
    static boolean resultChecked(CallSite c, List<Set<String>> guardRoots) {
        return switch (c.use()) {
            case CONDITION, RETURNED, ARGUMENT, RECEIVER, OTHER -> true;
            case ASSIGNED -> guardRoots.stream().anyMatch(r -> r.contains(c.assignedTo()));
            default -> false;
        };
    }

    /**
     * One call of the method with its facts.
     *
     * @param site           the call in the method's body
     * @param info           what the call does: effect, record, claim, key, SQL, with their evidence
     * @param guardingClaim  the earlier claim whose checked result guards this call ({@link Claims#guardingClaim}),
     *                       or null
     * @param resultChecked  the call's result reaches a decision: it is a condition, returned, passed on, called on,
     *                       or held in a variable that a later condition tests (for a claim: its row count is
     *                       checked)
     * @param keyRoots       for an effect carrying an idempotency key derived from the item: the names the key
     *                       derives from (the key carrier's roots); empty when it carries none
     * @param keyEvidence    for such an effect, what made its key one (the callee's key parameter, a ledger, a key
     *                       factory, a key-named argument, a key header or carrier, an idemcheck.yml key carrier);
     *                       null when it carries none
     * @param inAsyncHandoff the call sits in a lambda handed to an executor, a timer, a future or a reactive chain, so
     *                       it runs later on another thread ({@link AsyncHandoff#inAsyncLambda})
     * @param inTransaction  the call runs in a transaction: the method is {@link MethodInfo#transactional()}, or the
     *                       call sits in a lambda that a TransactionTemplate-style call runs inline
     *                       ({@link Transactions#runsLambdaInTransaction}), or between a transaction begun by hand and
     *                       its commit ({@link Transactions#manualTransactions})
     * @param lockHeld       the first distributed lock of the method held while the call runs, or null
     * @param lockTaken      the lock this call takes (a library lock call, or a project helper that returns holding
     *                       one; {@link Locks#acquisitionOf}), or null
     */
    public record Call(CallSite site, CallInfo info, CallSite guardingClaim, boolean resultChecked,
                       Set<String> keyRoots, Evidence keyEvidence, boolean inAsyncHandoff, boolean inTransaction,
                       Locks.Lock lockHeld, Locks.Acquire lockTaken) {

        public Call {
            keyRoots = io.idemcheck.core.util.Ordered.set(keyRoots);
        }

        /** The call's id: its position in the method's call list. */
        public int id() {
            return site.id();
        }

        /** True when a checked claim guards the call. */
        public boolean guarded() {
            return guardingClaim != null;
        }

        /** True when the call is a claim whose row count reaches a decision. */
        public boolean checkedClaim() {
            return info.claim() && resultChecked;
        }
    }

    /** True when the method is a job entry point. */
    public boolean isEntryPoint() {
        return entryPoint != null;
    }

    /** The call with id {@code id}. */
    public Call call(int id) {
        return calls.get(id);
    }

    /** The facts of call {@code c} of this method. */
    public Call call(CallSite c) {
        return calls.get(c.id());
    }

    /** What each call does, indexed by call id ({@link Semantics#calls}). */
    public List<CallInfo> infos() {
        List<CallInfo> out = new ArrayList<>(calls.size());
        for (Call c : calls) {
            out.add(c.info());
        }
        return out;
    }
}
