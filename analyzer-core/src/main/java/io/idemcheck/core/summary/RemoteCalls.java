package io.idemcheck.core.summary;

import io.idemcheck.core.catalog.Catalog;
import io.idemcheck.core.facts.EffectKind;
import io.idemcheck.core.catalog.Vocabulary;
import io.idemcheck.core.facts.Arg;
import io.idemcheck.core.facts.CallSite;
import io.idemcheck.core.facts.LocalVar;
import io.idemcheck.core.index.CallTarget;
import io.idemcheck.core.index.MethodRef;
import io.idemcheck.core.index.ProjectIndex;
import io.idemcheck.core.index.ResolvedType;

import static io.idemcheck.core.summary.Sites.display;
import static io.idemcheck.core.summary.Sites.simple;

/**
 * Classifier used by {@link Effects}: calls that leave the application through a remote client the catalog knows by
 * an annotation rather than a type (a {@code @DubboReference} field, a bodiless interface method mapped by Retrofit's
 * {@code @POST} or Feign's {@code @RequestLine}), whether such a client's method only reads or obtains a credential,
 * whether a payment SDK's generic executor is given a query request, and effects called on a library accessor's
 * result ({@code opsForStream().add}). Stateless; reads the catalog and the index.
 */
final class RemoteCalls {
    /** A constructor call's type: {@code new PaymentRequest(..)} gives {@code PaymentRequest}. */
    private static final java.util.regex.Pattern NEW_TYPE = java.util.regex.Pattern.compile("^new\\s+([\\w.]+)");


    private final ProjectIndex index;
    private final Catalog catalog;

    RemoteCalls(ProjectIndex index) {
        this.index = index;
        this.catalog = index.catalog();
    }

    /**
     * The effect of {@code c} through an annotated remote client, {@link java.util.Optional#empty()} when it is such a
     * client's read (no effect), or null when no annotated client is involved and the caller decides.
     */
    java.util.Optional<EffectTrace> annotated(MethodRef m, CallSite c, CallTarget t, String here) {
        ResolvedType recv = t.receiverType();
        // a call on a field injected as a remote reference (Dubbo's @DubboReference), whose interface has no
        // implementation in the sources: the call goes to another service
        MethodRef declaredRef = t.declared();
        if (c.receiver().kind() == io.idemcheck.core.facts.Receiver.Kind.NAME
                && m.type().fields().containsKey(c.receiver().name())
                && !m.method().body().locals().containsKey(c.receiver().name())
                && m.method().params().stream().noneMatch(p -> p.name().equals(c.receiver().name()))
                && t.targets().stream().noneMatch(x -> x.method().hasBody())) {
            for (Catalog.EffectAnnotation ea : catalog.effectAnnotations()) {
                if (!m.type().fieldHas(c.receiver().name(), ea.annotation())) {
                    continue;
                }
                if (declaredRef != null ? remoteRead(declaredRef) : Catalog.any(catalog.remoteReadMethodNames(), c.name())) {
                    return java.util.Optional.empty(); // a read (getOrder) changes nothing in the other service
                }
                return java.util.Optional.of(Effects.trace(m, c, EffectKind.of(ea.kind()),
                        Effects.verbOfKind(ea.kind()), simple(recv.name()) + "." + c.name(),
                        Basis.ANNOTATION, here + " calls the @" + ea.annotation() + " field " + c.receiver().name(),
                        new Evidence(Basis.ANNOTATION, "catalog.json effectAnnotations", "@" + ea.annotation() + " ("
                                + ea.kind() + ") on the field " + m.type().simpleName() + "." + c.receiver().name(),
                                m.file().relPath(), 0)));
            }
        }
        // a bodiless method of a remote-client interface mapped to a write (Retrofit @POST, Feign's builder with
        // @RequestLine("POST /charges"), a MicroProfile REST client's @PUT), with no implementation in the sources
        MethodRef declared = t.declared();
        if (declared != null && !declared.method().hasBody()
                && t.targets().stream().noneMatch(x -> x.method().hasBody())) {
            for (Catalog.EffectAnnotation ea : catalog.effectAnnotations()) {
                io.idemcheck.core.facts.AnnotationFact af = declared.method().annotations().stream()
                        .filter(a -> a.simpleName().equals(ea.annotation())).findFirst().orElse(null);
                if (af == null) {
                    continue;
                }
                if (remoteRead(declared)) {
                    return java.util.Optional.empty();
                }
                return java.util.Optional.of(Effects.trace(m, c, EffectKind.of(ea.kind()),
                        Effects.verbOfKind(ea.kind()), declared.type().simpleName() + "." + c.name(),
                        Basis.ANNOTATION, here + " calls " + declared.type().simpleName() + "." + c.name()
                                + "(), mapped by @" + ea.annotation(),
                        new Evidence(Basis.ANNOTATION, "catalog.json effectAnnotations", "@" + ea.annotation() + " ("
                                + ea.kind() + ") on " + declared.type().fqn() + "#" + declared.method().name(),
                                declared.file().relPath(), af.range().line())));
            }
            if ("GET".equals(httpVerb(declared.method()))) {
                // mapped to a GET (Retrofit's @GET("credits/{user}") creditOf(..)): the mapping says it only asks,
                // whatever the method's name says
                return java.util.Optional.empty();
            }
        }
        return null;
    }

