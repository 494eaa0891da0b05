package io.idemcheck.rules.fix;

import io.idemcheck.core.facts.MethodFacts;
import io.idemcheck.core.facts.TypeFacts;
import io.idemcheck.core.facts.TypeRef;
import io.idemcheck.core.index.MethodRef;
import io.idemcheck.core.index.ProjectIndex;
import io.idemcheck.core.index.ResolvedType;
import io.idemcheck.core.index.TypeEntry;
import io.idemcheck.core.util.Texts;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Set;

/**
 * The expressions that identify a work item in the user's own terms, for idempotency-key templates: the item's id
 * accessor and, when the entity type is in the scanned sources and has one, its business-date accessor (so the key of
 * a daily task differs from day to day). Only accessors that exist are used: {@code t.getBizDate()} appears only if
 * the type declares {@code getBizDate()} (or a Lombok/record accessor for a {@code bizDate} field). When the item's
 * type has no accessors to read (a {@code Map<String, Object>} row, a library type), the id is what the code itself
 * has: a local read from the row ({@code long id = (Long) r.get("id")}: {@code id}), else {@code r.get("id")} on a
 * Map row; never a getter the type does not declare.
 */
public final class ItemKeys {

    private static final Set<String> SCALARS = Set.of("long", "int", "Long", "Integer", "String", "UUID", "short",
            "Short", "BigInteger");

    /**
     * @param idExpr   the id expression ({@code t.getId()}, or the item itself when it is a scalar id)
     * @param keyParts the parts of the idempotency key (the id, then the business date when there is one)
     * @param verified true when the accessors were found in the entity type (false: a guess such as getId())
     */
    public record Parts(String idExpr, List<String> keyParts, boolean verified) {
    }

    private ItemKeys() {
    }

    /** The parts for {@code itemVar} of static type {@code type} (may be null or unknown), used inside {@code m}. */
    public static Parts of(ProjectIndex index, MethodRef m, String itemVar, TypeRef type) {
        if (type != null && SCALARS.contains(type.simpleName())) {
            return new Parts(itemVar, List.of(itemVar), true);
        }
        TypeFacts t = null;
        if (type != null && !type.isUnknown() && index != null) {
            ResolvedType rt = index.resolveType(type.name(), m.owner());
            TypeEntry te = index.typeOf(rt).orElse(null);
            t = te == null ? null : te.type();
        }
        if (t == null) {
            // no entity type to read accessors from (a Map row, a library or unresolved type): use what the code has
            String local = idLocal(m, itemVar);
            if (local != null) {
                return new Parts(local, List.of(local), true);
            }
            if (type != null && type.simpleName().endsWith("Map")) {
                String key = mapIdKey(m, itemVar);
                String get = itemVar + ".get(\"" + (key == null ? "id" : key) + "\")";
                return new Parts(get, List.of(get), key != null);
            }
            return new Parts(itemVar + ".getId()", List.of(itemVar + ".getId()"), false);
        }
        String id = accessor(t, "id");
        if (id == null) {
            for (String f : t.fields().keySet()) {
                if (f.toLowerCase(Locale.ROOT).endsWith("id") && accessor(t, f) != null) {
                    id = accessor(t, f);
                    break;
                }
            }
        }
        List<String> parts = new ArrayList<>();
        String idExpr = id == null ? itemVar + ".getId()" : itemVar + "." + id + "()";
        parts.add(idExpr);
        String date = null;
        int best = -1;
        for (String f : t.fields().keySet()) {
            String lf = f.toLowerCase(Locale.ROOT);
            if (!(lf.contains("date") || lf.endsWith("day"))) {
                continue;
            }
            int score = lf.contains("biz") || lf.contains("business") ? 3 : lf.contains("settle") || lf.contains("trade")
                    || lf.contains("accounting") ? 2 : lf.contains("created") || lf.contains("modified") ? 0 : 1;
            String acc = accessor(t, f);
            if (acc != null && score > best) {
                best = score;
                date = acc;
            }
        }
        if (date != null && best > 0) {
            parts.add(itemVar + "." + date + "()");
        }
        return new Parts(idExpr, parts, id != null);
    }

