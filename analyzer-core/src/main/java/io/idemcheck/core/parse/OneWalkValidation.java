package io.idemcheck.core.parse;

import com.github.javaparser.ParseResult;
import com.github.javaparser.ParserConfiguration;
import com.github.javaparser.Problem;
import com.github.javaparser.Processor;
import com.github.javaparser.ast.Node;
import com.github.javaparser.ast.validator.ProblemReporter;
import com.github.javaparser.ast.validator.SingleNodeTypeValidator;
import com.github.javaparser.ast.validator.SimpleValidator;
import com.github.javaparser.ast.validator.TreeVisitorValidator;
import com.github.javaparser.ast.validator.TypedValidator;
import com.github.javaparser.ast.validator.Validator;
import com.github.javaparser.ast.validator.Validators;
import com.github.javaparser.ast.validator.postprocessors.PostProcessors;

import java.lang.reflect.Field;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Supplier;

/**
 * JavaParser's language-level post-processing and checks, with the same problems in the same order, in one walk of
 * the tree instead of one per check.
 *
 * <p>JavaParser runs its language level's validator after every parse. Most of its checks are
 * {@link SingleNodeTypeValidator}s, each of which walks the whole tree to find the nodes of its type ({@code findAll}),
 * and {@link TreeVisitorValidator}s, which walk it once more each: on real code (spring-batch and commons-collections)
 * these walks cost more CPU than the parse itself. This processor replaces the stock one
 * ({@link #install(ParserConfiguration)}): it runs the same post-processors, then the same checks, where every
 * single-type and tree-visitor check is applied to the nodes of one pre-order walk (the order {@code findAll} and
 * {@code TreeVisitorValidator} visit them in), and every other check on the root as before. Each check reports into
 * its own list and the lists are appended in the validator's order, so the problems, and their order after JavaParser
 * sorts them by position, are those of the stock validator. A check that throws falls back to the stock validator for
 * that file, so even a failure looks the same.
 */
final class OneWalkValidation extends Processor {

    /** What one check of the flattened validator does. */
    private sealed interface Check permits Typed, Tree, Whole {
    }

    /** A single-type check: on the root first when it has the type ({@code isInstance}), then on every node of it. */
    private record Typed(Class<? extends Node> type, TypedValidator<Node> validator) implements Check {
    }

    /** A tree-visitor check: on every node. */
    private record Tree(Validator validator) implements Check {
    }

    /** Any other check: run on the root as the stock validator runs it. */
    private record Whole(Validator validator) implements Check {
    }

    /** The checks and post-processors of one language level, and which checks apply to each node class. */
    private static final class Plan {
        final PostProcessors post;
        final Validator validator;
        final Check[] checks;
        /** Per node class, the indexes of the checks that apply to its nodes (computed once per class). */
        private final java.util.concurrent.ConcurrentHashMap<Class<?>, int[]> applying =
                new java.util.concurrent.ConcurrentHashMap<>();

        int[] applying(Class<?> c) {
            int[] idx = applying.get(c);
            return idx != null ? idx : applying.computeIfAbsent(c, this::compute);
        }

        private int[] compute(Class<?> c) {
            int[] idx = new int[checks.length];
            int n = 0;
            for (int i = 0; i < checks.length; i++) {
                if (checks[i] instanceof Tree || checks[i] instanceof Typed t && t.type().isAssignableFrom(c)) {
                    idx[n++] = i;
                }
            }
            return java.util.Arrays.copyOf(idx, n);
        }

        Plan(PostProcessors post, Validator validator, Check[] checks) {
            this.post = post;
            this.validator = validator;
            this.checks = checks;
        }
    }

    private static final String STOCK_PROCESSOR = ParserConfiguration.class.getName() + "$2";

    /** The package of the language levels' validators and of the chunks they are built from. */
    private static final String LEVELS = "com.github.javaparser.ast.validator.language_level_validations";

    private final Plan plan;

    private OneWalkValidation(Plan plan) {
        this.plan = plan;
    }

    /**
     * Replaces {@code configuration}'s language-level processor (post-processors and validator of its language level)
     * with the one-walk equivalent. Leaves the configuration as it is when it has no language level, or when this
     * JavaParser's processors or validators are not shaped as expected (another JavaParser version): then parsing
     * is only slower, never different.
     *
     * @return whether the processor was replaced
     */
    static boolean install(ParserConfiguration configuration) {
        ParserConfiguration.LanguageLevel level = configuration.getLanguageLevel();
        if (level == null) {
            return false;
        }
        Plan plan = plan(level);
        if (plan == null) {
            return false;
        }
        List<Supplier<Processor>> processors = configuration.getProcessors();
        for (int i = 0; i < processors.size(); i++) {
            if (processors.get(i).get().getClass().getName().equals(STOCK_PROCESSOR)) {
                processors.set(i, () -> new OneWalkValidation(plan));
                return true;
            }
        }
        return false;
    }

    private static final java.util.Map<ParserConfiguration.LanguageLevel, Plan> PLANS =
            new java.util.concurrent.ConcurrentHashMap<>();

