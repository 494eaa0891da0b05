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
 * main-code method (on several threads: a method's targets depend on the read-only index only, so the order they are
 * computed in changes nothing), then what each call does and each method's summary, one method after another in index
 * order, so that a summary cut at a call cycle does not depend on which rule asked first.
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
        resolveCalls(index, main, threads);
        Semantics sem = project.semantics();
        for (MethodRef m : main) {
            try {
                sem.calls(m);
                sem.summary(m);
            } catch (RuntimeException | StackOverflowError e) {
                // not memoised: the rule that asks again reports it (RuleContext's per-method containment)
            }
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
