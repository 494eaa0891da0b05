package io.idemcheck.core.summary;

import io.idemcheck.core.facts.EffectKind;
import io.idemcheck.core.catalog.Vocabulary;
import io.idemcheck.core.catalog.Catalog;
import io.idemcheck.core.facts.Arg;
import io.idemcheck.core.facts.CallSite;
import io.idemcheck.core.facts.LocalVar;
import io.idemcheck.core.index.CallTarget;
import io.idemcheck.core.index.MethodRef;
import io.idemcheck.core.index.ProjectIndex;
import io.idemcheck.core.index.ResolvedType;
import io.idemcheck.core.index.TypeEntry;
import io.idemcheck.core.schema.Schema;
import io.idemcheck.core.sql.SqlStatement;
import io.idemcheck.core.util.Brackets;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.function.Function;

import static io.idemcheck.core.summary.Dataflow.roots;
import static io.idemcheck.core.summary.Sites.display;
import static io.idemcheck.core.summary.Sites.location;
import static io.idemcheck.core.summary.Sites.simple;

/**
 * Classifier: whether a call is a side effect a repeated run repeats, of which kind, and why ({@link EffectTrace}
 * with its {@link Basis}: CONFIG for idemcheck.yml, CATALOG for a catalog effect type, ANNOTATION, SQL for a
 * visible INSERT, NAME for the method-name vocabulary, or the callee's summary). Lower layer: reads the catalog,
 * the schema and the callees' summaries (through the function it is given), never the queries above it.
 * Stateless; safe to share between threads when the summary function is.
 */
final class Effects {

    /** Package prefix of idemcheck's own runtime library: its calls are neither effects nor records by name. */
    static final String RUNTIME = "io.idemcheck.runtime.";

    private final ProjectIndex index;
    private final Catalog catalog;
    private final CatalogMemo catalogMemo;
    private final Schema schema;
    private final DataAccess dataAccess;
    private final Function<MethodRef, MethodSummary> summaries;
    private final RemoteCalls remoteCalls;

    Effects(ProjectIndex index, Schema schema, DataAccess dataAccess, Function<MethodRef, MethodSummary> summaries) {
        this.index = index;
        this.catalog = index.catalog();
        this.catalogMemo = new CatalogMemo(catalog);
        this.schema = schema;
        this.dataAccess = dataAccess;
        this.summaries = summaries;
        this.remoteCalls = new RemoteCalls(index);
    }

    /** The camel-case and underscore word breaks of a method name: refundQueryV3 is refund, Query, V3. */
    private static final java.util.regex.Pattern NAME_WORDS = java.util.regex.Pattern.compile("(?<=[a-z0-9])(?=[A-Z])|_");

    /** A call of a payment or SMS SDK entry whose name holds a read word (catalog sdkReadWords) anywhere among its
     * camel-case words: {@code refundQuery}, {@code entPayQueryV3}. */
    private boolean sdkRead(Catalog.EffectType et, String name) {
        EffectKind k = EffectKind.of(et.kind());
        if (k != EffectKind.PAYMENT && k != EffectKind.MESSAGE) {
            return false;
        }
        for (String w : NAME_WORDS.split(name)) {
            if (catalog.terms(Vocabulary.SDK_READ_WORDS).has(w.toLowerCase(java.util.Locale.ROOT))) {
                return true;
            }
        }
        return false;
    }

