package io.idemcheck.rules;

import io.idemcheck.core.catalog.Catalog;
import io.idemcheck.core.catalog.Vocabulary;
import io.idemcheck.core.facts.CallSite;
import io.idemcheck.core.facts.GuardFact;
import io.idemcheck.core.facts.LoopFact;
import io.idemcheck.core.finding.Fix;
import io.idemcheck.core.index.MethodRef;
import io.idemcheck.core.rule.MethodContext;
import io.idemcheck.core.summary.Semantics;

import java.util.LinkedHashSet;
import java.util.Locale;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * IDEM006 detector: a dead-letter replay with no ceiling. A loop receives messages one by one from a dead-letter queue
 * (the method, the receiver or the method's parameters are named for one: the catalog's {@code deadLetterWords}) and
 * sends each on again (to the topic it failed from), and nothing counts the replays: no guard reads a retry or
 * delivery count, and nothing the loop sends carries one. A message that fails for good dead-letters again and the
 * next run replays it again, forever.
 */
final class UnboundedRetryDeadLetters {

    private UnboundedRetryDeadLetters() {
    }

    /** A name beginning with a word of the catalog's {@code brokerSendCallNames}. */
    private static final Pattern SEND_NAME = Catalog.builtin().terms(Vocabulary.BROKER_SEND_CALL_NAMES)
            .regex("(?i)(%s)\\w*");
    /** A text holding a word of the catalog's {@code deliveryCountWords}. */
    private static final Pattern COUNT_WORD = Catalog.builtin().terms(Vocabulary.DELIVERY_COUNT_WORDS)
            .regex("(?i).*(%s).*");

    /** Reports each send of a received dead-lettered message, in a receive loop that counts nothing. */
    static void checkReplay(MethodContext mc, Semantics sem, MethodRef m) {
        if (m.method().body().loops().isEmpty() || !deadLetterSource(sem, m)) {
            return;
        }
        for (GuardFact g : m.method().body().guards()) {
            if (COUNT_WORD.matcher(g.text()).matches()) {
                return; // a count (or the broker's delivery count) is read and compared
            }
        }
        for (CallSite c : m.method().body().calls()) {
            if (COUNT_WORD.matcher(c.text()).matches()) {
                return; // a count is carried with the message (a property or header)
            }
        }
        for (LoopFact loop : m.method().body().loops()) {
            CallSite take = null;
            for (CallSite c : m.method().body().calls()) {
                if (c.loopIds().contains(loop.id()) && c.assignedTo() != null && c.argCount() <= 1
                        && c.name().toLowerCase(Locale.ROOT).matches("receive\\w*|poll\\w*|take|peek\\w*|fetch\\w*")) {
                    take = c;
                    break;
                }
            }
            if (take == null) {
                continue;
            }
            for (CallSite c : m.method().body().calls()) {
                if (c.id() <= take.id() || !c.loopIds().contains(loop.id()) || !SEND_NAME.matcher(c.name()).matches()
                        || c.argCount() == 0 || !carries(sem, m, c, take.assignedTo())) {
                    continue;
                }
                report(mc, m, take, c);
                return;
            }
        }
    }

    /** The method is named for a dead-letter queue, or reads one (a parameter, the receiver of its receive call). */
    private static boolean deadLetterSource(Semantics sem, MethodRef m) {
        Set<String> words = new LinkedHashSet<>();
        words.add(m.method().name());
        m.method().params().forEach(p -> {
            words.add(p.name());
            words.add(p.type().simpleName());
        });
        for (CallSite c : m.method().body().calls()) {
            if (c.argCount() > 0 && c.args().get(0).stringValue() != null) {
                words.add(c.args().get(0).stringValue());
            }
        }
        for (String w : words) {
            if (w != null && sem.catalog().terms(Vocabulary.DEAD_LETTER_WORDS).has(w.toLowerCase(Locale.ROOT))) {
                return true;
            }
        }
        return false;
    }

    /** The send passes what was received, or something built from it. */
    private static boolean carries(Semantics sem, MethodRef m, CallSite c, String received) {
        Set<String> names = new LinkedHashSet<>();
        c.args().forEach(a -> names.addAll(a.names()));
        return names.contains(received) || sem.roots(m, names).contains(received);
    }

    private static void report(MethodContext mc, MethodRef m, CallSite take, CallSite send) {
        String msg = Semantics.display(send) + " at line " + send.range().line() + " sends on each message that "
                + Semantics.display(take) + " (line " + take.range().line() + ") takes from a dead-letter queue, "
                + "and nothing counts the replays: no guard reads a retry or delivery count, and the message sent "
                + "carries none. A message that fails for good is dead-lettered again and replayed again by the next "
                + "run, forever, and its work is attempted each time.";
        mc.finding(Semantics.location(m, send.range(), null)).message(msg)
                .enclosing(m.type().fqn() + "#" + m.method().signature()).construct(send.text())
                .fix(Fix.of("Carry a replay count with the message (a property or header, incremented on each "
                        + "replay) and park the message for a person (a parking queue, a FAILED row, an alert) "
                        + "once it reaches a maximum, instead of replaying it.", String.join("\n",
                        "int replays = (int) received.getProperties().getOrDefault(\"replayCount\", 0);",
                        "if (replays >= MAX_REPLAYS) {",
                        "    parkingLot.send(received);   // kept, counted, visible",
                        "    continue;",
                        "}",
                        "message.getProperties().put(\"replayCount\", replays + 1);",
                        send.text().replace("\n", " ") + ";")))
                .report();
    }
}
