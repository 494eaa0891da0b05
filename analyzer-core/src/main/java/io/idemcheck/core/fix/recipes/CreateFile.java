package io.idemcheck.core.fix.recipes;

import io.idemcheck.core.finding.FixRecipe;
import io.idemcheck.core.fix.TextRecipe;

/**
 * {@code file.create}: creates {@link FixRecipe#path()} (a migration, a test class) with the {@code content}
 * parameter. Does nothing when the file exists already. The edit it produces is a "new file" edit: an empty region
 * at 1:1 of a path that does not exist yet.
 */
public final class CreateFile implements TextRecipe {

    public static final String KIND = "file.create";

    @Override
    public String kind() {
        return KIND;
    }

    @Override
    public String apply(String text, FixRecipe r) {
        String content = r.param("content", null);
        return text != null || content == null ? null : content;
    }

    @Override
    public boolean createsFile() {
        return true;
    }
}
