package io.idemcheck.core.fix;

import io.idemcheck.core.finding.Finding;
import io.idemcheck.core.finding.Fix;
import io.idemcheck.core.fix.recipes.TextPos;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * Applies {@link Fix.Edit}s to texts: all edits of a file at once, relative to the file's original text, later
 * regions first; an edit that overlaps one already taken is skipped (and counted), as clang-apply-replacements does.
 */
public final class FixApplier {

    /** The new text of every touched file (by path relative to the root) and how many edits were skipped. */
    public record Plan(Map<String, String> before, Map<String, String> after, int skipped) {
    }

    private FixApplier() {
    }

    /** Applies {@code edits} to {@code text}; overlapping edits after the first are skipped. */
    public static String apply(String text, List<Fix.Edit> edits, int[] skipped) {
        List<int[]> spans = new ArrayList<>();
        List<Fix.Edit> ordered = new ArrayList<>(edits);
        List<int[]> offs = new ArrayList<>();
        for (Fix.Edit e : ordered) {
            int s = TextPos.offset(text, e.region().startLine(), e.region().startColumn());
            int en = TextPos.offset(text, e.region().endLine(), Math.max(1, e.region().endColumn()));
            offs.add(new int[]{s, en});
        }
        List<Integer> idx = new ArrayList<>();
        for (int i = 0; i < ordered.size(); i++) {
            idx.add(i);
        }
        idx.sort(Comparator.comparingInt((Integer i) -> offs.get(i)[0]).thenComparingInt(i -> offs.get(i)[1]));
        List<Integer> taken = new ArrayList<>();
        int lastEnd = -1;
        int lastStart = -1;
        for (int i : idx) {
            int[] o = offs.get(i);
            if (o[0] < 0 || o[1] < o[0] || o[0] < lastEnd || o[0] == lastStart && o[1] == o[0] && lastEnd == o[0]) {
                if (skipped != null) {
                    skipped[0]++;
                }
                continue;
            }
            taken.add(i);
            lastEnd = o[1];
            lastStart = o[0];
            spans.add(o);
        }
        StringBuilder sb = new StringBuilder(text);
        for (int k = taken.size() - 1; k >= 0; k--) {
            int i = taken.get(k);
            int[] o = offs.get(i);
            String rep = ordered.get(i).replacement();
            sb.replace(o[0], o[1], rep == null ? "" : rep);
        }
        return sb.toString();
    }

    /** The plan for all mechanical edits of {@code findings} under {@code root}. */
    public static Plan plan(Path root, List<Finding> findings) throws IOException {
        Map<String, List<Fix.Edit>> byPath = new LinkedHashMap<>();
        for (Finding f : findings) {
            if (f.fix() != null) {
                for (Fix.Edit e : f.fix().edits()) {
                    byPath.computeIfAbsent(e.region().path(), p -> new ArrayList<>()).add(e);
                }
            }
        }
        Map<String, String> before = new TreeMap<>();
        Map<String, String> after = new TreeMap<>();
        int[] skipped = {0};
        for (Map.Entry<String, List<Fix.Edit>> en : byPath.entrySet()) {
            Path file = root.resolve(en.getKey());
            boolean creates = en.getValue().stream().allMatch(Fix.Edit::newFile);
            if (creates) {
                if (Files.exists(file)) {
                    skipped[0] += en.getValue().size();
                    continue;
                }
                before.put(en.getKey(), null);
                after.put(en.getKey(), en.getValue().get(0).replacement());
                skipped[0] += en.getValue().size() - 1;
                continue;
            }
            String text = FixStage.read(file);
            if (text == null) {
                skipped[0] += en.getValue().size();
                continue;
            }
            before.put(en.getKey(), text);
            after.put(en.getKey(), apply(text, en.getValue(), skipped));
        }
        return new Plan(before, after, skipped[0]);
    }

    /** The unified diff of a plan, files in path order. */
    public static String diff(Plan plan) {
        StringBuilder sb = new StringBuilder();
        for (Map.Entry<String, String> e : plan.after().entrySet()) {
            sb.append(LineDiff.unified(e.getKey(), plan.before().get(e.getKey()), e.getValue(), 3));
        }
        return sb.toString();
    }

    /** Writes a plan's files (creating parent directories of new files). */
    public static void write(Path root, Plan plan) throws IOException {
        for (Map.Entry<String, String> e : plan.after().entrySet()) {
            Path file = root.resolve(e.getKey());
            if (file.getParent() != null) {
                Files.createDirectories(file.getParent());
            }
            Files.writeString(file, e.getValue(), StandardCharsets.UTF_8);
        }
    }

    /** The unified diff of one fix's edits alone ("" when it has none or the files cannot be read). */
    public static String diffOf(Path root, Fix fix) {
        if (fix == null || fix.edits().isEmpty() || root == null) {
            return "";
        }
        try {
            Plan p = plan(root, List.of(new Finding("", "", io.idemcheck.core.finding.Severity.NOTE, "",
                    fix.edits().get(0).region(), List.of(), List.of(), "", "", fix, null)));
            return diff(p);
        } catch (IOException | RuntimeException e) {
            return "";
        }
    }
}
