package io.idemcheck.core.summary;

import io.idemcheck.core.config.ProjectConfig;
import io.idemcheck.core.catalog.Vocabulary;
import io.idemcheck.core.catalog.Catalog;
import io.idemcheck.core.facts.Arg;
import io.idemcheck.core.facts.Body;
import io.idemcheck.core.facts.CallSite;
import io.idemcheck.core.facts.LocalVar;
import io.idemcheck.core.facts.Receiver;
import io.idemcheck.core.index.MethodRef;

import java.util.Set;

import static io.idemcheck.core.summary.Dataflow.itemNames;
import static io.idemcheck.core.summary.Dataflow.roots;

/**
 * Classifier: whether an effect call carries a stable idempotency key derived from the item (an argument, a key
 * parameter of the callee, a ledger's {@code runOnce(key, ..)} around it, a key carrier or an Idempotency-Key
 * header set on what it sends). Lower layer; stateless.
 */
final class Keys {

    private final Catalog catalog;

    Keys(Catalog catalog) {
        this.catalog = catalog;
    }

    /**
     * The names the effect's idempotency key derives from, or null when the effect carries no stable key derived from
     * the item. An effect whose callee takes its key from a parameter is keyed exactly when this call passes a stable
     * key there.
     */
    Set<String> keyRoots(MethodRef m, CallSite c, CallInfo ci) {
        return keyRoots(m, c, ci, new Evidence[1], null);
    }

    /**
     * For an effect call that carries no key: why the first key-like value it passes (a key-named argument, the
     * callee's key parameter, a key factory, carrier or header) was not taken as one ("it contains nextId(, because
     * catalog.json vocabularies.nonDeterministicKeyCalls: nextId(", "not derived from the item"); null when the
     * call is keyed or passes nothing key-like.
     */
    String keyRejection(MethodRef m, CallSite c, CallInfo ci) {
        String[] rejected = new String[1];
        return keyRoots(m, c, ci, new Evidence[1], rejected) != null ? null : rejected[0];
    }

    /**
     * For an effect call that carries no key: the unstable part ({@code UUID.randomUUID(}, {@code currentTimeMillis},
     * an entry of catalog.json vocabularies.nonDeterministicKeyCalls) of the first key-like value it does send (a key
     * header, carrier, key parameter or key-named argument), or null when the call is keyed, sends nothing key-like,
     * or sends a stable value that is only not the item's. The key is sent but differs on every run.
     */
    String unstableKey(MethodRef m, CallSite c, CallInfo ci) {
        String[] rejected = new String[2];
        return keyRoots(m, c, ci, new Evidence[1], rejected) != null ? null : rejected[1];
    }

    /**
     * As {@link #keyRoots(MethodRef, CallSite, CallInfo)}; when the effect is keyed, writes into {@code why[0]} what
     * made the key one: the callee's key parameter (CALL), a ledger around the effect (RUNTIME), a key factory, a
     * key-named argument or parameter, a key header, a key carrier of the catalog (NAME), or an idemcheck.yml key
     * carrier (CONFIG), with the argument or call that carries it.
     */
    Set<String> keyRoots(MethodRef m, CallSite c, CallInfo ci, Evidence[] why) {
        return keyRoots(m, c, ci, why, null);
    }

