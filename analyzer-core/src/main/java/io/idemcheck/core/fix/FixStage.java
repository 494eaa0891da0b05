package io.idemcheck.core.fix;

import io.idemcheck.core.finding.FixRecipe;
import com.github.javaparser.JavaParser;
import com.github.javaparser.ParserConfiguration;
import io.idemcheck.core.finding.Finding;
import io.idemcheck.core.finding.Fix;
import io.idemcheck.core.parse.JavaSourceParser;
import io.idemcheck.core.source.SourceText;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Function;

/**
 * The engine's fix stage: after the rules ran, turns the {@link FixRecipe}s attached to findings into
 * {@link Fix.Edit}s.
 *
 * <ol>
 *   <li>recipes are grouped by the file they rewrite; only those files are read, and a Spoon model is built only for
 *       the Java files among them ({@link SpoonRewriter}), one model per file, all its recipes applied to it;</li>
 *   <li>other files get their {@link TextRecipe}s applied to the text, later targets first; new files are created
 *       by {@code file.create};</li>
 *   <li>each rewritten Java file is parsed again with JavaParser; if it does not parse, its recipes count as
 *       failed;</li>
 *   <li>a finding is all or nothing: if one of its recipes failed, none of its edits are kept (its template stays)
 *       and the files it touched are rewritten again without it;</li>
 *   <li>the difference between the old and the new text is cut into minimal line hunks; each hunk becomes an edit of
 *       the finding whose recipe target it touches (hunks touching none, such as an added import, go to the nearest
 *       one).</li>
 * </ol>
 * Every finding leaves with an empty recipe list.
 */
public final class FixStage {

    private final RecipeRegistry registry;

    public FixStage(RecipeRegistry registry) {
        this.registry = registry;
    }

    public FixStage() {
        this(RecipeRegistry.load());
    }

    private record Item(int finding, FixRecipe recipe) {
    }

    /** The findings, in the same order, with recipes materialised into edits; files are read with {@link #read}. */
    public List<Finding> apply(Path root, List<Finding> findings) {
        return apply(root, findings, FixStage::readOrNull);
    }

    /**
     * The findings, in the same order, with recipes materialised into edits.
     *
     * @param read a file's text as {@link #read} gives it (byte order mark kept), or null when it does not exist or
     *             cannot be read; the engine passes its scan's shared texts
     */
    public List<Finding> apply(Path root, List<Finding> findings, Function<Path, String> read) {
        List<Item> items = new ArrayList<>();
        for (int i = 0; i < findings.size(); i++) {
            Fix fx = findings.get(i).fix();
            if (fx != null) {
                for (FixRecipe r : fx.recipes()) {
                    items.add(new Item(i, r));
                }
            }
        }
        if (items.isEmpty()) {
            return findings;
        }
        Map<String, String> originals = new HashMap<>();
        Set<Integer> failed = new HashSet<>();
        Map<Integer, List<Fix.Edit>> edits = new HashMap<>();
        for (int pass = 0; pass < 4; pass++) {
            edits.clear();
            int before = failed.size();
            Map<String, List<Item>> byPath = new LinkedHashMap<>();
            for (Item it : items) {
                if (!failed.contains(it.finding())) {
                    byPath.computeIfAbsent(it.recipe().path(), p -> new ArrayList<>()).add(it);
                }
            }
            for (Map.Entry<String, List<Item>> e : byPath.entrySet()) {
                String path = e.getKey();
                List<Item> its = e.getValue();
                String original = originals.computeIfAbsent(path, p -> read.apply(root.resolve(p)));
                rewrite(path, original, its, failed, edits);
            }
            if (failed.size() == before) {
                break;
            }
        }
        List<Finding> out = new ArrayList<>(findings.size());
        for (int i = 0; i < findings.size(); i++) {
            Finding f = findings.get(i);
            Fix fx = f.fix();
            if (fx == null || fx.recipes().isEmpty()) {
                out.add(f);
                continue;
            }
            List<Fix.Edit> all = new ArrayList<>(fx.edits());
            if (!failed.contains(i)) {
                all.addAll(edits.getOrDefault(i, List.of()));
            }
            out.add(new Finding(f.ruleId(), f.ruleName(), f.severity(), f.message(), f.primary(), f.related(),
                    f.flow(), f.enclosing(), f.fingerprint(), fx.withEdits(all), f.snippet()));
        }
        return out;
    }