    EffectTrace effectOf(MethodRef m, CallSite c, CallTarget t, List<SqlStatement> stmts) {
        ResolvedType recv = t.receiverType();
        String here = display(c);
        Catalog.ProjectEffect pe = catalog.projectEffect(recv.name(), c.name(), c.args().size()); // idemcheck.yml
        if (pe != null) {
            return trace(m, c, EffectKind.of(pe.kind()), pe.verb() != null ? pe.verb() : verbOfKind(pe.kind()),
                    simple(recv.name()) + "." + c.name(), Basis.CONFIG, here + " " + EffectTrace.kindPhrase(pe.kind()),
                    Evidence.config("effects", pe.pattern(), catalog.project().file()));
        }
        if (!recv.isProject()) {
            if (c.receiver().kind() == io.idemcheck.core.facts.Receiver.Kind.CALL && c.receiver().callId() >= 0) {
                EffectTrace chained = remoteCalls.chainedEffect(m, c);
                if (chained != null) {
                    return chained;
                }
            }
            EffectTrace appended = appendWrite(m, c);
            if (appended != null) {
                return appended;
            }
            Catalog.EffectType et = catalogMemo.effectType(recv.name());
            if (et == null && recv.kind() == ResolvedType.Kind.UNKNOWN) {
                et = catalogMemo.effectTypeBySimpleName(recv.simpleName());
            }
            if (et == null) {
                et = catalogMemo.effectTypeBySuffix(recv.simpleName());
                if (et != null && Catalog.any(catalog.remoteReadMethodNames(), c.name())) {
                    return null; // a generated stub's read (getOrder, listOrders) asks and changes nothing
                }
            }
            if (et != null) {
                String method = et.matchingMethod(c.name());
                if (method != null && !et.argumentsQualify(c.args().stream().map(Arg::text).toList())) {
                    return null; // Files.write without APPEND replaces the file: a repeat writes the same bytes
                }
                if (method != null && sdkRead(et, c.name())) {
                    return null; // wxPayService.refundQueryV3(..): a payment or SMS SDK's query asks, it moves nothing
                }
                if (method != null && !(EffectKind.of(et.kind()) == EffectKind.HTTP && readOnlyHttp(m, c))
                        && !remoteCalls.readRequest(m, c)) {
                    boolean bySimpleName = !et.type().equals(recv.name());
                    String verb = EffectKind.of(et.kind()) == EffectKind.PAYMENT
                            ? remoteCalls.paymentVerb(m, c, recv.simpleName()) : verbOfKind(et.kind());
                    return trace(m, c, EffectKind.of(et.kind()), verb, simple(recv.name()) + "." + c.name(),
                            Basis.CATALOG, here + " calls " + simple(recv.name()) + "." + c.name() + "()",
                            Evidence.catalog(Basis.CATALOG, "effectTypes", et.type() + "#" + method + " (" + et.kind()
                                    + (bySimpleName ? "; matched by the simple name " + recv.simpleName()
                                    + ", the type did not resolve" : "") + ")"));
                }
                if (method != null || et.type().equals(recv.name())) {
                    return null;
                }
                // a type that did not resolve, guessed by its simple name (SmsClient), whose method the entry does
                // not list: the guess says nothing, and the name vocabulary below still applies (sendSms)
            }
            if (isNotEffectType(recv)) {
                return null;
            }
            if (recv.name().startsWith(RUNTIME)) {
                return null;
            }
            for (SqlStatement st : stmts) {
                if (insertEffect(st)) {
                    return trace(m, c, EffectKind.DB_INSERT, "inserts the row into " + st.table() + " again",
                            simple(recv.name()) + "." + c.name(), Basis.SQL, here + " runs INSERT INTO " + st.table(),
                            Evidence.sql(st, io.idemcheck.core.sql.SqlFacts.Kind.INSERT));
                }
                EffectTrace inc = incrementEffect(m, c, st, simple(recv.name()) + "." + c.name());
                if (inc != null) {
                    return inc;
                }
            }
        }
        TypeEntry recvType = index.typeOf(recv).orElse(null);
        // an interface shared with its provider (@RpcService, catalog reach "proxy") and implemented in the sources
        // is remote only when the call goes through a proxy built in the chain (Clients.withService(Api.class)
        // .withHost(h).call()); an injected field or variable of it holds the local implementation, followed below
        boolean localImpl = c.receiver().kind() != io.idemcheck.core.facts.Receiver.Kind.CALL
                && t.targets().stream().anyMatch(x -> x.method().hasBody());
        if (recvType != null) {
            for (Catalog.EffectAnnotation ea : catalog.effectAnnotations()) {
                if (recvType.type().annotation(ea.annotation()) != null && !(ea.proxyOnly() && localImpl)) {
                    if (remoteCalls.remoteRead(t.declared())) {
                        return null; // a GET (or a read-named method with no write mapping) on the remote client
                    }
                    return trace(m, c, EffectKind.of(ea.kind()), verbOfKind(ea.kind()), recvType.type().simpleName() + "." + c.name(),
                            Basis.ANNOTATION, here + " calls the @" + ea.annotation() + " " + recvType.type().simpleName(),
                            new Evidence(Basis.ANNOTATION, "catalog.json effectAnnotations", "@" + ea.annotation() + " ("
                                    + ea.kind() + ") on " + recvType.fqn(), recvType.file().relPath(),
                                    recvType.type().annotation(ea.annotation()).range().line()));
                }
            }
        }
        java.util.Optional<EffectTrace> remote = remoteCalls.annotated(m, c, t, here);
        if (remote == null && !onBuilder(m, c)) {
            remote = remoteCalls.remoteNamed(m, c, t, here);
        }
        if (remote != null) {
            return remote.orElse(null);
        }
        // through project methods: with several implementations (an interface), the call stands for the worst
        // effect any of them has, not the first one's
        boolean anyBody = false;
        boolean opaque = false;
        EffectTrace worst = null;
        for (MethodRef target : t.targets()) {
            if (!target.method().hasBody()) {
                continue;
            }
            anyBody = true;
            MethodSummary s = summaries.apply(target);
            opaque |= s.opaque();
            if (!s.effects().isEmpty()) {
                // the call stands for the callee's worst effect: an unkeyed one, and one that leaves the
                // application's database (an HTTP post or a message) before an insert that may roll back with it;
                // among those the nearest (fewest calls down), which is the one the reader meets first
                java.util.Comparator<EffectTrace> nearest = java.util.Comparator.comparingInt(x -> x.hops().size());
                EffectTrace first = s.effects().stream().filter(x -> x.keyParam() < 0 && !x.isDatabaseLocal())
                        .min(nearest).orElse(s.effects().stream().filter(x -> x.keyParam() < 0).findFirst()
                                .orElse(s.effects().get(0)));
                EffectTrace inner = first.via(location(m, c.range(), here + " calls "
                        + target.type().simpleName() + "." + target.method().name() + "()"));
                if (inner.effectKind() != EffectKind.PAYMENT && inner.effectKind() != EffectKind.ORDER
                        && catalog.remoteReadMethodNames() != null && Catalog.any(catalog.remoteReadMethodNames(), c.name())) {
                    // a project method named like a read (getStatus, fetchPage, getResetEsGoodsIndex) answers a
                    // question; what it sends on the way (a GET, a cache or index refresh request) is not the
                    // item's effect, and repeating it changes nothing downstream (money and orders are never
                    // excused so)
                    continue;
                }
                if (!inner.isDatabaseLocal() && remoteCalls.readRequest(m, c)) {
                    // a query request handed down to the project's wrapper of a payment SDK's executor
                    // (doExecute(new AlipayTradeQueryRequest())): what the wrapper sends only asks
                    continue;
                }
                if (worst == null || WORST_FIRST.compare(inner, worst) < 0) {
                    worst = inner;
                }
            }
        }
        if (worst != null) {
            Catalog.EffectName named = catalog.effectName(c.name());
            if (named != null && !worst.isDatabaseLocal()) {
                // a business name on the way down says best what a repetition does: charge() over HTTP
                return worst.renamed(named.kind(), named.verb());
            }
            return worst;
        }
        // a project type that extends a catalog effect type without declaring the method (an interface that adds to
        // a bus's API, a client subclass): the call runs the library's method
        if (recvType != null && !anyBody) {
            EffectTrace inherited = inheritedEffect(m, c, recvType);
            if (inherited != null) {
                return inherited;
            }
        }
        // data-access interfaces: the SQL or the method name
        if (recvType != null && !anyBody && dataAccess.isDataAccess(recvType)) {
            if (known(stmts)) {
                for (SqlStatement st : stmts) {
                    if (insertEffect(st)) {
                        return trace(m, c, EffectKind.DB_INSERT, "inserts the row into " + st.table() + " again",
                                recvType.type().simpleName() + "." + c.name(), Basis.SQL,
                                here + " runs INSERT INTO " + st.table(),
                                Evidence.sql(st, io.idemcheck.core.sql.SqlFacts.Kind.INSERT));
                    }
                    EffectTrace inc = incrementEffect(m, c, st, recvType.type().simpleName() + "." + c.name());
                    if (inc != null) {
                        return inc;
                    }
                }
                return null;
            }
            Evidence byName = dbWriteName(m, c);
            if (byName != null) {
                return trace(m, c, EffectKind.DB_INSERT, "inserts the row again", recvType.type().simpleName() + "." + c.name(),
                        Basis.NAME, here + " inserts a row", byName);
            }
            return null;
        }
        // the vocabulary of business effects, never on library types, and not on project methods whose whole body
        // is visible and shows no effect (a publish() that only wraps Spring's in-process events)
        if (recv.kind() != ResolvedType.Kind.LIBRARY && !isAccessor(t) && (!anyBody || opaque)) {
            Catalog.EffectName en = catalog.effectName(c.name());
            if (en != null && !(recvType != null && dataAccess.isDataAccess(recvType)) && !onBuilder(m, c)) {
                return trace(m, c, EffectKind.of(en.kind()), en.verb(), c.name(), Basis.NAME,
                        here + " " + EffectTrace.kindPhrase(en.kind()),
                        Evidence.catalog(Basis.NAME, "effectMethodNames", en.pattern() + " (" + en.kind() + ")"));
            }
        }
        return null;
    }

