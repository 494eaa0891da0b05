package io.idemcheck.core.fix;

import io.idemcheck.core.finding.FixRecipe;
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
import spoon.support.sniper.SniperJavaPrettyPrinter;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
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
        env.setPrettyPrinterCreator(() -> new SniperJavaPrettyPrinter(env));
        String simple = fileName.substring(fileName.lastIndexOf('/') + 1);
        // the sniper printer reads the original text back from the unit's file, so the model is built from a real
        // file (a copy in a temporary directory), not from a VirtualFile
        Path dir;
        try {
            dir = Files.createTempDirectory("idemcheck-fix");
            Files.writeString(dir.resolve(simple), source, StandardCharsets.UTF_8);
        } catch (IOException e) {
            recipes.forEach(r -> applied.add(false));
            return new Result(source, applied, "cannot write a temporary copy: " + e);
        }
        try {
            return rewrite(launcher, env, dir.resolve(simple), source, recipes, registry, applied);
        } finally {
            try {
                Files.deleteIfExists(dir.resolve(simple));
                Files.deleteIfExists(dir);
            } catch (IOException ignored) {
                // a temporary file left behind is harmless
            }
        }
    }

    private static Result rewrite(Launcher launcher, Environment env, Path file, String source,
                                  List<FixRecipe> recipes, RecipeRegistry registry, List<Boolean> applied) {
        String simple = file.getFileName().toString();
        launcher.addInputResource(file.toString());
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
        StringBuilder problems = new StringBuilder();
        for (FixRecipe r : recipes) {
            JavaRecipe jr = registry.java(r.kind());
            boolean ok = false;
            if (jr != null) {
                try {
                    ok = jr.apply(ctx, r);
                } catch (RuntimeException e) {
                    ok = false;
                    problems.append(r.kind()).append(" at line ").append(r.line()).append(" failed: ").append(e)
                            .append("; ");
                }
            }
            applied.add(ok);
            any |= ok;
        }
        String error = problems.length() == 0 ? null : problems.toString().trim();
        if (!any) {
            return new Result(source, applied, error);
        }
        String printed;
        try {
            printed = env.createPrettyPrinter().printCompilationUnit(cu);
        } catch (RuntimeException e) {
            if (Boolean.getBoolean("idemcheck.fix.debug")) {
                e.printStackTrace();
            }
            List<Boolean> none = new ArrayList<>();
            recipes.forEach(x -> none.add(false));
            return new Result(source, none, "sniper printing failed: " + e);
        }
        return new Result(tidyImports(source, printed), applied, error);
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
