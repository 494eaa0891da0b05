package io.idemcheck.core.summary;

import io.idemcheck.core.index.MethodRef;
import io.idemcheck.core.model.Project;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;

import static io.idemcheck.core.summary.SummaryFixture.calls;
import static io.idemcheck.core.summary.SummaryFixture.mainJava;
import static io.idemcheck.core.summary.SummaryFixture.method;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * {@link AsyncHandoff}: a call in a lambda handed to an executor, a future or a scheduler runs later on another
 * thread; a call in a TransactionTemplate lambda, an iterating lambda, or straight in the method does not. A record
 * made in such a lambda is not the method's record.
 */
class AsyncHandoffTest {

    @TempDir
    Path tmp;

    static final String SRC = """
            package com.acme;
            import java.util.List;
            import java.util.concurrent.CompletableFuture;
            import java.util.concurrent.ExecutorService;
            import org.springframework.transaction.support.TransactionTemplate;
            public class Async {
                private ExecutorService executor;
                private TransactionTemplate transactionTemplate;
                private TransactionTemplate txTemplate;
                private TaskDao taskDao;
                public void run(long id, List<Long> ids) {
                    executor.submit(() -> taskDao.markDone(id));                     // async
                    CompletableFuture.runAsync(() -> taskDao.markDone(id));          // async
                    transactionTemplate.execute(s -> taskDao.markDone(id));          // inline
                    txTemplate.execute(s -> taskDao.markDone(id));                   // inline (by its type)
                    ids.forEach(i -> taskDao.markDone(i));                           // inline
                    taskDao.markDone(id);                                            // inline
                }
                public void onlyAsync(long id) {
                    executor.execute(() -> taskDao.markDone(id));
                }
                public void inline(long id) {
                    transactionTemplate.execute(s -> taskDao.markDone(id));
                }
            }
            interface TaskDao { int markDone(long id); }
            """;

    @Test
    void aLambdaHandedToAnExecutorRunsLaterButATransactionTemplateRunsItInline() throws Exception {
        Project p = SummaryFixture.scan(tmp, mainJava("Async", SRC));
        MethodRef run = method(p, "run");
        var marks = calls(run, "markDone");
        assertThat(marks).hasSize(6);
        assertThat(marks.stream().map(c -> p.semantics().inAsyncLambda(run, c)))
                .containsExactly(true, true, false, false, false, false);
        assertThat(AsyncHandoff.inAsyncLambda(p.index(), run, calls(run, "submit").get(0)))
                .as("the hand-off call itself runs now").isFalse();
    }

    @Test
    void aRecordMadeOnlyInAnAsyncLambdaIsNotTheMethodsRecord() throws Exception {
        Project p = SummaryFixture.scan(tmp, mainJava("Async", SRC));
        assertThat(p.semantics().summary(method(p, "onlyAsync")).record()).isNull();
        assertThat(p.semantics().summary(method(p, "inline")).record())
                .isEqualTo("taskDao.markDone() records the new status");
    }
}
