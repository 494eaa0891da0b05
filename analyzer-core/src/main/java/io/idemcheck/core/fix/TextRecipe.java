package io.idemcheck.core.fix;

import io.idemcheck.core.finding.FixRecipe;

/**
 * A mechanical rewrite of a non-Java file (mapper XML, SQL, a new migration) as plain text. Register in
 * {@link RecipeRegistry} or through {@code META-INF/services/io.idemcheck.core.fix.TextRecipe}.
 */
public interface TextRecipe {

    String kind();

    /**
     * @param text   the file's current text; null when the file does not exist (recipes that create files)
     * @param recipe the recipe, with its target region in {@code text}
     * @return the file's new text, or null when the recipe does not apply here
     */
    String apply(String text, FixRecipe recipe);

    /** True when this recipe creates {@link FixRecipe#path()} (which must not exist yet). */
    default boolean createsFile() {
        return false;
    }
}