    /** As {@link #keyRoots(MethodRef, CallSite, CallInfo, Evidence[])}; {@code rejected} (when given) gets the first
     * key-like value that was not a key, and why. */
    private Set<String> keyRoots(MethodRef m, CallSite c, CallInfo ci, Evidence[] why, String[] rejected) {
        Body body = m.method().body();
        Set<String> items = itemNames(m);
        int kp = ci.effect().keyParam();
        if (kp >= 0) {
            if (kp < c.args().size()) {
                Arg a = c.args().get(kp);
                if (derivedKey(m, a.text(), a.names(), items)) {
                    why[0] = new Evidence(Basis.CALL, "summary of " + callee(ci, c), "its key parameter (index " + kp
                            + "): " + a.text(), null, 0);
                    return roots(m, a.names());
                }
                reject(rejected, m, a.text(), a.names(), items, "the key parameter (index " + kp + ") of "
                        + callee(ci, c));
            }
            return null;
        }
        // inside a ledger's runOnce(key, .., effect)
        for (CallSite owner : body.lambdaOwners(c)) {
            if (owner.name().equals("runOnce") || owner.name().equals("executeOnce")) {
                why[0] = new Evidence(Basis.RUNTIME, "a ledger around the effect", Sites.display(owner) + " at line "
                        + owner.range().line() + (owner.args().isEmpty() ? "" : ", key " + owner.args().get(0).text()),
                        null, 0);
                return roots(m, owner.args().isEmpty() ? Set.of() : owner.args().get(0).names());
            }
        }
        MethodRef declared = ci.target().declared();
        // a callee whose body is in the sources says itself what it does with each value: its summary's effect
        // names the parameter its key comes from (kp above, followed through its own calls), and a parameter that
        // reaches no key carrier, key header or business number there is no key whatever it is called
        MethodRef visible = visibleBody(ci);
        for (int i = 0; i < c.args().size(); i++) {
            Arg a = c.args().get(i);
            boolean keyLike = false;
            Evidence because = null;
            String byName = keyNamed(body, a, declared, i);
            if (visible == null) {
                for (int id : a.callIds()) {
                    CallSite inner = body.calls().get(id);
                    if (keyFactory(inner)) {
                        keyLike = true;
                        because = Evidence.catalog(Basis.NAME, "vocabularies." + Vocabulary.KEY_FACTORIES.key(),
                                Sites.display(inner));
                    }
                }
                LocalVar lv = body.locals().get(a.text());
                if (lv != null && lv.initText() != null && catalog.terms(Vocabulary.KEY_FACTORIES).values().stream()
                        .anyMatch(lv.initText()::contains)) {
                    keyLike = true;
                    because = because != null ? because : Evidence.catalog(Basis.NAME, "vocabularies."
                            + Vocabulary.KEY_FACTORIES.key(), lv.name() + " = " + oneLine(lv.initText()));
                }
                // no body to read (a library, a remote interface): the callee's declared parameter says what the
                // value is on the wire; a caller's variable name says nothing (String requestId = ..)
                String bound = declared != null && i < declared.method().arity()
                        ? boundName(declared.method().params().get(i)) : null;
                if (bound != null) {
                    // the callee binds the value to a path variable, request parameter or header under a name: that
                    // name says what it is on the wire (@PathVariable("id") long requestId is the resource's id, not
                    // a request key; @RequestHeader("Idempotency-Key") String token is a key)
                    if (Catalog.any(catalog.keyParameterNames(), bound)
                            || catalog.keyHeaderNames().stream().anyMatch(bound::equalsIgnoreCase)) {
                        keyLike = true;
                        because = because != null ? because : Evidence.catalog(Basis.NAME,
                                "keyParameterNames + keyHeaderNames", "parameter bound as \"" + bound + "\"");
                    }
                } else if (declared != null && i < declared.method().arity()
                        && Catalog.any(catalog.keyParameterNames(), declared.method().params().get(i).name())) {
                    keyLike = true;
                    because = because != null ? because : Evidence.catalog(Basis.NAME, "keyParameterNames",
                            "parameter " + declared.method().params().get(i).name() + " of " + callee(ci, c));
                }
            }
            ProjectConfig.KeyCarrier carrier = catalog.projectKeyCarrier(ci.target().receiverType().name(), c.name(),
                    c.args().size());
            if (carrier != null && i == carrier.parameter()) {
                keyLike = true; // idemcheck.yml keyCarriers
                because = Evidence.config("keyCarriers", carrier.pattern(), catalog.project().file());
            }
            if (keyLike && derivedKey(m, a.text(), a.names(), items)) {
                why[0] = because;
                return roots(m, a.names());
            }
            if (keyLike) {
                reject(rejected, m, a.text(), a.names(), items, "the key-like argument (taken as a key by "
                        + because.source() + ": " + because.entry() + ")");
            } else if (byName != null && rejected != null && rejected[0] == null) {
                rejected[0] = oneLine(a.text()) + " (" + byName + "), passed to " + callee(ci, c) + ", is no key: "
                        + (visible != null ? visible.type().simpleName() + "." + visible.method().name()
                        + "() is in the sources and sends it to no key carrier (keyCarrierMethods), key header"
                        + " (keyHeaderNames) or business number, directly or through the methods it calls"
                        : "it reaches no key parameter, key carrier or key header of the call")
                        + "; a name is no key";
            }
        }
        // a business number or key written into the request as a key-value pair, inline or in a local passed to the
        // effect: Map.of("out_refund_no", no, "amount", a), ImmutableMap.builder().put("out_trade_no", no)
        for (Arg a : c.args()) {
            Set<Integer> ids = new java.util.LinkedHashSet<>(a.callIds());
            for (String n : roots(m, a.names())) {
                LocalVar lv = body.locals().get(n);
                if (lv != null) {
                    ids.addAll(lv.initCallIds());
                }
            }
            for (int id : ids) {
                CallSite p = body.calls().get(id);
                for (int k = 0; k + 1 < p.args().size(); k += 2) {
                    String name = p.args().get(k).stringValue();
                    if (name == null || catalog.keyHeaderNames().stream().noneMatch(name::equalsIgnoreCase)) {
                        continue;
                    }
                    Arg value = p.args().get(k + 1);
                    if (derivedKey(m, value.text(), value.names(), items)) {
                        why[0] = Evidence.catalog(Basis.NAME, "keyHeaderNames", Sites.display(p) + "(\"" + name
                                + "\", ..) at line " + p.range().line());
                        return roots(m, value.names());
                    }
                    reject(rejected, m, value.text(), value.names(), items, "the \"" + name + "\" entry of "
                            + Sites.display(p) + " at line " + p.range().line());
                }
            }
        }
        // carriers: req.setIdempotencyKey(..) / headers.set("Idempotency-Key", ..) on something passed to the effect,
        // or .header("Idempotency-Key", ..) chained on the effect call
        Set<String> argRoots = ci.roots();
        for (CallSite p : body.calls()) {
            boolean carrier = Catalog.any(catalog.keyCarrierMethods(), p.name());
            boolean header = catalog.terms(Vocabulary.KEY_HEADER_SETTERS).has(p.name()) && !p.args().isEmpty()
                    && p.args().get(0).stringValue() != null
                    && catalog.keyHeaderNames().stream().anyMatch(h -> h.equalsIgnoreCase(p.args().get(0).stringValue()));
            if (!carrier && !header) {
                continue;
            }
            Arg valueArg = p.args().get(p.args().size() - 1);
            boolean reaches = p.receiver().kind() == Receiver.Kind.NAME && argRoots.contains(p.receiver().name())
                    && p.id() < c.id()
                    || chainedOn(body, p, c.id())
                    || builtInto(body, p, c);
            if (reaches && derivedKey(m, valueArg.text(), valueArg.names(), items)) {
                why[0] = carrier ? Evidence.catalog(Basis.NAME, "keyCarrierMethods", Sites.display(p) + " at line "
                        + p.range().line()) : Evidence.catalog(Basis.NAME, "keyHeaderNames", Sites.display(p) + "(\""
                        + p.args().get(0).stringValue() + "\", ..) at line " + p.range().line());
                return roots(m, valueArg.names());
            }
            if (reaches) {
                reject(rejected, m, valueArg.text(), valueArg.names(), items, "the key set by " + Sites.display(p)
                        + " at line " + p.range().line());
            }
        }
        return null;
    }

