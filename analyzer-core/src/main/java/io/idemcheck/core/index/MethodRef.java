package io.idemcheck.core.index;

import io.idemcheck.core.facts.FileFacts;
import io.idemcheck.core.facts.MethodFacts;
import io.idemcheck.core.facts.TypeFacts;

/** A project method: its declaring type (with file) and its facts. Identity is by reference. */
public record MethodRef(TypeEntry owner, MethodFacts method) {

    public TypeFacts type() {
        return owner.type();
    }

    public FileFacts file() {
        return owner.file();
    }

    /** "com.acme.Job#run(List)". */
    public String id() {
        return owner.fqn() + "#" + method.signature();
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof MethodRef m && m.owner.type() == owner.type() && m.method == method;
    }

    @Override
    public int hashCode() {
        return System.identityHashCode(method);
    }

    @Override
    public String toString() {
        return id();
    }
}