    /**
     * Orders the effects several implementations of one call have, worst first: an unkeyed one before a keyed one,
     * one that leaves the application's database before one that rolls back with it, then by kind (money, orders,
     * messages and mails, remote calls, files, then local rows), then the nearest. Ties keep the first found.
     */
    private static final java.util.Comparator<EffectTrace> WORST_FIRST = java.util.Comparator
            .<EffectTrace>comparingInt(x -> x.keyParam() < 0 ? 0 : 1)
            .thenComparingInt(x -> x.isDatabaseLocal() ? 1 : 0)
            .thenComparingInt(x -> switch (x.effectKind()) {
                case PAYMENT -> 0;
                case ORDER -> 1;
                case MESSAGE, MAIL -> 2;
                case HTTP -> 3;
                case FILE -> 4;
                case DB_INCREMENT -> 5;
                case DB_INSERT -> 6;
            })
            .thenComparingInt(x -> x.hops().size());

    /**
     * A write ({@code streamWriteCalls}) on a local writer or stream opened for append to a local file: its
     * initializer creates one of the catalog's {@code appendFileOpeners} with {@code true} as the last argument
     * ({@code new FileWriter(path, true)}), directly or wrapped ({@code new PrintWriter(new FileWriter(f, true))}).
     * A repeat appends the same lines again. Null otherwise (a writer that replaces the file writes the same bytes).
     */
    private EffectTrace appendWrite(MethodRef m, CallSite c) {
        if (c.receiver().kind() != io.idemcheck.core.facts.Receiver.Kind.NAME
                || !catalog.terms(Vocabulary.STREAM_WRITE_CALLS).has(c.name())) {
            return null;
        }
        LocalVar lv = m.method().body().locals().get(c.receiver().name());
        if (lv == null || lv.initText() == null) {
            return null;
        }
        for (String opener : catalog.terms(Vocabulary.APPEND_FILE_OPENERS).values()) {
            java.util.regex.Matcher nm = java.util.regex.Pattern.compile("\\bnew\\s+(?:[\\w.]*\\.)?"
                    + java.util.regex.Pattern.quote(opener) + "\\s*\\(").matcher(lv.initText());
            while (nm.find()) {
                List<String> args = Brackets.callArgs(lv.initText(), nm.end() - 1, Brackets.Quotes.JAVA);
                if (args.size() >= 2 && args.get(args.size() - 1).equals("true")) {
                    return trace(m, c, EffectKind.FILE, "appends the lines to the file again",
                            opener + "." + c.name(), Basis.CATALOG, display(c) + " appends to a file opened with new "
                                    + opener + "(.., true)",
                            Evidence.catalog(Basis.CATALOG, "vocabularies.appendFileOpeners", opener
                                    + " opened for append (" + c.receiver().name() + " = " + lv.initText() + ")"));
                }
            }
        }
        return null;
    }


