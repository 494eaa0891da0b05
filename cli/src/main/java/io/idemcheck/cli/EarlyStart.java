package io.idemcheck.cli;

import io.idemcheck.core.rule.RuleRegistry;

import java.util.Set;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.FutureTask;
import java.util.function.Supplier;

/**
 * Loads the rules on a background thread from the moment the JVM starts, for the commands that use them, while the
 * main thread reads the command line, the configuration and the scanned paths. picocli's classes are compiled for
 * Java 5, so the class-data sharing archive of bin/idemcheck cannot hold them: the JVM loads and verifies them one by
 * one (about 170 for the command model), and the rules' classes and their initialisation (the built-in catalog
 * among them) come after; on two cores both now run at once. The command gets what {@link RuleRegistry#load} returned
 * on that thread, or, rethrown, exactly what it threw (a bad catalog stays a one-line usage error); a command that
 * fails earlier (a usage error, a bad {@code idemcheck.yml}) reports that, as before, and the thread dies with the JVM.
 */
final class EarlyStart {

    /** The commands whose first real work is {@link RuleRegistry#load}. */
    private static final Set<String> USE_RULES = Set.of("scan", "fix", "explain", "rules");

    private EarlyStart() {
    }

    /**
     * The rules for a command line, loaded by {@code load}: started now on a daemon thread when {@code args} name a
     * command that uses them (the supplier then gives that one registry on every call), else {@code load} itself.
     */
    static Supplier<RuleRegistry> rules(String[] args, Supplier<RuleRegistry> load) {
        if (args.length == 0 || !USE_RULES.contains(args[0])) {
            return load;
        }
        FutureTask<RuleRegistry> task = new FutureTask<>(load::get);
        Thread t = new Thread(task, "idemcheck-rules-loader");
        t.setDaemon(true);
        t.start();
        return () -> result(task);
    }

    private static RuleRegistry result(FutureTask<RuleRegistry> task) {
        try {
            return task.get();
        } catch (ExecutionException e) {
            Throwable cause = e.getCause();
            if (cause instanceof RuntimeException r) {
                throw r;
            }
            if (cause instanceof Error err) {
                throw err;
            }
            throw new IllegalStateException(cause);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while the rules loaded", e);
        }
    }
}