    private void rewrite(String path, String original, List<Item> its, Set<Integer> failed,
                         Map<Integer, List<Fix.Edit>> edits) {
        boolean creates = its.stream().allMatch(it -> registry.text(it.recipe().kind()) != null
                && registry.text(it.recipe().kind()).createsFile());
        if (creates) {
            Item first = its.get(0);
            String content = original != null ? null : registry.text(first.recipe().kind()).apply(null, first.recipe());
            if (content == null) {
                its.forEach(it -> failed.add(it.finding()));
                return;
            }
            edits.computeIfAbsent(first.finding(), k -> new ArrayList<>()).add(Fix.Edit.newFile(path, content));
            for (int k = 1; k < its.size(); k++) {
                failed.add(its.get(k).finding()); // two findings creating one file: keep the first
            }
            return;
        }
        if (original == null) {
            its.forEach(it -> failed.add(it.finding()));
            return;
        }
        String text;
        List<Boolean> applied = new ArrayList<>();
        if (path.endsWith(".java")) {
            List<FixRecipe> rs = its.stream().map(Item::recipe).toList();
            SpoonRewriter.Result r = SpoonRewriter.rewrite(path, original, rs, registry);
            text = r.text();
            applied.addAll(r.applied());
            if (!text.equals(original) && !parses(text)) {
                its.forEach(it -> failed.add(it.finding()));
                return;
            }
        } else {
            // later targets first, so earlier regions keep their line/column
            List<Integer> order = new ArrayList<>();
            for (int k = 0; k < its.size(); k++) {
                order.add(k);
                applied.add(false);
            }
            order.sort((a, b) -> {
                FixRecipe x = its.get(a).recipe();
                FixRecipe y = its.get(b).recipe();
                return x.line() != y.line() ? Integer.compare(y.line(), x.line()) : Integer.compare(y.column(), x.column());
            });
            text = original;
            for (int k : order) {
                TextRecipe tr = registry.text(its.get(k).recipe().kind());
                String next = tr == null || tr.createsFile() ? null : safeApply(tr, text, its.get(k).recipe());
                if (next != null) {
                    text = next;
                    applied.set(k, true);
                }
            }
        }
        for (int k = 0; k < its.size(); k++) {
            if (!applied.get(k)) {
                failed.add(its.get(k).finding());
            }
        }
        for (LineDiff.Hunk h : LineDiff.hunks(original, text)) {
            Item owner = null;
            int best = Integer.MAX_VALUE;
            for (int k = 0; k < its.size(); k++) {
                if (!applied.get(k)) {
                    continue;
                }
                FixRecipe r = its.get(k).recipe();
                int from = r.line();
                int to = Math.max(r.line(), r.endLine());
                int dist = h.touchTo() < from ? from - h.touchTo() : h.touchFrom() > to ? h.touchFrom() - to : 0;
                if (dist < best) {
                    best = dist;
                    owner = its.get(k);
                }
            }
            if (owner != null) {
                edits.computeIfAbsent(owner.finding(), x -> new ArrayList<>()).add(LineDiff.toEdit(path, original, h));
            }
        }
    }

    private static String safeApply(TextRecipe tr, String text, FixRecipe r) {
        try {
            return tr.apply(text, r);
        } catch (RuntimeException e) {
            return null;
        }
    }

    /** True when JavaParser (the scanner's parser and language level) parses {@code source}. */
    public static boolean parses(String source) {
        ParserConfiguration cfg = new ParserConfiguration().setLanguageLevel(JavaSourceParser.LANGUAGE_LEVEL);
        try {
            return new JavaParser(cfg).parse(source).isSuccessful();
        } catch (RuntimeException e) {
            return false;
        }
    }

    private static String readOrNull(Path file) {
        try {
            return read(file);
        } catch (RuntimeException e) {
            return null;
        }
    }

    /**
     * The file's text as {@link SourceText#raw()} gives it (UTF-8, else ISO-8859-1; a byte order mark kept, so that
     * the file is written back as it was), or null when it does not exist or cannot be read.
     */
    public static String read(Path file) {
        if (!Files.isRegularFile(file)) {
            return null;
        }
        try {
            return SourceText.read(file).raw();
        } catch (IOException e) {
            return null;
        }
    }
}