    /**
     * A local of {@code m} read from the row {@code itemVar} that holds its id ({@code long id = (Long) r.get("id");},
     * {@code String orderId = row.getString("order_id")}): a scalar (or {@code var}) named {@code id} or ending in
     * {@code Id}/{@code _id}, whose initializer reads {@code itemVar}. {@code id} itself first; null when none.
     */
    static String idLocal(MethodRef m, String itemVar) {
        if (m == null || !m.method().hasBody()) {
            return null;
        }
        String best = null;
        for (io.idemcheck.core.facts.LocalVar lv : m.method().body().locals().values()) {
            String n = lv.name();
            boolean idName = n.equals("id") || n.endsWith("Id") || n.endsWith("_id");
            boolean scalar = lv.type().isUnknown() || SCALARS.contains(lv.type().simpleName());
            if (idName && scalar && !n.equals(itemVar) && lv.sources().contains(itemVar)
                    && (best == null || n.equals("id"))) {
                best = n;
            }
        }
        return best;
    }

    /**
     * The key the code reads the id of Map row {@code itemVar} with: the string literal of an
     * {@code itemVar.get("...")} call in {@code m} equal to {@code id} or ending in {@code _id}/{@code Id} ({@code id}
     * first), else null (the code reads no such key).
     */
    static String mapIdKey(MethodRef m, String itemVar) {
        String best = null;
        if (m != null && m.method().hasBody()) {
            for (io.idemcheck.core.facts.CallSite c : m.method().body().calls()) {
                if (!c.name().equals("get") || c.args().size() != 1
                        || c.receiver().kind() != io.idemcheck.core.facts.Receiver.Kind.NAME
                        || !itemVar.equals(c.receiver().name())) {
                    continue;
                }
                String k = c.args().get(0).stringValue();
                if (k == null || k.isEmpty()) {
                    continue;
                }
                if (k.equalsIgnoreCase("id")) {
                    return k;
                }
                if (best == null && (k.endsWith("_id") || k.endsWith("Id"))) {
                    best = k;
                }
            }
        }
        return best;
    }

    /** The no-argument accessor of {@code field}: {@code getX}/{@code isX}, a record's {@code x}, or null. */
    static String accessor(TypeFacts t, String field) {
        String cap = Character.toUpperCase(field.charAt(0)) + field.substring(1);
        for (MethodFacts mf : t.methods()) {
            if (!mf.params().isEmpty()) {
                continue;
            }
            if (mf.name().equals("get" + cap) || mf.name().equals("is" + cap)
                    || "record".equals(t.kind()) && mf.name().equals(field)) {
                return mf.name();
            }
        }
        if ("record".equals(t.kind()) && t.fields().containsKey(field)) {
            return field;
        }
        return null;
    }

    /**
     * An effect call as the ledger template runs it.
     *
     * @param text     the call's text, with the key it sends made anew on each run replaced by {@code k}
     * @param replaced the text that {@code k} replaced ({@code UUID.randomUUID().toString()}, {@code requestKey}), or
     *                 null when nothing was (no such key, or where it is sent is not one clear argument)
     * @param unstable what makes the sent key differ on each run ({@code randomUUID}, {@code currentTimeMillis}), or
     *                 null when the call sends no such key
     */
    public record LedgerCall(String text, String replaced, String unstable) {
    }

