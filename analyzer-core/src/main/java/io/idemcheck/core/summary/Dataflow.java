package io.idemcheck.core.summary;

import io.idemcheck.core.facts.Body;
import io.idemcheck.core.facts.LocalVar;
import io.idemcheck.core.facts.LoopFact;
import io.idemcheck.core.index.MethodRef;

import java.util.ArrayDeque;
import java.util.Deque;
import java.util.LinkedHashSet;
import java.util.Map;
import java.util.Set;

/**
 * Names within one method body and where their values come from: the roots of a set of names through local
 * variables' sources, the names that stand for "the item", and the names that change with each loop iteration.
 * Static, stateless; computed from {@link io.idemcheck.core.facts.Body} facts only.
 */
public final class Dataflow {

    private Dataflow() {
    }

    static boolean isVariable(MethodRef m, String name) {
        if (m.method().body().locals().containsKey(name)) {
            return true;
        }
        return m.method().params().stream().anyMatch(p -> p.name().equals(name));
    }

    /** Names reachable backwards from {@code names} through local variables' sources (including the names). */
    public static Set<String> roots(MethodRef m, Set<String> names) {
        Set<String> out = new LinkedHashSet<>();
        Deque<String> work = new ArrayDeque<>(names);
        Map<String, LocalVar> locals = m.method().body().locals();
        while (!work.isEmpty()) {
            String n = work.pop();
            if (out.add(n)) {
                LocalVar lv = locals.get(n);
                if (lv != null) {
                    work.addAll(lv.sources());
                }
            }
        }
        return out;
    }

    /**
     * {@code roots} of what effect call {@code c} sends, with what was put into it before: the arguments of setters
     * ({@code set*}, {@code add*}, {@code put*}) called on one of its roots, or on a local built around one (a
     * {@code MimeMessageHelper} wrapping the {@code MimeMessage} that is sent). The item reaches the message through
     * the helper: {@code helper.setTo(log.getRecipient()); mailSender.send(mime)} sends {@code log}'s mail. Also
     * the arguments of the calls on the effect's receiver chain, which build what it sends: {@code
     * Message.creator(new PhoneNumber(t.getPhone()), from, body).create()} sends {@code t}'s SMS.
     */
    static Set<String> filledThrough(MethodRef m, io.idemcheck.core.facts.CallSite c, Set<String> roots) {
        Body body = m.method().body();
        Set<String> chain = new LinkedHashSet<>(roots);
        for (io.idemcheck.core.facts.CallSite w = c; w.receiver().kind() == io.idemcheck.core.facts.Receiver.Kind.CALL
                && w.receiver().callId() >= 0 && w.receiver().callId() < w.id(); ) {
            w = body.calls().get(w.receiver().callId());
            Set<String> names = new LinkedHashSet<>();
            w.args().forEach(a -> names.addAll(a.names()));
            chain.addAll(roots(m, names));
        }
        roots = chain;
        Set<String> holders = new LinkedHashSet<>(roots);
        for (LocalVar lv : body.locals().values()) {
            if (lv.sources().stream().anyMatch(roots::contains)) {
                holders.add(lv.name());
            }
        }
        Set<String> out = new LinkedHashSet<>(roots);
        for (io.idemcheck.core.facts.CallSite p : body.calls()) {
            if (p.id() >= c.id()) {
                break;
            }
            if (p.receiver().kind() != io.idemcheck.core.facts.Receiver.Kind.NAME
                    || !holders.contains(p.receiver().name()) || p.args().isEmpty()
                    || !p.name().matches("(set|add|put)[A-Z].*")) {
                continue;
            }
            Set<String> names = new LinkedHashSet<>();
            p.args().forEach(a -> names.addAll(a.names()));
            out.addAll(roots(m, names));
        }
        return out;
    }

    /** Names that stand for "the item": parameters, loop variables, lambda parameters and locals declared in loops. */
    public static Set<String> itemNames(MethodRef m) {
        Set<String> out = new LinkedHashSet<>();
        m.method().params().forEach(p -> out.add(p.name()));
        for (LoopFact l : m.method().body().loops()) {
            out.addAll(l.vars());
        }
        // a lambda's parameters are what it is run with, once per message or element (a consumer registered with
        // setMessageListener(rec -> ..), a consumer bean's o -> ..)
        m.method().body().lambdas().forEach(l -> out.addAll(l.params()));
        m.method().body().locals().values().forEach(lv -> {
            // a local declared in a loop stands for the item only when it is read from something (t = queue.poll());
            // a constant (String key = "charge") is the same for every item
            if (lv.inLoop() && (!lv.sources().isEmpty() || !lv.initCallIds().isEmpty())) {
                out.add(lv.name());
            }
        });
        return out;
    }

    /** Names that change with each iteration of {@code loop}: its variables and the locals declared in loops. */
    public static Set<String> iterationNames(MethodRef m, LoopFact loop) {
        Set<String> out = new LinkedHashSet<>(loop.vars());
        if (!out.isEmpty()) {
            return out; // locals derived from the loop variable reach it through roots(..)
        }
        // while (!queue.isEmpty()) { Task t = queue.poll(); .. }: the item is a local read inside the loop
        m.method().body().locals().values().forEach(lv -> {
            if (lv.inLoop() && (!lv.sources().isEmpty() || !lv.initCallIds().isEmpty())) {
                out.add(lv.name());
            }
        });
        return out;
    }
}