    /** Writes into {@code rejected[0]}, when asked and still empty, why {@code text} (what {@code what} names) is
     * no key: the catalog's unstable-key entry it contains, or no item among the names it derives from; into
     * {@code rejected[1]} (when the array has room) that unstable entry. */
    private void reject(String[] rejected, MethodRef m, String text, Set<String> names, Set<String> items,
                        String what) {
        if (rejected == null || rejected[0] != null) {
            return;
        }
        String all = keyText(m, text, roots(m, names));
        String unstable = catalog.terms(Vocabulary.NON_DETERMINISTIC_KEY_CALLS).matching(all);
        String value = oneLine(text);
        if (unstable != null) {
            if (rejected.length > 1) {
                rejected[1] = unstable;
            }
            rejected[0] = value + ", " + what + ", is no key: it differs on every run (it contains " + unstable
                    + "), because catalog.json vocabularies." + Vocabulary.NON_DETERMINISTIC_KEY_CALLS.key() + ": "
                    + unstable;
        } else {
            rejected[0] = value + ", " + what + ", is no key: not derived from the item (it derives from "
                    + (roots(m, names).isEmpty() ? "no variable" : String.join(", ", roots(m, names)))
                    + "; the item is " + (items.isEmpty() ? "not known here" : String.join(", ", items)) + ")";
        }
    }

    /** {@code text} followed by the initialisers of the locals it derives from: what an unstable part may hide in. */
    private static String keyText(MethodRef m, String text, Set<String> roots) {
        StringBuilder all = new StringBuilder(text);
        for (String r : roots) {
            LocalVar lv = m.method().body().locals().get(r);
            if (lv != null && lv.initText() != null) {
                all.append(' ').append(lv.initText());
            }
        }
        return all.toString();
    }

    private static String callee(CallInfo ci, CallSite c) {
        MethodRef d = ci.target().declared();
        return d == null ? c.name() + "()" : d.type().simpleName() + "." + d.method().name() + "()";
    }

    private static String oneLine(String s) {
        String t = s.replaceAll("\\s+", " ").strip();
        return t.length() > 120 ? t.substring(0, 117) + "..." : t;
    }

