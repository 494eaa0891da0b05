package io.idemcheck.core.summary;

import io.idemcheck.core.catalog.Catalog;
import io.idemcheck.core.facts.AnnotationFact;
import io.idemcheck.core.facts.CallSite;
import io.idemcheck.core.facts.MethodFacts;
import io.idemcheck.core.index.MethodRef;
import io.idemcheck.core.index.ProjectIndex;
import io.idemcheck.core.index.ResolvedType;
import io.idemcheck.core.index.TypeEntry;

import java.util.List;
import java.util.Locale;

/**
 * Queries over transactions: whether a method runs in a transaction of its own {@code @Transactional}, and which
 * declaration governs a method's transaction as Spring applies it. Stateless.
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
     * True when {@code owner} runs the lambda it is given inline, in one transaction: a TransactionTemplate-style call
     * (the catalog's {@code transactionTemplateMethods}: {@code execute}, {@code executeWithoutResult}) on a receiver
     * whose text names a transaction ({@code transactionTemplate.execute(..)}).
     */
    public static boolean runsLambdaInTransaction(Catalog catalog, CallSite owner) {
        return catalog.transactionTemplateMethods().contains(owner.name())
                && owner.receiver().text().toLowerCase(Locale.ROOT).contains("transaction");
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
