package io.idemcheck.core.facts;

import java.util.List;
import java.util.Map;

/**
 * A class, interface, enum or record declared in a scanned file (nested types are separate entries).
 *
 * @param fqn         fully qualified name, nested types with '.' ("com.acme.Outer.Inner")
 * @param simpleName  simple name
 * @param kind        "class", "interface", "enum", "record" or "annotation"
 * @param annotations annotations on the type
 * @param supertypes  extends and implements clauses as written
 * @param fields      field name to declared type (records: components)
 * @param constants   static final String fields with a compile-time value: name to value
 * @param methods     methods and constructors (plus Lombok accessors, marked synthetic)
 * @param range       region of the declaration
 * @param nameRange   region of the type's name
 * @param fieldAnnotations field name to the annotations on it (only fields that have some)
 */
public record TypeFacts(String fqn, String simpleName, String kind, List<AnnotationFact> annotations,
                        List<TypeRef> supertypes, Map<String, TypeRef> fields, Map<String, String> constants,
                        List<MethodFacts> methods, Range range, Range nameRange,
                        Map<String, List<AnnotationFact>> fieldAnnotations) implements java.io.Serializable {

    public TypeFacts {
        fieldAnnotations = Shared.map(fieldAnnotations);
        annotations = List.copyOf(annotations);
        supertypes = List.copyOf(supertypes);
        fields = Shared.map(fields);
        constants = Shared.map(constants);
        methods = List.copyOf(methods);
    }

    public boolean isInterface() {
        return "interface".equals(kind);
    }

    /** True when field {@code field} carries an annotation with this simple name. */
    public boolean fieldHas(String field, String annotationSimpleName) {
        return fieldAnnotations.getOrDefault(field, List.of()).stream()
                .anyMatch(a -> a.simpleName().equals(annotationSimpleName));
    }

    /** The first annotation with this simple name, or null. */
    public AnnotationFact annotation(String simpleName) {
        for (AnnotationFact a : annotations) {
            if (a.simpleName().equals(simpleName)) {
                return a;
            }
        }
        return null;
    }
}
