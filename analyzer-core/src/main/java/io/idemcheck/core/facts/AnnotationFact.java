package io.idemcheck.core.facts;

import java.util.Map;

/**
 * An annotation use.
 *
 * @param name    the name as written ("Transactional" or "org.springframework...Transactional")
 * @param values  member name to source text of its value; a single-member annotation uses "value"
 * @param strings member name to the string value when it is a compile-time string (literal, concatenation of
 *                literals, text block, or an array of those joined with a space)
 * @param range   where the annotation is
 */
public record AnnotationFact(String name, Map<String, String> values, Map<String, String> strings, Range range) implements java.io.Serializable {

    public AnnotationFact {
        values = Shared.map(values);
        strings = Shared.map(strings);
    }

    /** The simple name (last segment). */
    public String simpleName() {
        int i = name.lastIndexOf('.');
        return i < 0 ? name : name.substring(i + 1);
    }

    /** Source text of a member's value, or null. */
    public String value(String member) {
        return values.get(member);
    }
}
