package io.idemcheck.core.fix;

import io.idemcheck.core.fix.recipes.CheckRowCount;
import io.idemcheck.core.fix.recipes.CreateFile;
import io.idemcheck.core.fix.recipes.InsertCrashPoint;
import io.idemcheck.core.fix.recipes.JavaSqlPredicate;
import io.idemcheck.core.fix.recipes.ReplaceText;
import io.idemcheck.core.fix.recipes.XmlSqlPredicate;

import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.ServiceLoader;
import java.util.TreeMap;
import java.util.TreeSet;

/**
 * The recipe kinds the fix stage knows, by kind: the built-in ones plus any found through {@link ServiceLoader}
 * ({@link JavaRecipe} and {@link TextRecipe} services), so a rule module can bring its own.
 */
public final class RecipeRegistry {

    private final Map<String, JavaRecipe> java = new TreeMap<>();
    private final Map<String, TextRecipe> text = new TreeMap<>();

    private RecipeRegistry() {
    }

    /** Built-in recipes and the ones on the class path of {@code loader}. */
    public static RecipeRegistry load(ClassLoader loader) {
        RecipeRegistry r = builtIn();
        for (JavaRecipe j : ServiceLoader.load(JavaRecipe.class, loader)) {
            r.register(j);
        }
        for (TextRecipe t : ServiceLoader.load(TextRecipe.class, loader)) {
            r.register(t);
        }
        return r;
    }

    public static RecipeRegistry load() {
        return load(RecipeRegistry.class.getClassLoader());
    }

    /** Only the built-in recipes. */
    public static RecipeRegistry builtIn() {
        RecipeRegistry r = new RecipeRegistry();
        r.register(new CheckRowCount());
        r.register(new JavaSqlPredicate());
        r.register(new InsertCrashPoint());
        r.register(new XmlSqlPredicate());
        r.register(new CreateFile());
        r.register(new ReplaceText());
        return r;
    }

    public RecipeRegistry register(JavaRecipe r) {
        java.put(r.kind(), r);
        return this;
    }

    public RecipeRegistry register(TextRecipe r) {
        text.put(r.kind(), r);
        return this;
    }

    public JavaRecipe java(String kind) {
        return java.get(kind);
    }

    public TextRecipe text(String kind) {
        return text.get(kind);
    }

    /** Every registered kind, sorted. */
    public List<String> kinds() {
        TreeSet<String> all = new TreeSet<>(java.keySet());
        all.addAll(text.keySet());
        return List.copyOf(all);
    }

    /** Unmodifiable view of the Java recipes by kind. */
    public Map<String, JavaRecipe> javaRecipes() {
        return Collections.unmodifiableMap(java);
    }
}