    /**
     * The effect of calling {@code c} on project type {@code recvType} when one of its library supertypes is a
     * catalog effect type whose method list has {@code c}'s name and the project type declares no such method itself
     * (its body would be followed instead); null otherwise.
     */
    private EffectTrace inheritedEffect(MethodRef m, CallSite c, TypeEntry recvType) {
        if (!index.findMethods(recvType, c.name(), c.args().size()).isEmpty()) {
            return null;
        }
        for (ResolvedType st : index.allSupertypes(recvType)) {
            if (st.isProject()) {
                continue;
            }
            Catalog.EffectType et = catalogMemo.effectType(st.name());
            if (et == null && st.kind() == ResolvedType.Kind.UNKNOWN) {
                et = catalogMemo.effectTypeBySimpleName(st.simpleName());
            }
            String method = et == null ? null : et.matchingMethod(c.name());
            if (method == null || EffectKind.of(et.kind()) == EffectKind.HTTP && readOnlyHttp(m, c)) {
                continue;
            }
            return trace(m, c, EffectKind.of(et.kind()), verbOfKind(et.kind()), recvType.type().simpleName() + "." + c.name(),
                    Basis.CATALOG, display(c) + " calls " + simple(st.name()) + "." + c.name() + "() through "
                            + recvType.type().simpleName(),
                    Evidence.catalog(Basis.CATALOG, "effectTypes", et.type() + "#" + method + " (" + et.kind()
                            + "; inherited by the project type " + recvType.fqn() + ")"));
        }
        return null;
    }

