package io.idemcheck.core.index;

import io.idemcheck.core.util.Brackets;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The value of a compile-time string expression written in a project type, read through the index: a string literal,
 * a {@code static final String} constant of the type itself, of its project supertypes or outer types, of a statically
 * imported type ({@code import static ...Tables.CHARGE}), or of a named project type ({@code Tables.CHARGE},
 * {@code com.acme.db.Tables.CHARGE}), and concatenations of those. The parser already folds a type's own constants
 * into its facts ({@code TypeFacts.constants()}); this resolves the names that cross types, which only the index can.
 * Reached through {@link ProjectIndex#stringConstant}.
 */
final class StringConstants {

    private static final int MAX_DEPTH = 4;

    private final TypeHierarchy hierarchy;
    private final Map<String, TypeEntry> types;

    StringConstants(TypeHierarchy hierarchy, Map<String, TypeEntry> types) {
        this.hierarchy = hierarchy;
        this.types = types;
    }

    /** The string value of expression {@code text} as written inside {@code context}; empty when not a constant. */
    Optional<String> value(String text, TypeEntry context) {
        return Optional.ofNullable(value(text, context, 0));
    }

    private String value(String text, TypeEntry context, int depth) {
        if (text == null || context == null || depth > MAX_DEPTH) {
            return null;
        }
        StringBuilder out = new StringBuilder();
        for (String part : Brackets.split(text.strip(), '+', Brackets.Quotes.JAVA)) {
            String p = part.strip();
            while (p.startsWith("(") && p.endsWith(")")) {
                p = p.substring(1, p.length() - 1).strip();
            }
            String v;
            if (p.length() >= 2 && p.startsWith("\"") && p.endsWith("\"")) {
                v = unquote(p.substring(1, p.length() - 1));
            } else if (p.matches("[A-Za-z_$][\\w$]*(\\s*\\.\\s*[A-Za-z_$][\\w$]*)*")) {
                v = name(p.replaceAll("\\s+", ""), context, depth);
            } else {
                v = null;
            }
            if (v == null) {
                return null;
            }
            out.append(v);
        }
        return out.toString();
    }

    /** A constant named {@code NAME} (in scope) or {@code Type.NAME} (qualified). */
    private String name(String name, TypeEntry context, int depth) {
        int dot = name.lastIndexOf('.');
        if (dot < 0) {
            for (TypeEntry scope = context; scope != null; scope = outer(scope)) {
                String v = inTypeOrSupers(scope, name);
                if (v != null) {
                    return v;
                }
            }
            String owner = context.file().staticImports().get(name);
            if (owner != null) {
                return inTypeOrSupers(types.get(owner), name);
            }
            for (Map.Entry<String, String> e : context.file().staticImports().entrySet()) {
                if ("*".equals(e.getValue())) {
                    String v = inTypeOrSupers(types.get(e.getKey()), name);
                    if (v != null) {
                        return v;
                    }
                }
            }
            return null;
        }
        ResolvedType owner = hierarchy.resolveType(name.substring(0, dot), context.file(), context.type());
        return hierarchy.typeOf(owner).map(t -> inTypeOrSupers(t, name.substring(dot + 1))).orElse(null);
    }

    private String inTypeOrSupers(TypeEntry t, String name) {
        if (t == null) {
            return null;
        }
        String v = t.type().constants().get(name);
        if (v != null) {
            return v;
        }
        for (ResolvedType s : hierarchy.allSupertypes(t)) {
            Optional<String> sv = hierarchy.typeOf(s).map(st -> st.type().constants().get(name));
            if (sv.isPresent()) {
                return sv.get();
            }
        }
        return null;
    }

    private TypeEntry outer(TypeEntry e) {
        int i = e.fqn().lastIndexOf('.');
        return i < 0 ? null : types.get(e.fqn().substring(0, i));
    }


    private static String unquote(String s) {
        return s.replace("\\\"", "\"").replace("\\\\", "\\");
    }
}
