package io.idemcheck.core.summary;

import io.idemcheck.core.catalog.Catalog;
import io.idemcheck.core.facts.Body;
import io.idemcheck.core.facts.CallSite;
import io.idemcheck.core.facts.GuardFact;
import io.idemcheck.core.facts.LocalVar;
import io.idemcheck.core.facts.LoopFact;
import io.idemcheck.core.facts.Receiver;
import io.idemcheck.core.index.MethodRef;

import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.regex.Pattern;

import static io.idemcheck.core.summary.Dataflow.roots;
import static io.idemcheck.core.summary.Sites.display;

/**
 * Query over call facts: the claim whose checked result guards a call, and whether the code before a call read the
 * previous status. Upper layer: reads {@link CallInfo}s through {@link CallFacts}; stateless.
 */
final class Claims {

    private static final Pattern STATUS_READ = Pattern.compile(
            "(?i)(get\\w*(status|state)\\s*\\(|is(processed|done|handled|finished|paid|sent)\\s*\\(|\\.(status|state)\\b)");
    private static final Pattern STATE_WORD = Pattern.compile(
            "(?i)(status|state|pending|unprocessed|unhandled|todo|waiting|unpaid|unsent|timeout|expired|failed|init)");

    private final Catalog catalog;
    private final CallFacts facts;

    Claims(Catalog catalog, CallFacts facts) {
        this.catalog = catalog;
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
        return ci.claim() || ci.isRecord() && ci.statements().isEmpty() && "name".equals(ci.basis());
    }

    /**
     * Why the code leading to {@code c} has read the previous status, or null: a guard on a status accessor, or a
     * loop over rows selected by status (a select whose WHERE names a status column, or whose name or arguments name
     * a state such as "PENDING").
     */
    public String previousStatusRead(MethodRef m, CallSite c) {
        Body body = m.method().body();
        for (int g : c.guardIds()) {
            GuardFact gf = body.guards().get(g);
            if (STATUS_READ.matcher(gf.text()).find()) {
                return "the guard `" + gf.text().replace('\n', ' ') + "` at line " + gf.range().line()
                        + " read the status first";
            }
        }
        List<CallInfo> ci = facts.calls(m);
        for (int l : c.loopIds()) {
            LoopFact loop = body.loops().get(l);
            Set<String> names = roots(m, loop.names());
            List<Integer> sources = new ArrayList<>();
            for (CallSite x : body.calls()) {
                if (x.id() < c.id() && (loop.iterable().contains(x.text()) || x.assignedTo() != null
                        && names.contains(x.assignedTo()))) {
                    sources.add(x.id());
                }
            }
            for (int id : sources) {
                CallSite x = body.calls().get(id);
                boolean byStatus = ci.get(id).statements().stream().anyMatch(st -> st.shapes().stream()
                        .anyMatch(f -> f.whereColumns().stream().anyMatch(catalog::isStatusColumn)))
                        || STATE_WORD.matcher(x.name()).find()
                        || x.args().stream().anyMatch(a -> a.stringValue() != null
                        && a.stringValue().matches("[A-Z_]{3,}"));
                if (byStatus) {
                    return "the loop at line " + loop.range().line() + " iterates rows selected by status ("
                            + display(x) + ")";
                }
            }
        }
        return null;
    }
}
