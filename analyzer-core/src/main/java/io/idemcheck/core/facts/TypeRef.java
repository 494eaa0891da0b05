package io.idemcheck.core.facts;

import java.util.List;

/**
 * A type as written in source.
 *
 * @param text     the full text, e.g. "List<Task>"
 * @param name     the erasure as written, e.g. "List", "java.util.List", "Outer.Inner"
 * @param typeArgs erasures of the type arguments as written, e.g. ["Task"]
 */
public record TypeRef(String text, String name, List<String> typeArgs) implements java.io.Serializable {

    public static final TypeRef UNKNOWN = new TypeRef("?", "?", List.of());

    public TypeRef {
        text = Shared.of(text);
        name = Shared.of(name);
        typeArgs = Shared.list(typeArgs);
    }

    /** The last segment of {@link #name}. */
    public String simpleName() {
        int i = name.lastIndexOf('.');
        return i < 0 ? name : name.substring(i + 1);
    }

    public boolean isUnknown() {
        return "?".equals(name);
    }
}
