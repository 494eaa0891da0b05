package io.idemcheck.core.summary;

import io.idemcheck.core.facts.CallSite;
import io.idemcheck.core.model.Project;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;

import static io.idemcheck.core.summary.SummaryFixture.call;
import static io.idemcheck.core.summary.SummaryFixture.mainJava;
import static io.idemcheck.core.summary.SummaryFixture.method;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * {@link Transactions}: whether a method runs in a transaction of its own {@code @Transactional}, and the declaration
 * that governs it as Spring applies it (method, class, interface method, interface; never on private or static
 * methods), with its propagation and read-only flag; and whether a call runs its lambda in a transaction
 * ({@code transactionTemplate.execute}).
 */
class TransactionsTest {

    @TempDir
    Path tmp;

    static final String SRC = """
            package com.acme;
            import org.springframework.transaction.annotation.Propagation;
            import org.springframework.transaction.annotation.Transactional;
            import org.springframework.transaction.support.TransactionTemplate;
            import java.util.concurrent.Executor;
            public class Service {
                private TransactionTemplate transactionTemplate;
                private Executor executor;
                private TransactionTemplate tt;
                private Executor txExecutorPool;
                @Transactional
                public void onMethod() { }
                @Transactional(propagation = Propagation.REQUIRES_NEW)
                public void requiresNew() { }
                @Transactional(propagation = Propagation.NOT_SUPPORTED)
                public void notSupported() { }
                @Transactional(propagation = Propagation.NEVER)
                public void never() { }
                @Transactional(readOnly = true)
                public void readOnly() { }
                @Transactional(propagation = Propagation.SUPPORTS)
                public void supports() { }
                @Transactional
                public static void staticOne() { }
                public void plain() { }
                public void templates() {
                    transactionTemplate.execute(s -> null);
                    executor.execute(() -> { });
                    tt.execute(s -> null);
                    txTemplate.execute(s -> null);
                    txExecutorPool.execute(() -> { });
                }
            }
            @Transactional
            class OnClass {
                public void publicOne() { }
                void packageOne() { }
                private void privateOne() { }
            }
            interface Api {
                @Transactional
                void declared();
                void other();
            }
            class ApiImpl implements Api {
                public void declared() { }
                public void other() { }
            }
            @Transactional
            interface TxApi {
                void any();
            }
            class TxApiImpl implements TxApi {
                public void any() { }
                public void extra() { }
            }
            class Jta {
                @jakarta.transaction.Transactional(jakarta.transaction.Transactional.TxType.REQUIRES_NEW)
                public void jta() { }
            }
            """;

    private Project scan() throws Exception {
        return SummaryFixture.scan(tmp, mainJava("Service", SRC));
    }

    @Test
    void isTransactionalReadsTheMethodsOwnDeclaration() throws Exception {
        Project p = scan();
        Semantics sem = p.semantics();
        assertThat(sem.isTransactional(method(p, "onMethod"))).isTrue();
        assertThat(sem.isTransactional(method(p, "requiresNew"))).isTrue();
        assertThat(sem.isTransactional(method(p, "publicOne"))).as("@Transactional on the class").isTrue();
        assertThat(sem.isTransactional(method(p, "notSupported"))).isFalse();
        assertThat(sem.isTransactional(method(p, "never"))).isFalse();
        assertThat(sem.isTransactional(method(p, "plain"))).isFalse();
        assertThat(sem.isTransactional(method(p, "privateOne"))).as("a class's annotation skips private methods")
                .isFalse();
    }