    /**
     * The first project method {@code ci}'s call runs whose body is in the sources (an implementation of an interface
     * counts), or null for a library method, a bodiless remote interface or an unresolved call.
     */
    private static MethodRef visibleBody(CallInfo ci) {
        for (MethodRef t : ci.target().targets()) {
            if (t.method().hasBody()) {
                return t;
            }
        }
        return null;
    }

    /**
     * How argument {@code i} looks like a key by name alone, for explain ("the callee's parameter requestId", "a
     * variable named like a key", "built by a key factory"), or null: the callee's declared parameter, the local or
     * parameter passed, or a key factory call.
     */
    private String keyNamed(Body body, Arg a, MethodRef declared, int i) {
        if (declared != null && i < declared.method().arity()
                && Catalog.any(catalog.keyParameterNames(), declared.method().params().get(i).name())) {
            return "the callee's parameter " + declared.method().params().get(i).name();
        }
        if (Catalog.any(catalog.keyParameterNames(), a.text().trim())) {
            return "a variable named like a key";
        }
        for (int id : a.callIds()) {
            if (keyFactory(body.calls().get(id))) {
                return "built by a key factory";
            }
        }
        return null;
    }

    /** The name a binding annotation sends a parameter under ({@code @PathVariable("id")}), or null. */
    private String boundName(io.idemcheck.core.facts.MethodFacts.Param p) {
        for (io.idemcheck.core.facts.AnnotationFact a : p.annotations()) {
            if (catalog.terms(Vocabulary.BINDING_ANNOTATIONS).has(a.simpleName())) {
                String v = a.strings().get("value");
                if (v == null) {
                    v = a.strings().get("name");
                }
                if (v != null && !v.isBlank()) {
                    return v;
                }
            }
        }
        return null;
    }

    /** A call of a key factory of the catalog ({@code IdempotencyKeys.of(..)}): receiver type and method name. */
    private boolean keyFactory(CallSite inner) {
        for (String f : catalog.terms(Vocabulary.KEY_FACTORIES).values()) {
            int dot = f.lastIndexOf('.');
            if (inner.name().equals(f.substring(dot + 1)) && inner.receiver().text().endsWith(f.substring(0, dot))) {
                return true;
            }
        }
        return false;
    }

    /**
     * True when carrier call {@code p} is a step of the builder chain that builds an argument of effect {@code c},
     * inline ({@code PaymentIntent.create(params, RequestOptions.builder().setIdempotencyKey(k).build())}) or in a
     * local passed to it ({@code RequestOptions options = RequestOptions.builder().setIdempotencyKey(k).build();
     * intent.capture(options)}).
     */
    private static boolean builtInto(Body body, CallSite p, CallSite c) {
        for (Arg a : c.args()) {
            if (a.callIds().contains(p.id())) {
                return true; // a call inside the argument's own expression
            }
        }
        if (p.id() >= c.id()) {
            return false;
        }
        for (Arg a : c.args()) {
            LocalVar lv = body.locals().get(a.text().trim());
            if (lv == null) {
                continue;
            }
            for (int id : lv.initCallIds()) {
                if (id == p.id() || chainedOn(body, p, id) || onChainOf(body, id, p.id())) {
                    return true;
                }
            }
        }
        return false;
    }

    /** True when call {@code id}'s receiver chain passes through call {@code target}. */
    private static boolean onChainOf(Body body, int id, int target) {
        CallSite cur = body.calls().get(id);
        int guard = 0;
        while (cur.receiver().kind() == Receiver.Kind.CALL && guard++ < 64) {
            if (cur.receiver().callId() == target) {
                return true;
            }
            cur = body.calls().get(cur.receiver().callId());
        }
        return false;
    }

    private static boolean chainedOn(Body body, CallSite p, int effectId) {
        CallSite cur = p;
        int guard = 0;
        while (cur.receiver().kind() == Receiver.Kind.CALL && guard++ < 64) {
            if (cur.receiver().callId() == effectId) {
                return true;
            }
            cur = body.calls().get(cur.receiver().callId());
        }
        return false;
    }

    /** A key is derived from the item's identity and is the same on every run (no random or clock parts). */
    private boolean derivedKey(MethodRef m, String text, Set<String> names, Set<String> items) {
        Set<String> roots = roots(m, names);
        if (catalog.terms(Vocabulary.NON_DETERMINISTIC_KEY_CALLS).has(keyText(m, text, roots))) {
            return false;
        }
        for (String r : roots) {
            if (items.contains(r)) {
                return true;
            }
        }
        return false;
    }
}
