package io.idemcheck.rules;

import io.idemcheck.core.facts.CallSite;
import io.idemcheck.core.facts.LambdaFact;
import io.idemcheck.core.facts.Range;
import io.idemcheck.core.index.MethodRef;
import io.idemcheck.core.summary.Semantics;
import io.idemcheck.core.summary.Transactions;

import java.util.ArrayList;
import java.util.List;

/**
 * Where the one transaction around a loop comes from (IDEM002): the method's own {@code @Transactional} declaration
 * (on the method, its class, or the interface method it implements), a TransactionTemplate's lambda, or a
 * transaction the method begins and commits by hand ({@code txManager.getTransaction(..)} .. {@code commit(..)}).
 *
 * @param describe what to say about it in a message ("@Transactional on the method")
 * @param within   the code it covers, or null for the whole method
 * @param start    the call that starts it (the template call, the begin call), or null for a declaration
 */
record TxScope(String describe, Range within, CallSite start) {

    /** The write transaction {@code m}'s own declaration starts around its whole body, or null. */
    static TxScope ofMethod(Semantics sem, MethodRef m) {
        Transactions.TxDeclaration decl = sem.transactionDeclaration(m);
        return decl != null && decl.startsWriteTransaction() ? new TxScope(describe(decl), null, null) : null;
    }

    /**
     * The transactions started inside {@code m}'s body: lambdas a TransactionTemplate runs
     * ({@link Semantics#runsLambdaInTransaction}) and transactions begun by hand ({@link Semantics#manualTransactions}).
     */
    static List<TxScope> inMethod(Semantics sem, MethodRef m) {
        List<TxScope> out = new ArrayList<>();
        for (LambdaFact lf : m.method().body().lambdas()) {
            if (lf.ownerCallId() < 0) {
                continue;
            }
            CallSite owner = m.method().body().calls().get(lf.ownerCallId());
            if (sem.runsLambdaInTransaction(m, owner)) {
                out.add(new TxScope("inside " + Semantics.display(owner) + " at line " + owner.range().line()
                        + ", which runs the lambda in one transaction", owner.range(), owner));
            }
        }
        for (Transactions.ManualTransaction mt : sem.manualTransactions(m)) {
            String end = mt.commit() == null ? "and does not commit it in this method"
                    : "and commits it with " + Semantics.display(mt.commit()) + " at line " + mt.commit().range().line();
            out.add(new TxScope("begun by " + Semantics.display(mt.begin()) + " at line " + mt.begin().range().line()
                    + " " + end, mt.within(), mt.begin()));
        }
        return out;
    }

    private static String describe(Transactions.TxDeclaration d) {
        String where = switch (d.source()) {
            case METHOD -> "on the method";
            case CLASS -> "on its class " + simple(d.owner());
            case INTERFACE_METHOD -> "on the interface method it implements in " + simple(d.owner());
            case INTERFACE -> "on the interface " + simple(d.owner());
        };
        return "@Transactional " + where;
    }

    private static String simple(String fqn) {
        int i = fqn.lastIndexOf('.');
        return i < 0 ? fqn : fqn.substring(i + 1);
    }
}
