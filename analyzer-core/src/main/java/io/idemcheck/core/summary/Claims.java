package io.idemcheck.core.summary;

import io.idemcheck.core.facts.Body;
import io.idemcheck.core.facts.CallSite;
import io.idemcheck.core.facts.GuardFact;
import io.idemcheck.core.facts.LocalVar;
import io.idemcheck.core.facts.Receiver;
import io.idemcheck.core.index.MethodRef;

import java.util.List;

import static io.idemcheck.core.summary.Dataflow.roots;

/**
 * Query over call facts: the claim whose checked result guards a call. Upper layer: reads {@link CallInfo}s through
 * {@link CallFacts}; stateless.
 */
final class Claims {

    private final CallFacts facts;

    Claims(CallFacts facts) {
        this.facts = facts;
    }

    /**
     * The claim call whose checked result guards {@code effect}, or null: an earlier conditional claim whose row
     * count (or a variable holding it) appears in a condition that the effect runs under, or a lambda run on the
     * claim's result ({@code claimer.claim(..).ifPresent(c -> ..)}).
     */
    public CallSite guardingClaim(MethodRef m, CallSite effect) {
        Body body = m.method().body();
        List<CallInfo> ci = facts.calls(m);
        for (int g : effect.guardIds()) {
            GuardFact gf = body.guards().get(g);
            for (CallSite cl : body.calls()) {
                if (cl.id() >= effect.id() || !claimLike(ci.get(cl.id()))) {
                    continue;
                }
                if (gf.callIds().contains(cl.id())
                        || cl.assignedTo() != null && roots(m, gf.names()).contains(cl.assignedTo())) {
                    return cl;
                }
            }
        }
        for (CallSite owner : body.lambdaOwners(effect)) {
            CallSite cur = owner;
            int guard = 0;
            while (cur != null && guard++ < 32) {
                if (ci.get(cur.id()).claim() && cur.id() != owner.id()) {
                    return cur;
                }
                Receiver r = cur.receiver();
                if (r.kind() == Receiver.Kind.CALL) {
                    cur = body.calls().get(r.callId());
                } else if (r.kind() == Receiver.Kind.NAME) {
                    LocalVar lv = body.locals().get(r.name());
                    cur = null;
                    if (lv != null) {
                        for (int id : lv.initCallIds()) {
                            if (ci.get(id).claim()) {
                                return body.calls().get(id);
                            }
                        }
                    }
                } else {
                    cur = null;
                }
            }
        }
        return null;
    }

    /**
     * A claim, or a status update whose SQL is not visible (recognised by name) used the way a claim is used: its row
     * count decides whether the code goes on. Its SQL cannot be checked here; the code's shape says the author
     * wrote a compare-and-set.
     */
    private static boolean claimLike(CallInfo ci) {
        return ci.claim() || ci.isRecord() && ci.statements().isEmpty() && ci.decidedBy() == Basis.NAME;
    }
}