    /** Where a likely effect of a remote-named interface comes from ({@link EffectTrace#likelyReason()}). */
    private static final String REMOTE_NAME_KEY = "vocabularies." + Vocabulary.REMOTE_TYPE_SUFFIXES.key();
    /** The {@link Evidence#source()} of such an effect. */
    static final String REMOTE_NAME_SOURCE = "catalog.json " + REMOTE_NAME_KEY;

    /**
     * The likely effect of {@code c} on a project interface whose simple name says it is remote (the catalog's
     * {@code remoteTypeSuffixes}: PaymentGateway, LedgerClient, ReportSender) and that nothing in the main sources
     * implements (no class, no anonymous class; a fake in the test sources does not count; a default method's body
     * is followed instead): the call goes to another system. {@link java.util.Optional#empty()} when the method only
     * reads ({@link #remoteRead}: readMethodNames, a GET mapping, a credential request) or manages the client in
     * this process (catalog {@code remoteClientLocalCalls}: close, isEnabled, setTimeout) or is named for a notice it
     * receives (notEffectMethodNames); null when the receiver is not such an interface, or when the method's name is
     * a business effect's (chargeCard: the name vocabulary decides, as for any bodiless call). A remote call.
     */
    java.util.Optional<EffectTrace> remoteNamed(MethodRef m, CallSite c, CallTarget t, String here) {
        io.idemcheck.core.index.TypeEntry recvType = index.typeOf(t.receiverType()).orElse(null);
        if (recvType == null || !recvType.type().isInterface() || recvType.file().test()
                || recvType.type().annotation("FunctionalInterface") != null
                || !catalog.terms(Vocabulary.REMOTE_TYPE_SUFFIXES).has(recvType.type().simpleName())
                || t.declared() != null && t.declared().method().hasBody()
                || index.subtypes(recvType.fqn()).stream().anyMatch(x -> !x.file().test())) {
            return null;
        }
        if (catalog.effectName(c.name()) != null) {
            return null; // a business name (chargeCard, sendSms) says more: the name vocabulary decides
        }
        if ((t.declared() != null ? remoteRead(t.declared()) : Catalog.any(catalog.remoteReadMethodNames(), c.name()))
                || catalog.terms(Vocabulary.REMOTE_CLIENT_LOCAL_CALLS).has(c.name())
                || Catalog.any(catalog.notEffectMethodNames(), c.name())) {
            return java.util.Optional.empty();
        }
        String type = recvType.type().simpleName();
        return java.util.Optional.of(Effects.trace(m, c, EffectKind.HTTP, EffectKind.HTTP.verb(),
                type + "." + c.name(), Basis.NAME,
                here + " calls " + type + "." + c.name() + "(), which has no implementation in the sources",
                Evidence.catalog(Basis.NAME, REMOTE_NAME_KEY,
                        catalog.terms(Vocabulary.REMOTE_TYPE_SUFFIXES).matching(type) + " (" + recvType.fqn()
                                + " has no implementation in the main sources)")));
    }

