package io.idemcheck.core.engine;

import io.idemcheck.core.index.MethodRef;
import io.idemcheck.core.index.ProjectIndex;
import io.idemcheck.core.model.Project;
import io.idemcheck.core.summary.Semantics;
import io.idemcheck.core.util.Parallel;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutionException;

/**
 * Computes, before the rules run, the memoised facts every rule asks for: first the resolved call targets of every
 * main-code method (on several threads: a method's targets depend on the read-only index only, so the order they
 * are computed in changes nothing), then what each call does
 * and each method's summary, one method after another in index order, so that a summary cut at a call cycle does not
 * depend on which rule asked first. Beside that serial pass, on another thread, which methods always throw
 * ({@link Semantics#prepareThrowing}: the index alone, in its own fixed order). Last, once every summary is known,
 * the methods run unattended and each main-code method's {@link Semantics#methodInfo} on several threads: they read
 * memoised facts only, so the order changes nothing, and the rules that ask for them all at once find them made.
 */
final class WarmUp {

    private WarmUp() {
    }

    /**
     * Warms {@code project}'s call targets on up to {@code threads} threads, then its call facts and summaries in
     * index order. A method that throws here is left to the rules: they meet the same exception and report it,
     * contained to that method.
     */
    static void run(Project project, int threads) {
        ProjectIndex index = project.index();
        List<MethodRef> main = new ArrayList<>();
        for (MethodRef m : index.methods()) {
            if (!m.file().test() && m.method().hasBody()) {
                main.add(m);
            }
        }
        PhaseClock.step(null);
        resolveCalls(index, main, threads);
        PhaseClock.step("summaries: resolve calls");
        Semantics sem = project.semantics();
        Thread throwing = null;
        if (threads > 1) {
            throwing = new Thread(() -> prepareThrowing(sem), "idemcheck-warm-up");
            throwing.setDaemon(true);
            throwing.start();
        } else {
            prepareThrowing(sem);
        }
        for (MethodRef m : main) {
            try {
                sem.calls(m);
                sem.summary(m);
            } catch (RuntimeException | StackOverflowError e) {
                // not memoised: the rule that asks again reports it (RuleContext's per-method containment)
            }
        }
        PhaseClock.step("summaries: serial pass");
        if (throwing != null) {
            try {
                throwing.join();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new IllegalStateException("scan interrupted", e);
            }
            PhaseClock.step("summaries: wait for Throwing");
        }
        methodInfos(sem, main, threads);
        PhaseClock.step("summaries: method facts");
    }

    /** The entry-point closure, then each method's {@link Semantics#methodInfo}, on up to {@code threads}. */
    private static void methodInfos(Semantics sem, List<MethodRef> methods, int threads) {
        try {
            entryPoints(sem, threads);
            PhaseClock.step("summaries: entry points");
            sem.reachableFromEntryPoints();
            PhaseClock.step("summaries: closure");
            Parallel.forEachIndex(methods.size(), threads, i -> {
                try {
                    sem.methodInfo(methods.get(i));
                } catch (RuntimeException | StackOverflowError e) {
                    // not memoised: the rule that asks again reports it, contained to its method
                }
            });
        } catch (RuntimeException | StackOverflowError | ExecutionException e) {
            // nothing memoised for what failed: the rules that ask again meet it there
        }
    }

    /**
     * Asks, on up to {@code threads} threads, whether each main-code method is an entry point, as the closure does
     * one method after another: each answer is remembered by index position and reads only the index, the catalog and
     * the call facts the serial pass memoised, so the order changes nothing.
     */
    private static void entryPoints(Semantics sem, int threads) throws ExecutionException {
        try {
            sem.prepareEntryPoints(threads);
        } catch (RuntimeException | StackOverflowError e) {
            // the dispatch map is built by the first thread that asks, as without the warm-up
        }
        List<MethodRef> all = sem.index().methods();
        Parallel.forEachIndex(all.size(), threads, i -> {
            MethodRef m = all.get(i);
            if (!m.file().test()) {
                try {
                    sem.entryPoint(m);
                } catch (RuntimeException | StackOverflowError e) {
                    // not remembered: the closure asks again and meets it there
                }
            }
        });
    }

    /** Works out which methods throw; a failure is left to the rules, which meet it again when they ask. */
    private static void prepareThrowing(Semantics sem) {
        try {
            sem.prepareThrowing();
        } catch (RuntimeException | StackOverflowError e) {
            // not memoised: the rule that asks again reports it, contained to its method
        }
    }

    /** Resolves (and so memoises) the call targets of {@code methods}, each method once, on up to {@code threads}. */
    private static void resolveCalls(ProjectIndex index, List<MethodRef> methods, int threads) {
        try {
            Parallel.forEachIndex(methods.size(), threads, i -> {
                try {
                    index.calls(methods.get(i));
                } catch (RuntimeException | StackOverflowError e) {
                    // not memoised: the summaries and rules that ask again meet it there
                }
            });
        } catch (ExecutionException e) { // an Error: let the serial pass meet it where it did before
            // nothing memoised for the failed methods; the serial pass below resolves them
        }
    }
}
