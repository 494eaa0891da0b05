package io.idemcheck.rules;

import io.idemcheck.core.catalog.Catalog;
import io.idemcheck.core.facts.CallSite;
import io.idemcheck.core.facts.Receiver;
import io.idemcheck.core.facts.TypeFacts;
import io.idemcheck.core.facts.TypeRef;
import io.idemcheck.core.index.MethodRef;
import io.idemcheck.core.index.ResolvedType;
import io.idemcheck.core.index.TypeEntry;
import io.idemcheck.core.model.Project;
import io.idemcheck.core.schema.EntitySchema;
import io.idemcheck.core.source.SourceText;

import java.io.IOException;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The columns an entity insert ({@code mapper.insert(e)}, {@code repository.save(new E(..))}) writes, for IDEM011's
 * business key: the setters called on the entity before the insert, and what its constructor fills when it is built
 * with arguments ({@code new StoreFlow(order, item, FlowTypeEnum.PAY)}): the constructor's own setter calls and field
 * assignments, and the fields {@code BeanUtil.copyProperties(src, this)} copies from the source's type. Also which of
 * those columns get a value generated per insert (a snowflake number, a random id: the catalog's
 * {@code nonDeterministicKeyCalls}). When nothing about the values is visible, every persistent field.
 */
final class EntityColumns {

    /**
     * The columns written and the generated ones (column names as the table spells them).
     *
     * @param columns   in the order they are found
     * @param generated those whose value is new on every insert
     */
    record Written(List<String> columns, Set<String> generated) {
    }

    /** A field assignment statement, wherever it starts: a line, or after another statement or a brace on the same line. */
    private static final Pattern ASSIGNMENT = Pattern.compile("(?m)(?:^|(?<=[;{}]))\\s*(?:this\\s*\\.\\s*)?([a-z]\\w*)\\s*=(?!=)\\s*([^;]*);");
    private static final Pattern NEW_WITH_ARGS = Pattern.compile("(?s)new\\s+[\\w.<>]+\\s*\\((.*)\\)\\s*$");

    private EntityColumns() {
    }

    /**
     * The columns the insert {@code c} of the entity held by {@code var} writes.
     *
     * @param init   the entity's initialiser text ({@code new E(..)}, a builder), or null
     * @param entity the entity type
     */
    static Written of(Project project, MethodRef m, CallSite c, String var, String init, TypeEntry entity) {
        Catalog cat = project.catalog();
        TypeFacts t = entity.type();
        List<String> cols = new ArrayList<>();
        Set<String> generated = new LinkedHashSet<>();
        for (CallSite x : m.method().body().calls()) {
            if (x.id() < c.id() && x.receiver().kind() == Receiver.Kind.NAME && var.equals(x.receiver().name())) {
                setter(cat, t, x, cols, generated);
            }
        }
        Matcher nw = init == null ? null : NEW_WITH_ARGS.matcher(init.strip());
        if (nw != null && nw.matches() && !nw.group(1).isBlank()) {
            MethodRef ctor = constructor(project, entity, arity(nw.group(1)));
            if (ctor != null && ctor.method().hasBody()) {
                constructorColumns(project, ctor, t, cols, generated);
                return new Written(cols, generated);
            }
        }
        if (cols.isEmpty()) {
            for (String f : EntitySchema.persistentFields(t)) {
                cols.add(EntitySchema.columnOf(t, f));
            }
        }
        return new Written(cols, generated);
    }

    private static void setter(Catalog cat, TypeFacts t, CallSite x, List<String> cols, Set<String> generated) {
        if (x.name().startsWith("set") && x.name().length() > 3 && x.args().size() == 1) {
            String f = Character.toLowerCase(x.name().charAt(3)) + x.name().substring(4);
            add(cat, t, f, x.args().get(0).text(), cols, generated);
        }
    }

    private static void add(Catalog cat, TypeFacts t, String field, String value, List<String> cols,
                            Set<String> generated) {
        String col = EntitySchema.columnOf(t, field);
        if (!cols.contains(col)) {
            cols.add(col);
        }
        if (BusinessKeys.generatedValue(cat, value)) {
            generated.add(col);
        }
    }

    /** The constructor's setters ({@code this.setX(..)}), field assignments and {@code copyProperties(src, this)}. */
    private static void constructorColumns(Project project, MethodRef ctor, TypeFacts t, List<String> cols,
                                           Set<String> generated) {
        Catalog cat = project.catalog();
        Set<String> fields = new LinkedHashSet<>(EntitySchema.persistentFields(t));
        for (CallSite x : ctor.method().body().calls()) {
            Receiver.Kind k = x.receiver().kind();
            if (k == Receiver.Kind.NONE || k == Receiver.Kind.THIS) {
                setter(cat, t, x, cols, generated);
            }
            if (x.name().equals("copyProperties") && x.args().size() >= 2
                    && x.args().get(1).text().strip().equals("this")) {
                for (String f : fieldsOf(project, ctor, x.args().get(0).text().strip())) {
                    if (fields.contains(f)) {
                        add(cat, t, f, null, cols, generated);
                    }
                }
            }
        }
        try {
            List<String> lines = SourceText.read(project.sourceRoot().resolve(ctor.file().relPath())).lines();
            int from = Math.max(0, ctor.method().range().line() - 1);
            int to = Math.min(lines.size(), ctor.method().range().endLine());
            Matcher a = ASSIGNMENT.matcher(String.join("\n", lines.subList(from, to)));
            while (a.find()) {
                if (fields.contains(a.group(1))) {
                    add(cat, t, a.group(1), a.group(2), cols, generated);
                }
            }
        } catch (IOException | RuntimeException e) {
            // the constructor's text is not readable: its setter calls are all we know
        }
    }

    /** The field names of the project type of variable {@code name} in {@code m}, or none. */
    private static Set<String> fieldsOf(Project project, MethodRef m, String name) {
        TypeRef tr = project.index().variableType(m, name, false).orElse(null);
        if (tr == null || tr.isUnknown()) {
            return Set.of();
        }
        ResolvedType rt = project.index().resolveType(tr.name(), m.file(), m.type());
        return project.index().typeOf(rt).map(te -> te.type().fields().keySet()).orElse(Set.of());
    }

    private static MethodRef constructor(Project project, TypeEntry entity, int arity) {
        for (MethodRef r : project.index().methodsOf(entity)) {
            if (r.method().name().equals("<init>") && r.method().arity() == arity) {
                return r;
            }
        }
        return null;
    }

    /** The number of top-level arguments in an argument list's text. */
    private static int arity(String args) {
        int depth = 0;
        int n = 1;
        for (char ch : args.toCharArray()) {
            if (ch == '(' || ch == '[' || ch == '{' || ch == '<') {
                depth++;
            } else if (ch == ')' || ch == ']' || ch == '}' || ch == '>') {
                depth--;
            } else if (ch == ',' && depth == 0) {
                n++;
            }
        }
        return n;
    }

}