    @Test
    void theDeclarationIsFoundWhereSpringFindsIt() throws Exception {
        Project p = scan();
        Semantics sem = p.semantics();
        Transactions.TxDeclaration m = sem.transactionDeclaration(method(p, "onMethod"));
        assertThat(m.source()).isEqualTo(Transactions.TxSource.METHOD);
        assertThat(m.owner()).isEqualTo("com.acme.Service");
        assertThat(m.propagation()).isEqualTo("REQUIRED");
        assertThat(m.readOnly()).isFalse();
        assertThat(m.startsWriteTransaction()).isTrue();

        Transactions.TxDeclaration c = sem.transactionDeclaration(method(p, "packageOne"));
        assertThat(c.source()).isEqualTo(Transactions.TxSource.CLASS);
        assertThat(c.owner()).isEqualTo("com.acme.OnClass");

        Transactions.TxDeclaration im = sem.transactionDeclaration(method(p, "ApiImpl.declared"));
        assertThat(im.source()).isEqualTo(Transactions.TxSource.INTERFACE_METHOD);
        assertThat(im.owner()).isEqualTo("com.acme.Api");
        assertThat(sem.transactionDeclaration(method(p, "ApiImpl.other"))).isNull();

        Transactions.TxDeclaration i = sem.transactionDeclaration(method(p, "TxApiImpl.any"));
        assertThat(i.source()).isEqualTo(Transactions.TxSource.INTERFACE);
        assertThat(i.owner()).isEqualTo("com.acme.TxApi");
        assertThat(sem.transactionDeclaration(method(p, "TxApiImpl.extra"))).as("not a method of the interface")
                .isNull();

        assertThat(sem.transactionDeclaration(method(p, "privateOne"))).as("no proxy intercepts a private method")
                .isNull();
        assertThat(sem.transactionDeclaration(method(p, "staticOne"))).as("nor a static one").isNull();
        assertThat(sem.transactionDeclaration(method(p, "plain"))).isNull();
    }

    @Test
    void propagationAndReadOnlyDecideWhetherAWriteTransactionStarts() throws Exception {
        Project p = scan();
        Semantics sem = p.semantics();
        assertThat(sem.transactionDeclaration(method(p, "requiresNew")).propagation()).isEqualTo("REQUIRES_NEW");
        assertThat(sem.transactionDeclaration(method(p, "requiresNew")).startsWriteTransaction()).isTrue();
        Transactions.TxDeclaration ro = sem.transactionDeclaration(method(p, "readOnly"));
        assertThat(ro.readOnly()).isTrue();
        assertThat(ro.startsWriteTransaction()).isFalse();
        assertThat(sem.transactionDeclaration(method(p, "supports")).startsWriteTransaction()).isFalse();
        assertThat(sem.transactionDeclaration(method(p, "notSupported")).propagation()).isEqualTo("NOT_SUPPORTED");
        assertThat(sem.transactionDeclaration(method(p, "notSupported")).startsWriteTransaction()).isFalse();
        Transactions.TxDeclaration jta = sem.transactionDeclaration(method(p, "jta"));
        assertThat(jta.propagation()).as("JTA's TxType").isEqualTo("REQUIRES_NEW");
    }

    @Test
    void aTransactionTemplateRunsItsLambdaInATransactionAnExecutorDoesNot() throws Exception {
        Project p = scan();
        var m = method(p, "templates");
        var executes = SummaryFixture.calls(m, "execute");
        assertThat(p.semantics().runsLambdaInTransaction(m, executes.get(0))).isTrue();
        assertThat(p.semantics().runsLambdaInTransaction(m, executes.get(1))).isFalse();
        assertThat(p.semantics().runsLambdaInTransaction(m, executes.get(2))).as("a TransactionTemplate field tt").isTrue();
        assertThat(p.semantics().runsLambdaInTransaction(m, executes.get(3))).as("txTemplate, type not seen").isTrue();
        assertThat(p.semantics().runsLambdaInTransaction(m, executes.get(4))).as("an Executor named tx..")
                .isFalse();
        assertThat(p.semantics().inAsyncLambda(m, m.method().body().calls().stream()
                .filter(c -> c.name().equals("execute")).toList().get(2))).isFalse();
        CallSite plain = call(method(p, "templates"), "execute");
        assertThat(plain).isSameAs(executes.get(0));
    }

    @Test
    void aPrivateMethodsOwnTransactionalDoesNotApply() throws Exception {
        String src = """
                package com.acme;
                import org.springframework.transaction.annotation.Transactional;
                public class Internal {
                    public void run() {
                        save();
                    }
                    @Transactional
                    private void save() { }
                }
                """;
        Project p = SummaryFixture.scan(tmp, mainJava("Internal", src));
        assertThat(p.semantics().transactionDeclaration(method(p, "save"))).isNull();
        assertThat(p.semantics().isTransactional(method(p, "save"))).isFalse();
    }
}