    /**
     * True when a method of a declarative HTTP client (a {@code @FeignClient} or {@code @HttpExchange} interface)
     * only reads: it is mapped to GET or HEAD ({@code @GetMapping}, {@code @GetExchange}, {@code @RequestMapping(method
     * = GET)}, {@code @RequestLine("GET ..")}), or it carries no write mapping and its name is one of the catalog's
     * read names ({@code get*}, {@code find*}, {@code query*}, ...), or it obtains a credential (the catalog's
     * {@code credentialCallWords}: authenticateUser, login, exchangeToken). A repeat changes nothing downstream.
     */
    boolean remoteRead(MethodRef declared) {
        if (declared == null) {
            return false;
        }
        io.idemcheck.core.facts.MethodFacts mf = declared.method();
        String verb = httpVerb(mf);
        if (catalog.terms(Vocabulary.CREDENTIAL_CALL_WORDS).regex("(?i)(%s).*").matcher(mf.name()).matches()) {
            return true; // a login or token request (authenticateUser()): a repeat issues another credential
        }
        java.util.regex.Pattern credentialPath = catalog.terms(Vocabulary.CREDENTIAL_CALL_WORDS)
                .regex("(?is).*/(%s).*");
        for (io.idemcheck.core.facts.AnnotationFact a : mf.annotations()) {
            if (a.simpleName().matches("RequestLine|\\w*Mapping|\\w*Exchange|Path|POST|PUT|PATCH|DELETE|HTTP")
                    && a.values().values().stream().anyMatch(v -> credentialPath.matcher(v).matches())) {
                return true; // mapped to a login or token path (POST /oauth2/token)
            }
        }
        if (verb != null) {
            return verb.equals("GET");
        }
        return Catalog.any(catalog.remoteReadMethodNames(), mf.name());
    }


    /**
     * The HTTP verb a declarative client method is mapped to: "GET" for a GET or HEAD mapping ({@code @GetMapping},
     * Retrofit's {@code @GET}, {@code @RequestLine("GET ..")}), "WRITE" for POST, PUT, DELETE or PATCH, null when no
     * mapping says.
     */
    static String httpVerb(io.idemcheck.core.facts.MethodFacts mf) {
        String verb = null;
        for (io.idemcheck.core.facts.AnnotationFact a : mf.annotations()) {
            String n = a.simpleName();
            String all = String.join(" ", a.values().values()).toUpperCase(java.util.Locale.ROOT);
            if (n.equals("GetMapping") || n.equals("GetExchange")) {
                verb = "GET";
            } else if (n.matches("(Post|Put|Delete|Patch)(Mapping|Exchange)|POST|PUT|DELETE|PATCH")) {
                verb = "WRITE";
            } else if (n.equals("GET") || n.equals("HEAD")) {
                verb = "GET";
            } else if (n.equals("RequestMapping") || n.equals("HttpExchange") || n.equals("RequestLine")
                    || n.equals("HTTP")) {
                if (all.matches("(?s).*\\b(POST|PUT|DELETE|PATCH)\\b.*")) {
                    verb = "WRITE";
                } else if (all.matches("(?s).*\\b(GET|HEAD)\\b.*")) {
                    verb = "GET";
                }
            }
        }
        return verb;
    }