    static EffectTrace trace(MethodRef m, CallSite c, EffectKind kind, String verb, String leaf, Basis basis,
                              String label, Evidence evidence) {
        return new EffectTrace(kind, verb, leaf, List.of(location(m, c.range(), label)), basis, evidence);
    }

    /** The consequence of repeating an effect of a kind, in words ({@link EffectKind#verb()} of the kind a label names). */
    public static String verbOfKind(String kind) {
        for (EffectKind k : EffectKind.values()) {
            if (k.label().equals(kind)) {
                return k.verb();
            }
        }
        return "repeats the effect";
    }

    /** True when {@code c} goes to another system through a remote client ({@link RemoteCalls#remoteClient}). */
    boolean remoteClient(MethodRef m, CallSite c, CallTarget t) {
        return remoteCalls.remoteClient(m, c, t);
    }

    /**
     * True for HTTP calls that only read: {@code exchange(.., HttpMethod.GET, ..)}, or {@code newCall(request)} /
     * {@code send(request)} / {@code execute(request)} where the request is built in this method with no mutating
     * verb ({@code .get()}, {@code GET()}, {@code new HttpGet(..)}).
     */
    private boolean readOnlyHttp(MethodRef m, CallSite c) {
        if (c.name().equals("exchange") || c.name().equals("execute") || c.name().equals("method")) {
            for (Arg a : c.args()) {
                if (a.text().contains("HttpMethod.GET") || a.text().contains("HttpMethod.HEAD")) {
                    return true;
                }
            }
        }
        if (!catalog.terms(Vocabulary.HTTP_REQUEST_SENDS).has(c.name()) || c.args().isEmpty()) {
            return false;
        }
        Arg req = c.args().get(0);
        StringBuilder seen = new StringBuilder(req.text());
        boolean visible = req.text().contains("(");
        for (String r : roots(m, req.names())) {
            LocalVar lv = m.method().body().locals().get(r);
            if (lv != null && lv.initText() != null) {
                seen.append(' ').append(lv.initText());
                visible = true;
                // the initializer's text is cut at a few hundred characters: a long builder chain
                // (newBuilder().uri(..).header(..).timeout(..).POST(..).build()) says its verb through its calls
                for (int id : lv.initCallIds()) {
                    seen.append(' ').append(chainNames(m, id));
                }
            }
        }
        if (!visible) {
            return false;
        }
        return !catalog.terms(Vocabulary.MUTATING_HTTP_MARKERS).has(seen.toString());
    }

