package io.idemcheck.core.summary;

import io.idemcheck.core.catalog.Catalog;
import io.idemcheck.core.catalog.Terms;
import io.idemcheck.core.catalog.Vocabulary;
import io.idemcheck.core.facts.AnnotationFact;
import io.idemcheck.core.facts.CallSite;
import io.idemcheck.core.facts.MethodFacts;
import io.idemcheck.core.facts.Range;
import io.idemcheck.core.index.CallTarget;
import io.idemcheck.core.index.MethodRef;
import io.idemcheck.core.index.ProjectIndex;
import io.idemcheck.core.index.ResolvedType;
import io.idemcheck.core.index.TypeEntry;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.regex.Pattern;

/**
 * Queries over transactions: whether a method runs in a transaction of its own {@code @Transactional}, which
 * declaration governs a method's transaction as Spring applies it, which lambdas a transaction template runs, and
 * the transactions a method begins and commits by hand. Stateless.
 */
public final class Transactions {

    private final ProjectIndex index;
    private final Catalog catalog;

    Transactions(ProjectIndex index) {
        this.index = index;
        this.catalog = index.catalog();
    }

    /**
     * True when {@code m} runs in a transaction of its own declaration: {@code @Transactional} on the method or its
     * class, with a propagation other than NOT_SUPPORTED or NEVER. False for private and static methods, whichever
     * of the two carries the annotation: no Spring proxy intercepts them (as in {@link #transactionDeclaration}).
     */
    public static boolean isTransactional(MethodRef m) {
        if ("private".equals(m.method().visibility()) || m.method().isStatic()) {
            return false;
        }
        AnnotationFact a = m.method().annotation("Transactional");
        if (a == null) {
            a = m.type().annotation("Transactional");
        }
        if (a == null) {
            return false;
        }
        String all = String.join(" ", a.values().values());
        return !all.contains("NOT_SUPPORTED") && !all.contains("NEVER");
    }

    /**
     * True when {@code owner}, a call in {@code m}, runs the lambda it is given inline, in one transaction: a
     * TransactionTemplate-style call (the catalog's {@code transactionTemplateMethods}: {@code execute},
     * {@code executeWithoutResult}) on a receiver whose declared type is one of the catalog's
     * {@code transactionTemplateTypes} ({@code TransactionTemplate}, {@code TransactionOperations}: a field called
     * {@code tt} or {@code template} included), or whose text names a transaction ({@code transactionTemplate},
     * {@code txTemplate}, {@code requiresNewTx}) when its type is not a known library type.
     */
    public static boolean runsLambdaInTransaction(ProjectIndex index, MethodRef m, CallSite owner) {
        Catalog catalog = index.catalog();
        if (!catalog.transactionTemplateMethods().contains(owner.name())) {
            return false;
        }
        List<CallTarget> targets = index.calls(m);
        if (owner.id() >= 0 && owner.id() < targets.size()) {
            ResolvedType type = targets.get(owner.id()).receiverType();
            if (catalog.transactionTemplateTypes().contains(type.simpleName())) {
                return true;
            }
            if (type.kind() == ResolvedType.Kind.LIBRARY) {
                return false; // a known library type that is no template: an Executor called txPool
            }
        }
        return TX_RECEIVER.matcher(owner.receiver().text().toLowerCase(Locale.ROOT)).matches();
    }

    private static final Pattern TX_RECEIVER = Pattern.compile("(?s).*(transaction|txn|txtemplate).*|(.*\\W)?tx\\w*|.*tx");

    /**
     * A transaction a method begins and commits by hand: {@code status = txManager.getTransaction(def)} (the catalog's
     * {@code transactionBeginCalls}) up to the {@code txManager.commit(status)} that ends it
     * ({@code transactionCommitCalls}); what runs between them runs in that one transaction.
     *
     * @param begin  the call that begins it
     * @param commit the call that commits it, or null when the method does not (the transaction then stays open to
     *               the end of the method, or is committed by a caller)
     * @param within from the begin call to the commit call (or the end of the method)
     */
    public record ManualTransaction(CallSite begin, CallSite commit, Range within) {

        /** True when {@code c} runs inside the transaction (after its begin call, up to its commit). */
        public boolean holds(CallSite c) {
            return c != begin && contains(within, c.range());
        }
    }

    /**
     * The transactions {@code m} begins and commits by hand, in source order. A begin call is paired with the first
     * commit call after it that names the begin call's result ({@code commit(status)}), else the first one on the same
     * receiver. Empty for a method that calls no begin call.
     */
    public List<ManualTransaction> manualTransactions(MethodRef m) {
        List<CallSite> calls = m.method().body().calls();
        List<ManualTransaction> out = new ArrayList<>();
        for (CallSite b : calls) {
            if (!is(Vocabulary.TRANSACTION_BEGIN_CALLS, m, b)) {
                continue;
            }
            CallSite commit = null;
            for (CallSite c : calls) {
                if (c.id() <= b.id() || !is(Vocabulary.TRANSACTION_COMMIT_CALLS, m, c)) {
                    continue;
                }
                boolean namesStatus = b.assignedTo() != null
                        && c.args().stream().anyMatch(a -> a.names().contains(b.assignedTo()));
                if (namesStatus) {
                    commit = c;
                    break;
                }
                if (commit == null && c.receiver().text().equals(b.receiver().text())) {
                    commit = c;
                }
            }
            Range end = commit != null ? commit.range() : m.method().range();
            out.add(new ManualTransaction(b, commit, new Range(b.range().line(), b.range().column(), end.endLine(),
                    end.endColumn())));
        }
        return out;
    }