    /** The flattened checks of {@code level}, or null when its validator cannot be read. */
    private static Plan plan(ParserConfiguration.LanguageLevel level) {
        Plan p = PLANS.get(level);
        if (p != null) {
            return p;
        }
        try {
            Validator validator = (Validator) field(ParserConfiguration.LanguageLevel.class, "validator").get(level);
            PostProcessors post = (PostProcessors) field(ParserConfiguration.LanguageLevel.class, "postProcessor")
                    .get(level);
            List<Check> checks = new ArrayList<>();
            if (validator != null) {
                flatten(validator, checks);
            }
            p = new Plan(post, validator, checks.toArray(new Check[0]));
        } catch (ReflectiveOperationException | RuntimeException e) {
            return null;
        }
        PLANS.putIfAbsent(level, p);
        return PLANS.get(level);
    }

    @SuppressWarnings("unchecked")
    private static void flatten(Validator v, List<Check> out) throws ReflectiveOperationException {
        Class<?> c = v.getClass();
        if (c == Validators.class || isLanguageLevelValidators(c)) {
            for (Validator inner : ((Validators) v).getValidators()) {
                flatten(inner, out);
            }
        } else if (c == SingleNodeTypeValidator.class || c == SimpleValidator.class) {
            Class<? extends Node> type = (Class<? extends Node>) field(SingleNodeTypeValidator.class, "type").get(v);
            TypedValidator<Node> tv = (TypedValidator<Node>) field(SingleNodeTypeValidator.class, "validator").get(v);
            out.add(new Typed(type, tv));
        } else if (c == TreeVisitorValidator.class) {
            out.add(new Tree((Validator) field(TreeVisitorValidator.class, "validator").get(v)));
        } else {
            out.add(new Whole(v));
        }
    }

    /**
     * The language levels' validators (Java1_0Validator ... Java25Validator and their preview variants) and the
     * chunks they share (CommonValidators) are {@link Validators} that only add checks in their constructors; any other
     * subclass might change {@code accept} and is kept whole.
     */
    private static boolean isLanguageLevelValidators(Class<?> c) {
        for (Class<?> k = c; k != null && k != Validators.class; k = k.getSuperclass()) {
            if (!k.getPackageName().startsWith(LEVELS)) {
                return false;
            }
            try {
                k.getDeclaredMethod("accept", Node.class, ProblemReporter.class);
                return false;
            } catch (NoSuchMethodException e) {
                // does not override accept: fine
            }
        }
        return c != null && Validators.class.isAssignableFrom(c);
    }

    private static Field field(Class<?> owner, String name) throws NoSuchFieldException {
        Field f = owner.getDeclaredField(name);
        f.setAccessible(true);
        return f;
    }

    @Override
    public void postProcess(ParseResult<? extends Node> result, ParserConfiguration configuration) {
        if (plan.post != null) {
            plan.post.postProcess(result, configuration);
        }
        if (plan.validator == null) {
            return;
        }
        Node root = result.getResult().get();
        List<Problem> problems;
        try {
            problems = validate(root);
        } catch (RuntimeException e) { // a check failed: let the stock validator fail the same way
            plan.validator.accept(root, new ProblemReporter(p -> result.getProblems().add(p)));
            return;
        }
        result.getProblems().addAll(problems);
    }

    /**
     * Applies the checks to {@code n} and then to its descendants, children in {@code getChildNodes()} order: the
     * pre-order of {@code Node.walk(PREORDER)} and {@code findAll} (which pop a node, push its children in reverse, and
     * so visit them in order) and of {@code TreeVisitorValidator}'s recursion, without their stack.
     */
    private void visit(Node n, Check[] checks, ProblemReporter[] reporters) {
        for (int i : plan.applying(n.getClass())) {
            if (checks[i] instanceof Typed t) {
                t.validator().accept(n, reporters[i]);
            } else {
                ((Tree) checks[i]).validator().accept(n, reporters[i]);
            }
        }
        for (Node child : n.getChildNodes()) {
            visit(child, checks, reporters);
        }
    }

    /** The problems of every check, in the checks' order. */
    @SuppressWarnings("unchecked")
    private List<Problem> validate(Node root) {
        Check[] checks = plan.checks;
        List<Problem>[] found = new List[checks.length];
        ProblemReporter[] reporters = new ProblemReporter[checks.length];
        for (int i = 0; i < checks.length; i++) {
            List<Problem> mine = new ArrayList<>(0);
            found[i] = mine;
            reporters[i] = new ProblemReporter(mine::add);
            if (checks[i] instanceof Whole w) {
                w.validator().accept(root, reporters[i]);
            } else if (checks[i] instanceof Typed t && t.type().isInstance(root)) {
                t.validator().accept(root, reporters[i]);
            }
        }
        visit(root, checks, reporters);
        List<Problem> all = new ArrayList<>(0);
        for (List<Problem> f : found) {
            all.addAll(f);
        }
        return all;
    }
}
