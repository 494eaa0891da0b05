package io.idemcheck.core.fix;

import io.idemcheck.core.finding.FixRecipe;
import spoon.reflect.declaration.CtCompilationUnit;
import spoon.reflect.factory.Factory;

/**
 * A mechanical rewrite of a Java file, done on a Spoon model of that one file (built without a class path). The fix
 * stage sniper-prints the changed model, so untouched code keeps its formatting and comments.
 *
 * <p>Implementations are stateless; register them in {@link RecipeRegistry} (built in) or through
 * {@code META-INF/services/io.idemcheck.core.fix.JavaRecipe}.
 */
public interface JavaRecipe {

    /** The recipe kind this class applies, e.g. {@code java.check-row-count}. */
    String kind();

    /**
     * Applies {@code recipe} to the model.
     *
     * @return true when the model was changed; false when the target was not found or the rewrite is not safe here
     *         (the finding then keeps only its template)
     */
    boolean apply(Context ctx, FixRecipe recipe);

    /** What a Java recipe works on. */
    interface Context {
        /** The compilation unit of {@link FixRecipe#path()}. */
        CtCompilationUnit unit();

        Factory factory();

        /** Adds {@code import fqn;} unless the unit already imports it (or its package with a wildcard). */
        void addImport(String fqn);
    }
}
