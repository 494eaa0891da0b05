package io.idemcheck.core.parse;

import io.idemcheck.core.facts.LocalVar;
import io.idemcheck.core.facts.TypeRef;

import java.util.LinkedHashSet;
import java.util.Set;

/** A local variable being collected: its declared type, the names and calls its value comes from. */
final class LocalVarBuilder {
    final String name;
    final TypeRef type;
    boolean inLoop;
    final Set<String> sources = new LinkedHashSet<>();
    final Set<Integer> initCalls = new LinkedHashSet<>();
    String initText;

    LocalVarBuilder(String name, TypeRef type, boolean inLoop) {
        this.name = name;
        this.type = type;
        this.inLoop = inLoop;
    }

    /**
     * The builder of {@code name} in {@code locals}, a new one (added) when there is none: {@code computeIfAbsent}
     * without a lambda made per call ({@code locals} holds no null).
     */
    static LocalVarBuilder in(java.util.Map<String, LocalVarBuilder> locals, String name, TypeRef type,
                              boolean inLoop) {
        LocalVarBuilder lb = locals.get(name);
        if (lb == null) {
            lb = new LocalVarBuilder(name, type, inLoop);
            locals.put(name, lb);
        }
        return lb;
    }

    void addSources(Set<String> s) {
        for (String x : s) {
            if (!x.equals(name)) {
                sources.add(x);
            }
        }
    }

    LocalVar build() {
        return new LocalVar(name, type, sources, initCalls, initText, inLoop);
    }
}
