package io.idemcheck.core.finding;

import io.idemcheck.core.finding.Location;
import io.idemcheck.core.util.Ordered;

import java.io.Serializable;
import java.util.Map;
import java.util.TreeMap;

/**
 * A mechanical rewrite a rule asks for, as plain data: what to do ({@code kind}, e.g. {@code java.check-row-count}),
 * where (a region of a file, relative to the source root, as in {@link Location}), and a few string parameters. The
 * fix stage ({@link FixStage}) looks the kind up in the {@link RecipeRegistry} and turns the recipe into
 * {@link io.idemcheck.core.finding.Fix.Edit}s. Recipes never hold syntax trees, so findings stay small and
 * serialisable.
 *
 * @param kind      the recipe kind (see {@link RecipeRegistry#kinds()})
 * @param path      file the recipe rewrites (for {@code file.create}: the file to create)
 * @param line      1-based first line of the target
 * @param column    1-based first column of the target
 * @param endLine   1-based last line of the target
 * @param endColumn column after the target's last character
 * @param params    kind-specific parameters (sorted; never null)
 */
public record FixRecipe(String kind, String path, int line, int column, int endLine, int endColumn,
                        Map<String, String> params) implements Serializable {

    public FixRecipe {
        params = params == null ? Map.of() : Ordered.map(params);
    }

    /** A recipe aimed at {@code target}. */
    public static FixRecipe at(String kind, Location target, Map<String, String> params) {
        return new FixRecipe(kind, target.path(), target.startLine(), target.startColumn(), target.endLine(),
                target.endColumn(), params);
    }

    /** The target region. */
    public Location target() {
        return new Location(path, line, column, Math.max(line, endLine), endColumn, null);
    }

    /** A parameter, or {@code def} when absent. */
    public String param(String name, String def) {
        String v = params.get(name);
        return v == null ? def : v;
    }

    @Override
    public String toString() {
        return kind + "@" + path + ":" + line + ":" + column + new TreeMap<>(params);
    }
}