    /**
     * Effect call {@code c} of {@code m} as the ledger runs it: when it sends a key made anew on each run (a random UUID,
     * the clock: {@link io.idemcheck.core.summary.Semantics#unstableKey}), the one argument that holds it (in its own
     * text, or in the initialiser of a local it reads) becomes {@code k}, the key derived from the item that the ledger
     * hands the effect. A random key is a new key after a restart, so the downstream could not dedupe the retry. The
     * smallest such argument is taken ({@code setIdempotencyKey(UUID.randomUUID().toString())} inside a builder, not the
     * builder); when there is none or more than one, the text stays and {@code replaced} is null.
     */
    public static LedgerCall ledgerCall(io.idemcheck.core.summary.Semantics sem, MethodRef m,
                                        io.idemcheck.core.facts.CallSite c) {
        String unstable = sem.unstableKey(m, c);
        if (unstable == null) {
            return new LedgerCall(c.text(), null, null);
        }
        io.idemcheck.core.facts.Body body = m.method().body();
        io.idemcheck.core.catalog.Terms terms = sem.catalog().terms(
                io.idemcheck.core.catalog.Vocabulary.NON_DETERMINISTIC_KEY_CALLS);
        List<String> found = new ArrayList<>();
        java.util.Deque<io.idemcheck.core.facts.Arg> todo = new java.util.ArrayDeque<>(c.args());
        while (!todo.isEmpty()) {
            io.idemcheck.core.facts.Arg a = todo.pop();
            StringBuilder all = new StringBuilder(a.text());
            Set<String> names = new java.util.LinkedHashSet<>(a.names());
            names.addAll(sem.roots(m, a.names()));
            for (String n : names) {
                io.idemcheck.core.facts.LocalVar lv = body.locals().get(n);
                if (lv != null && lv.initText() != null) {
                    all.append(' ').append(lv.initText());
                }
            }
            if (!unstable.equals(terms.matching(all.toString()))) {
                continue;
            }
            found.add(a.text());
            for (int id : a.callIds()) {
                if (id < body.calls().size()) {
                    todo.addAll(body.calls().get(id).args());
                }
            }
        }
        // the smallest: an argument no other one lies inside
        List<String> smallest = found.stream().distinct().filter(t -> found.stream().noneMatch(o -> !o.equals(t)
                && t.contains(o))).toList();
        if (smallest.size() != 1) {
            return new LedgerCall(c.text(), null, unstable);
        }
        String r = smallest.get(0);
        if (!textValue(body, r)) {
            return new LedgerCall(c.text(), null, unstable); // a request or options object: k (a String) cannot replace it
        }
        java.util.regex.Matcher mt = java.util.regex.Pattern.compile("(?<![\\w.$])" + java.util.regex.Pattern.quote(r)
                + "(?![\\w$])").matcher(c.text());
        if (!mt.find()) {
            return new LedgerCall(c.text(), null, unstable);
        }
        return new LedgerCall(mt.replaceAll("k"), r, unstable);
    }

    /**
     * True when {@code text}, an argument, is a String that {@code k} may replace: a local declared {@code String}, or
     * an expression that makes one ({@code UUID.randomUUID().toString()}, {@code "r-" + System.currentTimeMillis()},
     * {@code String.valueOf(..)}); not a request or options object that carries the key inside.
     */
    private static boolean textValue(io.idemcheck.core.facts.Body body, String text) {
        String t = text.strip();
        if (t.matches("[\\w$]+")) {
            io.idemcheck.core.facts.LocalVar lv = body.locals().get(t);
            return lv != null && lv.type().simpleName().equals("String");
        }
        return t.endsWith(".toString()") || t.contains("\"") || t.startsWith("String.valueOf(");
    }

    /**
     * The comment line of a ledger template about the key the effect sent, or null: {@code k} now goes where the
     * random or clock key went, or, when that place is not clear, that it must.
     */
    public static String ledgerNote(LedgerCall lc) {
        if (lc.unstable() == null) {
            return null;
        }
        String what = lc.unstable().replaceAll("\\($", "");
        return lc.replaced() != null
                ? "// k instead of " + Texts.oneLine(lc.replaced()) + " (" + what + "): a key made anew on each run is a "
                + "new key after a restart, and the downstream could not dedupe the retry"
                : "// send k as the key here, not the value made anew on each run (" + what + "): that is a new key "
                + "after a restart, and the downstream could not dedupe the retry";
    }
}
