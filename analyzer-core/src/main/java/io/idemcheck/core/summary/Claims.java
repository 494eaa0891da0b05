package io.idemcheck.core.summary;

import io.idemcheck.core.facts.Body;
import io.idemcheck.core.facts.CallSite;
import io.idemcheck.core.facts.GuardFact;
import io.idemcheck.core.facts.LocalVar;
import io.idemcheck.core.facts.Receiver;
import io.idemcheck.core.index.MethodRef;
import io.idemcheck.core.index.ProjectIndex;

import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import static io.idemcheck.core.summary.Dataflow.roots;

/**
 * Query over call facts: the claim whose checked result guards a call. Upper layer: reads {@link CallInfo}s through
 * {@link CallFacts}; stateless.
 */
final class Claims {

    private final CallFacts facts;
    private final ProjectIndex index;

    Claims(CallFacts facts, ProjectIndex index) {
        this.facts = facts;
        this.index = index;
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
                // the outcome handed out of a transaction: Boolean won = tx.execute(s -> mapper.claim(id) == 1);
                // if (!Boolean.TRUE.equals(won)) return; (or the template call in the condition itself)
                CallSite carrier = templateCarrier(m, cl, true);
                if (carrier != null && (gf.callIds().contains(carrier.id()) || carrier.assignedTo() != null
                        && roots(m, gf.names()).contains(carrier.assignedTo()))) {
                    return cl;
                }
                // the outcome kept in a holder: won.set(mapper.claim(id) == 1); if (!won.get()) return;
                String holder = holderOf(m, cl);
                if (holder != null && roots(m, gf.names()).contains(holder)) {
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

    /** An expression lambda's text: its parameters, the arrow, and the body expression (group 1). */
    private static final Pattern EXPRESSION_LAMBDA = Pattern.compile("(?s)\\s*(?:\\w+|\\([^()]*\\))\\s*->\\s*(.*?)\\s*");

    /** A comparison of a row count with a number, either way round: {@code n == 1}, {@code 0 < n}. */
    private static final String COMPARED = "\\s*(?:==|!=|>=|<=|>|<)\\s*-?\\d+[lL]?";

    /**
     * The call that runs {@code claim} in a transaction and hands back its row count
     * ({@code Integer won = transactionTemplate.execute(s -> mapper.claim(id))}): the claim is the value of its
     * innermost lambda (the whole body of an expression lambda, or the value a block lambda returns) and that lambda
     * is an argument of a transaction-template call ({@link Transactions#runsLambdaInTransaction}: {@code execute},
     * {@code executeWithoutResult} on a TransactionTemplate), whose result is then the count. With {@code compared},
     * also when the lambda's value compares the count with a number ({@code s -> mapper.claim(id) == 1},
     * {@code > 0}): the template's result is then the Boolean outcome of the claim. Null otherwise (a claim that is
     * a statement of the lambda, a lambda of another call, no lambda).
     */
    CallSite templateCarrier(MethodRef m, CallSite claim, boolean compared) {
        if (claim.lambdaId() < 0) {
            return null;
        }
        io.idemcheck.core.facts.LambdaFact lf = m.method().body().lambdas().get(claim.lambdaId());
        if (lf.ownerCallId() < 0) {
            return null;
        }
        CallSite owner = m.method().body().calls().get(lf.ownerCallId());
        if (!Transactions.runsLambdaInTransaction(index, m, owner)) {
            return null;
        }
        if (claim.use() == CallSite.Use.RETURNED) {
            return owner; // a return in a block lambda leaves the lambda
        }
        for (io.idemcheck.core.facts.Arg a : owner.args()) {
            if (a.callIds().contains(claim.id())) {
                Matcher x = EXPRESSION_LAMBDA.matcher(a.text());
                if (!x.matches()) {
                    return null;
                }
                String value = x.group(1);
                String self = Pattern.quote(claim.text().trim());
                return value.equals(claim.text().trim()) || compared && (value.matches("(?s)" + self + COMPARED)
                        || value.matches("(?s)-?\\d+[lL]?\\s*(?:==|!=|>=|<=|>|<)\\s*" + self)) ? owner : null;
            }
        }
        return null;
    }

    /**
     * The local that holds the outcome of {@code claim}: a holder set with the claim's count or its comparison with
     * a number ({@code AtomicBoolean won; won.set(mapper.claim(id) == 1)}, {@code count.set(mapper.claim(id))},
     * inside a transaction lambda or not), or null.
     */
    private static String holderOf(MethodRef m, CallSite claim) {
        Body body = m.method().body();
        for (CallSite set : body.calls()) {
            if (!set.name().equals("set") || set.args().size() != 1 || set.receiver().kind() != Receiver.Kind.NAME
                    || !body.locals().containsKey(set.receiver().name())
                    || !set.args().get(0).callIds().contains(claim.id())) {
                continue;
            }
            String v = set.args().get(0).text().trim();
            String self = Pattern.quote(claim.text().trim());
            if (v.equals(claim.text().trim()) || v.matches("(?s)" + self + COMPARED)) {
                return set.receiver().name();
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