    /**
     * The calls of the receiver chain that ends in call {@code id}, written as {@code .name(} each
     * ({@code .newBuilder( .uri( .POST( .build(}), so that the mutating-request markers see a verb the cut source
     * text lost.
     */
    private static String chainNames(MethodRef m, int id) {
        List<CallSite> calls = m.method().body().calls();
        StringBuilder sb = new StringBuilder();
        int cur = id;
        int guard = 0;
        while (cur >= 0 && cur < calls.size() && guard++ < 64) {
            CallSite c = calls.get(cur);
            sb.insert(0, "." + c.name() + "( " + c.name() + "( ");
            cur = c.receiver().kind() == io.idemcheck.core.facts.Receiver.Kind.CALL ? c.receiver().callId() : -1;
        }
        return sb.toString();
    }

    private boolean isNotEffectType(ResolvedType recv) {
        for (String n : catalog.notEffectTypes()) {
            if (n.equals(recv.name()) || n.endsWith("." + recv.simpleName()) && !recv.isProject()) {
                return true;
            }
        }
        return false;
    }

    private boolean isAccessor(CallTarget t) {
        MethodRef d = t.declared();
        if (d == null) {
            return false;
        }
        if (d.method().synthetic()) {
            return true;
        }
        return "record".equals(d.type().kind()) && d.method().arity() == 0
                && d.type().fields().containsKey(d.method().name());
    }

    /**
     * The vocabulary word that makes {@code c}, on a data-access type whose SQL is not visible, an insert: a
     * {@code dbInsertMethodNames} pattern, or a {@code dbSaveMethodNames} pattern given a fresh entity (new or built);
     * null when neither applies.
     */
    private Evidence dbWriteName(MethodRef m, CallSite c) {
        String n = c.name();
        String w = catalog.terms(Vocabulary.DB_INSERT_METHOD_NAMES).matching(n);
        if (w != null) {
            return Evidence.catalog(Basis.NAME, "vocabularies." + Vocabulary.DB_INSERT_METHOD_NAMES.key(), w);
        }
        w = catalog.terms(Vocabulary.DB_SAVE_METHOD_NAMES).matching(n);
        if (w != null && !c.args().isEmpty()) {
            Arg a = c.args().get(0);
            LocalVar lv = m.method().body().locals().get(a.text());
            if (lv != null && lv.initText() != null
                    && (lv.initText().startsWith("new ") || lv.initText().contains(".builder()"))) {
                return Evidence.catalog(Basis.NAME, "vocabularies." + Vocabulary.DB_SAVE_METHOD_NAMES.key(),
                        w + " (given a fresh entity: " + a.text() + " = " + lv.initText() + ")");
            }
        }
        return null;
    }

    /**
     * True when running {@code st} inserts a row a second run inserts again. With the table's schema visible, an
     * insert or upsert that writes every column of a unique key other than a surrogate id deduplicates itself and is
     * not an effect, and an upsert into a table whose only unique key is a generated id is one; without schema, a
     * plain INSERT is an effect and an upsert is not.
     */
    /**
     * A relative amount update as an effect ({@code db-increment}): every shape of {@code st} is an UPDATE that sets
     * no status-like column (one that also records the state is the record itself, written atomically with the
     * amount), and one shape adds to or subtracts from a column named for an amount (catalog {@code
     * balanceColumnWords}) relative to its own value ({@code SET can_rebate = IFNULL(can_rebate, 0) + ?}): a
     * repetition applies the amount again, unlike an absolute {@code SET balance = ?}. Null otherwise.
     */
    private EffectTrace incrementEffect(MethodRef m, CallSite c, SqlStatement st, String leaf) {
        if (st.shapes().isEmpty()) {
            return null;
        }
        String column = null;
        for (io.idemcheck.core.sql.SqlFacts f : st.shapes()) {
            if (f.kind() != io.idemcheck.core.sql.SqlFacts.Kind.UPDATE || f.statusWrite()) {
                return null;
            }
            for (String col : relativeColumns(f.text())) {
                if (column == null && BALANCE.matcher(col).matches()) {
                    column = col;
                }
            }
        }
        if (column == null) {
            return null;
        }
        return trace(m, c, EffectKind.DB_INCREMENT, "adds to " + st.table() + "." + column + " again", leaf, Basis.SQL,
                display(c) + " adds to " + st.table() + "." + column + " relative to its own value",
                Evidence.sql(st, io.idemcheck.core.sql.SqlFacts.Kind.UPDATE));
    }