    /** Annotations that map a bodiless interface method to an HTTP request (Retrofit, Feign, JAX-RS, Spring). */
    private static final java.util.regex.Pattern HTTP_MAPPING = java.util.regex.Pattern.compile(
            "GET|HEAD|POST|PUT|DELETE|PATCH|HTTP|RequestLine|(Get|Post|Put|Delete|Patch|Request)Mapping|\\w*Exchange");

    /**
     * True when {@code c} goes to another system through a remote client rather than to the application's database:
     * a catalogued effect type ({@code effectTypes}: RestTemplate, an SDK client), an interface carrying one of the
     * catalog's {@code effectAnnotations} ({@code @FeignClient}), a field injected as a remote reference
     * ({@code @DubboReference}), a bodiless interface method mapped to an HTTP request (Retrofit's {@code @GET}) or a
     * remote-named interface ({@code remoteTypeSuffixes}: PayGatewayClient) that nothing in the main sources
     * implements. What such a call returns is the other system's answer, not a stored row.
     */
    boolean remoteClient(MethodRef m, CallSite c, CallTarget t) {
        ResolvedType recv = t.receiverType();
        if (!recv.isProject() && (catalog.effectType(recv.name()) != null
                || recv.kind() == ResolvedType.Kind.UNKNOWN && catalog.effectTypeBySimpleName(recv.simpleName()) != null)) {
            return true;
        }
        boolean localImpl = t.targets().stream().anyMatch(x -> x.method().hasBody());
        io.idemcheck.core.index.TypeEntry te = index.typeOf(recv).orElse(null);
        if (te != null) {
            for (Catalog.EffectAnnotation ea : catalog.effectAnnotations()) {
                if (te.type().annotation(ea.annotation()) != null && !(ea.proxyOnly() && localImpl
                        && c.receiver().kind() != io.idemcheck.core.facts.Receiver.Kind.CALL)) {
                    return true;
                }
            }
        }
        if (localImpl) {
            return false;
        }
        String rn = c.receiver().kind() == io.idemcheck.core.facts.Receiver.Kind.NAME ? c.receiver().name() : null;
        if (rn != null && m.type().fields().containsKey(rn) && !m.method().body().locals().containsKey(rn)
                && m.method().params().stream().noneMatch(p -> p.name().equals(rn))
                && catalog.effectAnnotations().stream().anyMatch(ea -> m.type().fieldHas(rn, ea.annotation()))) {
            return true;
        }
        MethodRef d = t.declared();
        if (d != null && !d.method().hasBody() && d.method().annotations().stream()
                .anyMatch(a -> HTTP_MAPPING.matcher(a.simpleName()).matches())) {
            return true;
        }
        return te != null && te.type().isInterface() && !te.file().test()
                && te.type().annotation("FunctionalInterface") == null
                && catalog.terms(Vocabulary.REMOTE_TYPE_SUFFIXES).has(te.type().simpleName())
                && index.subtypes(te.fqn()).stream().allMatch(x -> x.file().test());
    }

    private static final java.util.regex.Pattern CAMEL_WORD = java.util.regex.Pattern.compile("[A-Z][a-z0-9]+");

    /**
     * True when {@code c} hands a payment or cloud SDK's generic executor a request object whose type names a read:
     * {@code alipayClient.execute(new AlipayTradeQueryRequest())}, a refund-status query, asks; it moves no money. The
     * request's type is the first argument's declared type or the type it is built with ({@code new X(..)}); it must
     * end with {@code Request}, and one of its words is one of the catalog's {@code readVerbNames} (Query, Get, List).
     */
    boolean readRequest(MethodRef m, CallSite c) {
        String type = requestType(m, c);
        if (type == null || !type.endsWith("Request")) {
            return false;
        }
        java.util.regex.Pattern read = catalog.terms(Vocabulary.READ_VERB_NAMES).regex("(?i)(%s)");
        java.util.regex.Matcher w = CAMEL_WORD.matcher(type);
        while (w.find()) {
            if (read.matcher(w.group()).matches()) {
                return true;
            }
        }
        return false;
    }

