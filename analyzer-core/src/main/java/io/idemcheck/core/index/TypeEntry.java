package io.idemcheck.core.index;

import io.idemcheck.core.facts.FileFacts;
import io.idemcheck.core.facts.TypeFacts;

/** A project type together with the file that declares it. */
public record TypeEntry(TypeFacts type, FileFacts file) {

    public String fqn() {
        return type.fqn();
    }
}