    /** True when {@code c} is a call of {@code vocabulary} (Type.method by the receiver's type or a supertype). */
    private boolean is(Vocabulary vocabulary, MethodRef m, CallSite c) {
        Terms terms = catalog.terms(vocabulary);
        if (terms.values().stream().noneMatch(v -> v.endsWith("." + c.name()))) {
            return false;
        }
        List<CallTarget> targets = index.calls(m);
        if (c.id() < 0 || c.id() >= targets.size()) {
            return false;
        }
        ResolvedType rt = targets.get(c.id()).receiverType();
        if (terms.has(rt.simpleName() + "." + c.name())) {
            return true;
        }
        TypeEntry e = index.typeOf(rt).orElse(null);
        if (e != null) {
            for (ResolvedType s : index.allSupertypes(e)) {
                if (terms.has(s.simpleName() + "." + c.name())) {
                    return true;
                }
            }
        }
        return false;
    }

    private static boolean contains(Range outer, Range inner) {
        return outer.contains(inner);
    }

    /** Where a transaction declaration applies to a method from. */
    public enum TxSource {
        METHOD, CLASS, INTERFACE_METHOD, INTERFACE
    }

    /**
     * The declaration that governs {@code m}'s transaction, as Spring applies it: the annotation on the method; else
     * the one on its class (for non-private, non-static methods: Spring 6 proxies public, protected and
     * package-private methods); else the one on the interface method it implements; else the one on that interface.
     * Matches the catalog's transaction annotations by simple name (Spring's, {@code jakarta.transaction} and
     * {@code javax.transaction} {@code @Transactional}). Null when none applies, and for private and static methods
     * (no proxy intercepts them). Meta-annotations (a custom annotation carrying {@code @Transactional}) are not
     * followed.
     */
    public TxDeclaration transactionDeclaration(MethodRef m) {
        MethodFacts mf = m.method();
        if ("private".equals(mf.visibility()) || mf.isStatic() || "<init>".equals(mf.name())) {
            return null;
        }
        AnnotationFact a = txAnnotation(mf.annotations());
        if (a != null) {
            return new TxDeclaration(a, TxSource.METHOD, m.type().fqn());
        }
        a = txAnnotation(m.type().annotations());
        if (a != null) {
            return new TxDeclaration(a, TxSource.CLASS, m.type().fqn());
        }
        for (ResolvedType s : index.allSupertypes(m.owner())) {
            TypeEntry st = index.typeOf(s).orElse(null);
            if (st == null) {
                continue;
            }
            for (MethodRef im : index.findMethods(st, mf.name(), mf.arity())) {
                if (im.type() == st.type()) {
                    AnnotationFact ia = txAnnotation(im.method().annotations());
                    if (ia != null) {
                        return new TxDeclaration(ia, st.type().isInterface() ? TxSource.INTERFACE_METHOD
                                : TxSource.CLASS, st.fqn());
                    }
                }
            }
            if (st.type().isInterface() && !index.findMethods(st, mf.name(), mf.arity()).isEmpty()) {
                AnnotationFact ta = txAnnotation(st.type().annotations());
                if (ta != null) {
                    return new TxDeclaration(ta, TxSource.INTERFACE, st.fqn());
                }
            }
        }
        return null;
    }

    private AnnotationFact txAnnotation(List<AnnotationFact> as) {
        for (AnnotationFact a : as) {
            if (catalog.transactionAnnotations().contains(a.simpleName())) {
                return a;
            }
        }
        return null;
    }

    /**
     * A transaction declaration and what it says.
     *
     * @param annotation the annotation
     * @param source     where it was found
     * @param owner      the type that carries it
     */
    public record TxDeclaration(AnnotationFact annotation, TxSource source, String owner) {

        /** The propagation as written, upper case without the enum prefix ("REQUIRES_NEW"), or "REQUIRED". */
        public String propagation() {
            String p = annotation.value("propagation");
            if (p == null) {
                // JTA: @Transactional(TxType.REQUIRES_NEW) or (value = TxType.REQUIRES_NEW)
                String v = annotation.value("value");
                if (v != null && v.contains("TxType")) {
                    p = v;
                }
            }
            if (p == null) {
                return "REQUIRED";
            }
            String t = p.trim();
            int i = t.lastIndexOf('.');
            return (i < 0 ? t : t.substring(i + 1)).trim().toUpperCase(Locale.ROOT);
        }

        /** {@code readOnly = true}. */
        public boolean readOnly() {
            String r = annotation.value("readOnly");
            return r != null && r.trim().equals("true");
        }

        /** True when the method runs in a read-write transaction: not read-only, not NOT_SUPPORTED/NEVER/SUPPORTS. */
        public boolean startsWriteTransaction() {
            String p = propagation();
            return !readOnly() && !p.equals("NOT_SUPPORTED") && !p.equals("NEVER") && !p.equals("SUPPORTS");
        }
    }
}