    private static final java.util.regex.Pattern BALANCE = Catalog.builtin()
            .terms(io.idemcheck.core.catalog.Vocabulary.BALANCE_COLUMN_WORDS).regex("(?i).*(%s).*");
    private static final java.util.regex.Pattern SET_CLAUSE =
            java.util.regex.Pattern.compile("(?is)\\bSET\\b(.*?)(\\bWHERE\\b|$)");

    /**
     * The columns an UPDATE's SET clause assigns relative to their own value: {@code col = col + ?}, {@code col =
     * IFNULL(col, 0) - ?}, {@code t.col = t.col + 1} (lower case, without a table prefix). Assignments are split at
     * commas outside parentheses.
     */
    static List<String> relativeColumns(String sql) {
        List<String> out = new ArrayList<>();
        if (sql == null) {
            return out;
        }
        java.util.regex.Matcher mm = SET_CLAUSE.matcher(sql);
        if (!mm.find()) {
            return out;
        }
        String set = mm.group(1);
        List<String> parts = new ArrayList<>();
        int depth = 0;
        int start = 0;
        for (int i = 0; i < set.length(); i++) {
            char ch = set.charAt(i);
            if (ch == '(') {
                depth++;
            } else if (ch == ')') {
                depth--;
            } else if (ch == ',' && depth == 0) {
                parts.add(set.substring(start, i));
                start = i + 1;
            }
        }
        parts.add(set.substring(start));
        for (String part : parts) {
            int eq = part.indexOf('=');
            if (eq < 0) {
                continue;
            }
            String col = part.substring(0, eq).trim().toLowerCase(Locale.ROOT).replace("`", "").replace("\"", "");
            col = col.substring(col.lastIndexOf('.') + 1);
            String rhs = part.substring(eq + 1).toLowerCase(Locale.ROOT).replace("`", "").replace("\"", "");
            if (!col.matches("[a-z_][a-z0-9_]*") || rhs.indexOf('+') < 0 && rhs.indexOf('-') < 0) {
                continue;
            }
            if (java.util.regex.Pattern.compile("(^|[^a-z0-9_])" + col + "($|[^a-z0-9_])").matcher(rhs).find()) {
                out.add(col);
            }
        }
        return out;
    }

    private boolean insertEffect(SqlStatement st) {
        Boolean bySchema = schema.insertIsEffect(st);
        return bySchema != null ? bySchema : st.inserts();
    }

    static boolean known(List<SqlStatement> stmts) {
        return stmts.stream().anyMatch(st -> !st.unknown());
    }

    /**
     * True when {@code c} is a setter on a builder chain ({@code RefundLog.builder().payPrice(..)}, {@code
     * x.toBuilder().refundReason(..)}): a Lombok builder's {@code payPrice} names a field, not a payment.
     */
    static boolean onBuilder(MethodRef m, CallSite c) {
        java.util.List<CallSite> calls = m.method().body().calls();
        CallSite cur = c;
        int guard = 0;
        while (cur.receiver().kind() == io.idemcheck.core.facts.Receiver.Kind.CALL && guard++ < 64) {
            cur = calls.get(cur.receiver().callId());
            if (cur.name().equals("builder") || cur.name().equals("toBuilder") || cur.name().endsWith("Builder")) {
                return true;
            }
        }
        return false;
    }

}
