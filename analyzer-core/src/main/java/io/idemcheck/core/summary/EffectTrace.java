package io.idemcheck.core.summary;

import io.idemcheck.core.facts.EffectKind;
import io.idemcheck.core.finding.Location;

import java.util.List;

/**
 * A side effect and how it is reached.
 *
 * @param effectKind what kind of effect it is (payment, http, message, mail, order, file, db-insert, db-increment)
 * @param verb  what a repetition does, for messages: "charges the customer again"
 * @param leaf  the name of the call that performs it, e.g. "RestTemplate.postForObject"
 * @param hops  call sites from the method that holds the trace down to the leaf, each labelled
 * @param decidedBy what recognised it: {@link Basis#CATALOG} (a known client library), {@link Basis#NAME} (the
 *              method-name vocabulary), {@link Basis#SQL} (the statement is an INSERT), {@link Basis#ANNOTATION} (e.g. a
 *              Feign client), {@link Basis#CONFIG} (idemcheck.yml)
 * @param keyParam in a method summary: the index of the parameter from which the effect's idempotency key is
 *              derived (the effect is safe when the caller passes a stable key there), or -1 when it has no key
 * @param evidence the entry that recognised the leaf (the catalog type and method pattern, the idemcheck.yml line,
 *              the INSERT statement, the name pattern), or null when not recorded
 */
public record EffectTrace(EffectKind effectKind, String verb, String leaf, List<Location> hops, Basis decidedBy,
                          int keyParam, Evidence evidence) {

    public EffectTrace {
        java.util.Objects.requireNonNull(effectKind, "effectKind");
        hops = List.copyOf(hops);
    }

    /** A trace from the kind's and the basis's labels ("payment", "catalog"). */
    public EffectTrace(String kind, String verb, String leaf, List<Location> hops, String basis, int keyParam,
                       Evidence evidence) {
        this(EffectKind.of(kind), verb, leaf, hops, Basis.of(basis), keyParam, evidence);
    }

    /** A trace without a key parameter. */
    public EffectTrace(EffectKind kind, String verb, String leaf, List<Location> hops, Basis basis, Evidence evidence) {
        this(kind, verb, leaf, hops, basis, -1, evidence);
    }

    /** A trace without a key parameter, from labels. */
    public EffectTrace(String kind, String verb, String leaf, List<Location> hops, String basis, Evidence evidence) {
        this(kind, verb, leaf, hops, basis, -1, evidence);
    }

    /** A trace without a key parameter and without recorded evidence, from labels. */
    public EffectTrace(String kind, String verb, String leaf, List<Location> hops, String basis) {
        this(kind, verb, leaf, hops, basis, -1, null);
    }

    /** The kind's label ("payment", "db-insert"): {@link #effectKind()} as a string, for messages. */
    public String kind() {
        return effectKind.label();
    }

    /** The basis's label ("catalog", "name"), or null: {@link #decidedBy()} as a string, for messages. */
    public String basis() {
        return Basis.labelOf(decidedBy);
    }

    /** The same trace, keyed by parameter {@code index} of the method that holds it. */
    public EffectTrace withKeyParam(int index) {
        return new EffectTrace(effectKind, verb, leaf, hops, decidedBy, index, evidence);
    }

    /** The same trace with another kind and verb (a business name on the way down says best what it does). */
    public EffectTrace renamed(EffectKind newKind, String newVerb) {
        return new EffectTrace(newKind, newVerb, leaf, hops, decidedBy, keyParam, evidence);
    }

    /** As {@link #renamed(EffectKind, String)}, with the kind's label. */
    public EffectTrace renamed(String newKind, String newVerb) {
        return renamed(EffectKind.of(newKind), newVerb);
    }

    /**
     * For a likely effect, a call on a project interface with no implementation in the sources whose type name says
     * it is remote (catalog {@code remoteTypeSuffixes}), the reason in plain words ("PaymentGateway.charge() has no
     * implementation in the sources; its type name says it is remote, so it is taken as an effect"); null for an
     * effect recognised otherwise.
     */
    public String likelyReason() {
        if (evidence == null || !RemoteCalls.REMOTE_NAME_SOURCE.equals(evidence.source())) {
            return null;
        }
        return leaf + "() has no implementation in the sources; its type name says it is remote, so it is taken as "
                + "an effect";
    }

    /** True for effects that stay in the application's own database (they roll back with its transaction). */
    public boolean isDatabaseLocal() {
        return effectKind.databaseLocal();
    }

    /** This trace seen from one call further up: {@code hop} is prepended. */
    public EffectTrace via(Location hop) {
        List<Location> h = new java.util.ArrayList<>(hops.size() + 1);
        h.add(hop);
        h.addAll(hops);
        return new EffectTrace(effectKind, verb, leaf, h, decidedBy, keyParam, evidence);
    }

    /**
     * What an effect of a kind does, in words ("moves money", "sends a message"; "has a side effect" otherwise):
     * {@link EffectKind#phrase()} of the kind a label names.
     */
    public static String kindPhrase(String kind) {
        for (EffectKind k : EffectKind.values()) {
            if (k.label().equals(kind)) {
                return k.phrase();
            }
        }
        return "has a side effect";
    }
}
