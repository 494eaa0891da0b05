package io.idemcheck.core.engine;

import io.idemcheck.core.config.MethodPattern;
import io.idemcheck.core.config.ProjectConfig;
import io.idemcheck.core.facts.CallSite;
import io.idemcheck.core.finding.Diagnostic;
import io.idemcheck.core.index.CallTarget;
import io.idemcheck.core.index.MethodRef;
import io.idemcheck.core.index.ProjectIndex;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;

/**
 * The {@code idemcheck.yml} method patterns ({@code effects}, {@code records}, {@code claims}, {@code locks},
 * {@code keyCarriers}) that match no call of the scanned main code: a pattern with a typo in its package, type or
 * method name, or the wrong argument count, silently changes nothing, so each is one INFO diagnostic at its line.
 */
final class ConfigPatternCheck {

    private ConfigPatternCheck() {
    }

    /**
     * One pass over the calls of every main-code method with a body ({@link ProjectIndex#calls}, memoised by the
     * index; nothing when the configuration has no method pattern), each call's receiver type as the analysis reads it
     * (the declared type of the variable or field, fully qualified when resolved) tested against each pattern not yet
     * matched.
     *
     * @return INFO diagnostics at the configuration file's path (relative to {@code root} when under it) and each
     *         unmatched pattern's line, in the order the file lists them
     */
    static List<Diagnostic> unmatched(ProjectConfig config, ProjectIndex index, Path root) {
        Map<MethodPattern, String> patterns = new IdentityHashMap<>();
        List<MethodPattern> order = new ArrayList<>();
        config.effects().forEach(e -> add(patterns, order, e.pattern(), "effects"));
        config.records().forEach(p -> add(patterns, order, p, "records"));
        config.claims().forEach(p -> add(patterns, order, p, "claims"));
        config.locks().forEach(p -> add(patterns, order, p, "locks"));
        config.keyCarriers().forEach(k -> add(patterns, order, k.pattern(), "keyCarriers"));
        if (order.isEmpty() || config.file() == null) {
            return List.of();
        }
        Map<MethodPattern, Integer> keyParameter = new IdentityHashMap<>();
        config.keyCarriers().forEach(k -> keyParameter.putIfAbsent(k.pattern(), k.parameter()));
        List<MethodPattern> typeLevel = new ArrayList<>(config.records());
        typeLevel.addAll(config.claims());
        List<MethodPattern> open = new ArrayList<>(order);
        // patterns short of a full match: a records/claims type that is a receiver's, a key carrier matching a call
        // that has too few arguments for its parameter
        java.util.Set<MethodPattern> typeMatched = java.util.Collections.newSetFromMap(new IdentityHashMap<>());
        java.util.Set<MethodPattern> callMatched = java.util.Collections.newSetFromMap(new IdentityHashMap<>());
        for (MethodRef m : index.methods()) {
            if (open.isEmpty()) {
                break;
            }
            if (m.file().test() || !m.method().hasBody()) {
                continue;
            }
            List<CallTarget> calls;
            try {
                calls = index.calls(m);
            } catch (RuntimeException | StackOverflowError e) {
                // the rules met (and reported) this method's failure already; what it calls is unknown, so no
                // pattern can be said to match nothing
                return List.of();
            }
            for (CallTarget t : calls) {
                CallSite c = t.call();
                String type = t.receiverType() == null ? "" : t.receiverType().name();
                int arity = c.args().size();
                // a key carrier counts only with its parameter in range, as the catalog reads it
                open.removeIf(p -> {
                    if (!p.matches(type, c.name(), arity)) {
                        if (typeLevel.contains(p) && p.matchesType(type)) {
                            typeMatched.add(p);
                        }
                        return false;
                    }
                    if (keyParameter.getOrDefault(p, -1) < arity) {
                        return true;
                    }
                    callMatched.add(p);
                    return false;
                });
            }
        }
        String path = Suppressions.displayPath(root, config.file());
        List<Diagnostic> out = new ArrayList<>();
        for (MethodPattern p : open) {
            String what = patterns.get(p) + " pattern '" + p.pattern() + "' ";
            String text;
            if (callMatched.contains(p)) {
                text = what + "matches calls, but none has an argument number " + keyParameter.get(p)
                        + " (parameter counts from 0), so it marks no key: check its parameter";
            } else if (typeMatched.contains(p)) {
                // (Catalog.projectStoreType: the type is still read as a store of work items)
                text = what + "matches no call in the scanned main code: its type is a receiver's, but no call of it "
                        + "has that method name and argument count, so it only makes the type a store of work items: "
                        + "check the method name and its argument count";
            } else {
                text = what + "matches no call in the scanned main code, so it changes nothing: check its package, "
                        + "type and method name and its argument count against a call it should match";
            }
            out.add(new Diagnostic(Diagnostic.Kind.INFO, path, p.line(), 0, text
                    + " (idemcheck explain FILE:LINE shows each call's receiver type as idemcheck reads it)"));
        }
        return out;
    }

    private static void add(Map<MethodPattern, String> patterns, List<MethodPattern> order, MethodPattern p,
                            String key) {
        if (patterns.putIfAbsent(p, key) == null) {
            order.add(p);
        }
    }
}
