package io.idemcheck.core.summary;

import io.idemcheck.core.finding.Location;

import java.util.List;

/**
 * A side effect and how it is reached.
 *
 * @param kind  "payment", "http", "message", "mail", "order", "db-insert"
 * @param verb  what a repetition does, for messages: "charges the customer again"
 * @param leaf  the name of the call that performs it, e.g. "RestTemplate.postForObject"
 * @param hops  call sites from the method that holds the trace down to the leaf, each labelled
 * @param basis what recognised it: "catalog" (a known client library), "name" (the method-name vocabulary),
 *              "sql" (the statement is an INSERT), "annotation" (e.g. a Feign client)
 * @param keyParam in a method summary: the index of the parameter from which the effect's idempotency key is
 *              derived (the effect is safe when the caller passes a stable key there), or -1 when it has no key
 * @param evidence the entry that recognised the leaf (the catalog type and method pattern, the idemcheck.yml line,
 *              the INSERT statement, the name pattern), or null when not recorded
 */
public record EffectTrace(String kind, String verb, String leaf, List<Location> hops, String basis, int keyParam,
                          Evidence evidence) {

    public EffectTrace {
        hops = List.copyOf(hops);
    }

    /** A trace without a key parameter. */
    public EffectTrace(String kind, String verb, String leaf, List<Location> hops, String basis, Evidence evidence) {
        this(kind, verb, leaf, hops, basis, -1, evidence);
    }

    /** A trace without a key parameter and without recorded evidence. */
    public EffectTrace(String kind, String verb, String leaf, List<Location> hops, String basis) {
        this(kind, verb, leaf, hops, basis, -1, null);
    }

    /** The same trace, keyed by parameter {@code index} of the method that holds it. */
    public EffectTrace withKeyParam(int index) {
        return new EffectTrace(kind, verb, leaf, hops, basis, index, evidence);
    }

    /** The same trace with another kind and verb (a business name on the way down says best what it does). */
    public EffectTrace renamed(String newKind, String newVerb) {
        return new EffectTrace(newKind, newVerb, leaf, hops, basis, keyParam, evidence);
    }

    /** True for effects that stay in the application's own database (they roll back with its transaction). */
    public boolean isDatabaseLocal() {
        return "db-insert".equals(kind);
    }

    /** This trace seen from one call further up: {@code hop} is prepended. */
    public EffectTrace via(Location hop) {
        List<Location> h = new java.util.ArrayList<>(hops.size() + 1);
        h.add(hop);
        h.addAll(hops);
        return new EffectTrace(kind, verb, leaf, h, basis, keyParam, evidence);
    }

    /** What an effect of a kind does, in words ("moves money", "sends a message"; "has a side effect" otherwise). */
    public static String kindPhrase(String kind) {
        return switch (kind) {
            case "payment" -> "moves money";
            case "message" -> "sends a message";
            case "mail" -> "sends a mail";
            case "order" -> "places an order";
            case "http" -> "calls a remote service";
            default -> "has a side effect";
        };
    }
}