    /**
     * What repeating payment call {@code c} on {@code receiver} does, in words that follow what it does: the first
     * camel-case word of the method's name, then of the request's type, then of the receiver's simple name, that the
     * catalog's payment {@code effectMethodNames} name ({@code refund(..)}, {@code execute(new
     * AlipayTradeRefundRequest())}, {@code RefundService.create} and Stripe's {@code Refund.create} refund again,
     * {@code Payout.create} pays out again, {@code Charge.create} charges the customer again); the payment kind's
     * generic verb when none does.
     */
    String paymentVerb(MethodRef m, CallSite c, String receiver) {
        String type = requestType(m, c);
        for (String text : new String[]{c.name(), type == null ? "" : type, receiver}) {
            java.util.regex.Matcher w = java.util.regex.Pattern.compile("[A-Za-z][a-z0-9]*").matcher(text);
            while (w.find()) {
                Catalog.EffectName en = catalog.effectName(w.group().toLowerCase(java.util.Locale.ROOT));
                if (en != null && EffectKind.of(en.kind()) == EffectKind.PAYMENT) {
                    return en.verb();
                }
            }
        }
        return EffectKind.PAYMENT.verb();
    }

    /** The simple name of the request object {@code c} is given first: its declared type or the type it is built
     * with ({@code new X(..)}, a local initialised so); null when unknown. */
    private String requestType(MethodRef m, CallSite c) {
        if (c.args().isEmpty()) {
            return null;
        }
        Arg a = c.args().get(0);
        String type = null;
        java.util.regex.Matcher nm = NEW_TYPE.matcher(a.text().trim());
        if (nm.find()) {
            type = nm.group(1);
        } else if (a.names().size() == 1) {
            String n = a.names().iterator().next();
            io.idemcheck.core.facts.TypeRef tr = index.variableType(m, n, false).orElse(null);
            LocalVar lv = m.method().body().locals().get(n);
            if (tr != null && !tr.simpleName().isEmpty() && !"var".equals(tr.simpleName())) {
                type = tr.simpleName();
            }
            if ((type == null || !type.endsWith("Request")) && lv != null && lv.initText() != null) {
                java.util.regex.Matcher im = NEW_TYPE.matcher(lv.initText().trim());
                type = im.find() ? im.group(1) : type;
            }
        }
        return type == null ? null : type.substring(type.lastIndexOf('.') + 1);
    }

    /**
     * The effect of {@code c} called on the result of an accessor of a catalog effect type, listed in the entry's
     * methods as {@code accessor().method}: {@code redisTemplate.opsForStream().add(..)} is {@code RedisTemplate}'s
     * {@code opsForStream().add}, {@code redisson.getStream(name).add(..)} is {@code RedissonClient}'s
     * {@code getStream().add*}. The accessor's result type is a library's, not known to the index. Null otherwise.
     */
    EffectTrace chainedEffect(MethodRef m, CallSite c) {
        CallSite inner = m.method().body().calls().get(c.receiver().callId());
        ResolvedType innerType = index.calls(m).get(inner.id()).receiverType();
        if (innerType.isProject()) {
            return null;
        }
        Catalog.EffectType et = catalog.effectType(innerType.name());
        if (et == null && innerType.kind() == ResolvedType.Kind.UNKNOWN) {
            et = catalog.effectTypeBySimpleName(innerType.simpleName());
        }
        String method = et == null ? null : et.matchingMethod(inner.name() + "()." + c.name());
        if (method == null) {
            return null;
        }
        String call = simple(innerType.name()) + "." + inner.name() + "()." + c.name();
        return Effects.trace(m, c, EffectKind.of(et.kind()), Effects.verbOfKind(et.kind()), call, Basis.CATALOG,
                display(c) + " calls " + call + "()",
                Evidence.catalog(Basis.CATALOG, "effectTypes", et.type() + "#" + method + " (" + et.kind() + ")"));
    }
}
