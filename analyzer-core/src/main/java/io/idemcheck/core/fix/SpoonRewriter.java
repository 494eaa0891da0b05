package io.idemcheck.core.fix;

import spoon.Launcher;
import spoon.compiler.Environment;
import spoon.reflect.CtModel;
import spoon.reflect.declaration.CtCompilationUnit;
import spoon.reflect.declaration.CtImport;
import spoon.reflect.declaration.CtType;
import spoon.reflect.factory.Factory;
import spoon.reflect.reference.CtPackageReference;
import spoon.reflect.reference.CtReference;
import spoon.reflect.reference.CtTypeReference;
import spoon.support.compiler.VirtualFile;
import spoon.support.sniper.SniperJavaPrettyPrinter;

import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Applies Java recipes to one file: a Spoon model of that file alone (no class path, comments kept), the recipes, and
 * a sniper print, which reprints only the changed elements and copies every other character from the original.
 */
public final class SpoonRewriter {

    /** Outcome: the new text (equal to the input when nothing applied) and which recipes changed the model. */
    public record Result(String text, List<Boolean> applied, String error) {
    }

    private static final Pattern IMPORT_AFTER_PACKAGE =
            Pattern.compile("(?m)^(package [^;\\n]+;)(\\r?\\n)(import [^\\n]+;\\r?\\n)\\r?\\n");

    private SpoonRewriter() {
    }

    /**
     * @param fileName only the simple name matters (Spoon wants a {@code .java} name)
     * @param source   the file's text
     * @param recipes  the recipes, applied in order
     * @param registry where kinds are looked up
     */
    public static Result rewrite(String fileName, String source, List<FixRecipe> recipes, RecipeRegistry registry) {
        List<Boolean> applied = new ArrayList<>();
        Launcher launcher = new Launcher();
        Environment env = launcher.getEnvironment();
        env.setNoClasspath(true);
        env.setCommentEnabled(true);
        env.setAutoImports(false);
        env.setComplianceLevel(17);
        env.setShouldCompile(false);
        env.setLevel("OFF");
        env.setPrettyPrinterCreator(() -> new SniperJavaPrettyPrinter(env));
        String simple = fileName.substring(fileName.lastIndexOf('/') + 1);
        launcher.addInputResource(new VirtualFile(source, simple));
        CtModel model;
        try {
            model = launcher.buildModel();
        } catch (RuntimeException e) {
            recipes.forEach(r -> applied.add(false));
            return new Result(source, applied, "Spoon could not build a model: " + e);
        }
        CtCompilationUnit unit = null;
        for (CtType<?> t : model.getAllTypes()) {
            if (t.getPosition().isValidPosition()) {
                unit = t.getPosition().getCompilationUnit();
                break;
            }
        }
        if (unit == null) {
            recipes.forEach(r -> applied.add(false));
            return new Result(source, applied, "no type in " + simple);
        }
        Factory factory = launcher.getFactory();
        CtCompilationUnit cu = unit;
        JavaRecipe.Context ctx = new JavaRecipe.Context() {
            @Override
            public CtCompilationUnit unit() {
                return cu;
            }

            @Override
            public Factory factory() {
                return factory;
            }

            @Override
            public void addImport(String fqn) {
                String pkg = fqn.contains(".") ? fqn.substring(0, fqn.lastIndexOf('.')) : "";
                for (CtImport imp : cu.getImports()) {
                    CtReference ref = imp.getReference();
                    if (ref instanceof CtTypeReference<?> tr && fqn.equals(tr.getQualifiedName())) {
                        return;
                    }
                    if (ref instanceof CtPackageReference pr && pkg.equals(pr.getQualifiedName())) {
                        return;
                    }
                    if (imp.toString().replace(" ", "").equals("import" + pkg + ".*;")) {
                        return;
                    }
                }
                cu.getImports().add(factory.createImport(factory.Type().createReference(fqn)));
            }
        };
        boolean any = false;
        for (FixRecipe r : recipes) {
            JavaRecipe jr = registry.java(r.kind());
            boolean ok = false;
            if (jr != null) {
                try {
                    ok = jr.apply(ctx, r);
                } catch (RuntimeException e) {
                    ok = false;
                }
            }
            applied.add(ok);
            any |= ok;
        }
        if (!any) {
            return new Result(source, applied, null);
        }
        String printed;
        try {
            printed = env.createPrettyPrinter().printCompilationUnit(cu);
        } catch (RuntimeException e) {
            List<Boolean> none = new ArrayList<>();
            recipes.forEach(x -> none.add(false));
            return new Result(source, none, "sniper printing failed: " + e);
        }
        return new Result(tidyImports(source, printed), applied, null);
    }

    /** Spoon puts a new import right under the package line; keep the blank line after the package instead. */
    static String tidyImports(String original, String printed) {
        Matcher m = IMPORT_AFTER_PACKAGE.matcher(printed);
        if (m.find() && !original.contains(m.group(3))) {
            return printed.substring(0, m.start()) + m.group(1) + m.group(2) + m.group(2) + m.group(3)
                    + printed.substring(m.end());
        }
        return printed;
    }
}
