package io.idemcheck.core.fix;

import io.idemcheck.core.finding.FixRecipe;
import io.idemcheck.core.finding.Finding;
import io.idemcheck.core.finding.Fix;
import io.idemcheck.core.finding.Location;
import io.idemcheck.core.finding.ScanResult;
import io.idemcheck.core.finding.ScanStats;
import io.idemcheck.core.finding.Severity;
import io.idemcheck.core.report.SarifReportWriter;
import io.idemcheck.core.report.SarifSchemaValidator;
import io.idemcheck.core.report.TextReportWriter;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

/** Error Prone style refactoring tests of the built-in recipes, through the fix stage and the applier. */
class FixStageTest {

    @TempDir
    Path root;

    private static String lines(String... ls) {
        return String.join("\n", ls) + "\n";
    }

    /** Compares leniently about trailing whitespace, like Error Prone's BugCheckerRefactoringTestHelper. */
    private static void assertSameCode(String actual, String expected) {
        assertThat(actual.lines().map(String::stripTrailing).toList())
                .containsExactlyElementsOf(expected.lines().map(String::stripTrailing).toList());
    }

    private Finding finding(String path, int line, FixRecipe... recipes) {
        Fix fix = Fix.of("do it", "template");
        for (FixRecipe r : recipes) {
            fix = fix.withRecipe(r);
        }
        return new Finding("IDEM005", "IgnoredClaimResult", Severity.ERROR, "msg", new Location(path, line, 1, line, 2,
                null), List.of(), List.of(), "", "fp" + line, fix, null);
    }

    private String applyAll(List<Finding> out) throws Exception {
        FixApplier.Plan plan = FixApplier.plan(root, out);
        FixApplier.write(root, plan);
        return FixApplier.diff(plan);
    }

    private static final String JOB = lines(
            "package com.acme;",
            "",
            "import java.util.List;",
            "",
            "/** A job. */",
            "class Job {",
            "    Mapper mapper;",
            "",
            "    void run(List<Long> ids) {",
            "        for (Long id : ids) {",
            "            // claim first",
            "            mapper.markRunning(id);   // trailing comment kept",
            "            pay(id);",
            "        }",
            "        ids.forEach(id -> {",
            "            mapper.markRunning(id);",
            "            pay(id);",
            "        });",
            "    }",
            "",
            "    int single(long id) {",
            "        int n = mapper.markRunning(id);",
            "        pay(id);",
            "        return 0;",
            "    }",
            "",
            "    void pay(Long id) {",
            "    }",
            "}");

    @Test
    void checkRowCountInLoopLambdaAndValueReturningMethod() throws Exception {
        Files.writeString(root.resolve("Job.java"), JOB);
        Finding loop = finding("Job.java", 12, new FixRecipe(CheckRowCountKind.KIND, "Job.java", 12, 13, 12, 35,
                Map.of("method", "markRunning", "comment", "another run owns this row")));
        Finding lambda = finding("Job.java", 16, new FixRecipe(CheckRowCountKind.KIND, "Job.java", 16, 13, 16, 35,
                Map.of("method", "markRunning")));
        Finding valueMethod = finding("Job.java", 22, new FixRecipe(CheckRowCountKind.KIND, "Job.java", 22, 17, 22,
                40, Map.of("method", "markRunning")));
        List<Finding> out = new FixStage(RecipeRegistry.builtIn()).apply(root, List.of(loop, lambda, valueMethod));
        assertThat(out.get(0).fix().edits()).isNotEmpty();
        assertThat(out.get(1).fix().edits()).isNotEmpty();
        assertThat(out.get(2).fix().edits()).as("a method returning a value: no safe exit, template only").isEmpty();
        assertThat(out.get(2).fix().template()).isEqualTo("template");
        assertThat(out).allMatch(f -> f.fix().recipes().isEmpty());
        String diff = applyAll(out);
        assertThat(diff).contains("--- a/Job.java", "+++ b/Job.java", "-            mapper.markRunning(id);");
        String fixed = Files.readString(root.resolve("Job.java"));
        assertSameCode(fixed, JOB
                .replace("            mapper.markRunning(id);   // trailing comment kept\n",
                        "            // trailing comment kept\n"
                                + "            if (mapper.markRunning(id) != 1) {\n"
                                + "                // another run owns this row\n"
                                + "                continue;\n"
                                + "            }\n")
                .replace("        ids.forEach(id -> {\n            mapper.markRunning(id);\n",
                        "        ids.forEach(id -> {\n            if (mapper.markRunning(id) != 1) {\n"
                                + "                return;\n            }\n"));
        assertThat(FixStage.parses(fixed)).isTrue();
    }

    @Test
    void checkRowCountOnAnUncheckedLocalAndBooleanClaims() throws Exception {
        String src = lines(
                "class J {",
                "    void a(Lock lock, M m) {",
                "        int n = m.claim(1);",
                "        go();",
                "        lock.tryLock();",
                "        go();",
                "    }",
                "}");
        Files.writeString(root.resolve("J.java"), src);
        List<Finding> out = new FixStage(RecipeRegistry.builtIn()).apply(root, List.of(
                finding("J.java", 3, new FixRecipe(CheckRowCountKind.KIND, "J.java", 3, 17, 3, 27,
                        Map.of("method", "claim"))),
                finding("J.java", 5, new FixRecipe(CheckRowCountKind.KIND, "J.java", 5, 9, 5, 23,
                        Map.of("method", "tryLock", "result", "boolean")))));
        applyAll(out);
        assertSameCode(Files.readString(root.resolve("J.java")), lines(
                "class J {",
                "    void a(Lock lock, M m) {",
                "        int n = m.claim(1);",
                "        if (n != 1) {",
                "            return;",
                "        }",
                "        go();",
                "        if (!lock.tryLock()) {",
                "            return;",
                "        }",
                "        go();",
                "    }",
                "}"));
    }

    @Test
    void sqlPredicateInAnnotationStringAndCrashPointWithImport() throws Exception {
        String src = lines(
                "package com.acme;",
                "",
                "import java.util.List;",
                "",
                "interface TaskMapper {",
                "    @Update(\"UPDATE task SET status = 'DONE' WHERE id = #{id}\")",
                "    int done(long id);",
                "}",
                "",
                "class Runner {",
                "    void run(TaskMapper m, Client c) {",
                "        c.charge(1);",
                "        m.done(1);",
                "    }",
                "}");
        Files.writeString(root.resolve("Runner.java"), src);
        List<Finding> out = new FixStage(RecipeRegistry.builtIn()).apply(root, List.of(
                finding("Runner.java", 6, new FixRecipe(JavaSqlPredicateKind.KIND, "Runner.java", 6, 5, 6, 65,
                        Map.of("column", "status", "value", "'RUNNING'"))),
                finding("Runner.java", 13, new FixRecipe(InsertCrashPointKind.KIND, "Runner.java", 13, 9, 13, 18,
                        Map.of("method", "done", "point", "after-effect-before-record")))));
        applyAll(out);
        String fixed = Files.readString(root.resolve("Runner.java"));
        assertSameCode(fixed, lines(
                "package com.acme;",
                "",
                "import io.idemcheck.runtime.CrashPoints;",
                "import java.util.List;",
                "",
                "interface TaskMapper {",
                "    @Update(\"UPDATE task SET status = 'DONE' WHERE id = #{id} AND status = 'RUNNING'\")",
                "    int done(long id);",
                "}",
                "",
                "class Runner {",
                "    void run(TaskMapper m, Client c) {",
                "        c.charge(1);",
                "        CrashPoints.hit(\"after-effect-before-record\");",
                "        m.done(1);",
                "    }",
                "}"));
    }

    @Test
    void xmlPredicateKeepsLayoutAndRefusesDynamicSql() throws Exception {
        String xml = lines(
                "<mapper namespace=\"M\">",
                "  <update id=\"done\">",
                "    UPDATE task",
                "       SET status = 'DONE'",
                "     WHERE id = #{id}",
                "  </update>",
                "  <update id=\"dyn\">UPDATE task <set>status = #{s}</set> WHERE id = #{id}</update>",
                "</mapper>");
        Files.writeString(root.resolve("M.xml"), xml);
        Map<String, String> p = Map.of("column", "status", "value", "'RUNNING'");
        List<Finding> out = new FixStage(RecipeRegistry.builtIn()).apply(root, List.of(
                finding("M.xml", 2, new FixRecipe(XmlSqlPredicateKind.KIND, "M.xml", 2, 3, 6, 12, p)),
                finding("M.xml", 7, new FixRecipe(XmlSqlPredicateKind.KIND, "M.xml", 7, 3, 7, 80, p))));
        assertThat(out.get(1).fix().edits()).isEmpty();
        applyAll(out);
        assertSameCode(Files.readString(root.resolve("M.xml")), xml.replace("WHERE id = #{id}\n",
                "WHERE id = #{id} AND status = 'RUNNING'\n"));
    }

    @Test
    void allOrNothingPerFindingAndUnparseableResultsAreDropped() throws Exception {
        Files.writeString(root.resolve("J.java"), lines("class J {", "    void a(M m) {", "        m.claim(1);",
                "    }", "}"));
        Files.writeString(root.resolve("M.xml"), lines("<mapper>", "  <update id=\"x\">UPDATE t SET status = 'A' "
                + "WHERE id = 1 OR id = 2</update>", "</mapper>"));
        // the XML recipe refuses (OR): the Java half of the same finding is dropped too
        List<Finding> out = new FixStage(RecipeRegistry.builtIn()).apply(root, List.of(finding("M.xml", 2,
                new FixRecipe(XmlSqlPredicateKind.KIND, "M.xml", 2, 3, 2, 60, Map.of("column", "status", "value",
                        "'A'")),
                new FixRecipe(CheckRowCountKind.KIND, "J.java", 3, 9, 3, 19, Map.of("method", "claim")))));
        assertThat(out.get(0).fix().edits()).isEmpty();
        assertThat(out.get(0).fix().template()).isEqualTo("template");
        // a recipe that produces code that does not parse is dropped by the re-parse
        RecipeRegistry broken = RecipeRegistry.builtIn().register(new JavaRecipe() {
            @Override
            public String kind() {
                return "test.broken";
            }

            @Override
            public boolean apply(Context ctx, FixRecipe r) {
                var inv = io.idemcheck.core.fix.recipes.SpoonFind.invocation(ctx.unit(), r, "claim");
                inv.insertBefore(ctx.factory().Code().createCodeSnippetStatement("int = = 3"));
                return true;
            }
        });
        List<Finding> out2 = new FixStage(broken).apply(root, List.of(finding("J.java", 3,
                new FixRecipe("test.broken", "J.java", 3, 9, 3, 19, Map.of()))));
        assertThat(out2.get(0).fix().edits()).isEmpty();
    }

    @Test
    void newFileEditIsValidSarifAndShowsAsDiff() throws Exception {
        Finding f = finding("db/V1__init.sql", 1, new FixRecipe(CreateFileKind.KIND, "db/V2__add_unique.sql", 1, 1,
                1, 1, Map.of("content", "ALTER TABLE t ADD CONSTRAINT uk_t_a UNIQUE (a);\n")));
        List<Finding> out = new FixStage(RecipeRegistry.builtIn()).apply(root, List.of(f));
        Fix.Edit e = out.get(0).fix().edits().get(0);
        assertThat(e.newFile()).isTrue();
        assertThat(e.region()).isEqualTo(new Location("db/V2__add_unique.sql", 1, 1, 1, 1, null));
        ScanResult r = new ScanResult(root, List.of(), out, List.of(), new ScanStats(0, 0, 0, 0, 0, 1));
        StringWriter sarif = new StringWriter();
        new SarifReportWriter(null).write(r, sarif);
        assertThat(SarifSchemaValidator.validate(sarif.toString())).isEmpty();
        assertThat(sarif.toString()).contains("artifactChanges", "V2__add_unique.sql", "UNIQUE (a)");
        StringWriter text = new StringWriter();
        new TextReportWriter().write(r, text);
        assertThat(text.toString()).contains("--- /dev/null", "+++ b/db/V2__add_unique.sql",
                "+ALTER TABLE t ADD CONSTRAINT uk_t_a UNIQUE (a);");
        applyAll(out);
        assertThat(Files.readString(root.resolve("db/V2__add_unique.sql"))).startsWith("ALTER TABLE");
    }

    @Test
    void lineDiffHunksAndOverlappingEdits() {
        String a = lines("a", "b", "c", "d");
        String b = lines("a", "B", "c", "x", "d");
        List<LineDiff.Hunk> hs = LineDiff.hunks(a, b);
        assertThat(hs).hasSize(2);
        String rebuilt = FixApplier.apply(a, hs.stream().map(h -> LineDiff.toEdit("f", a, h)).toList(), null);
        assertThat(rebuilt).isEqualTo(b);
        int[] skipped = {0};
        String once = FixApplier.apply(a, List.of(new Fix.Edit(new Location("f", 2, 1, 2, 2, null), "X"),
                new Fix.Edit(new Location("f", 2, 1, 3, 2, null), "Y")), skipped);
        assertThat(once).isEqualTo(lines("a", "X", "c", "d"));
        assertThat(skipped[0]).isEqualTo(1);
        assertThat(LineDiff.unified("f", a, b, 3)).startsWith("--- a/f\n+++ b/f\n@@ -1,4 +1,5 @@\n");
    }

    /** Kind constants, spelled through the recipe classes. */
    private static final class CheckRowCountKind {
        static final String KIND = io.idemcheck.core.fix.recipes.CheckRowCount.KIND;
    }

    private static final class JavaSqlPredicateKind {
        static final String KIND = io.idemcheck.core.fix.recipes.JavaSqlPredicate.KIND;
    }

    private static final class XmlSqlPredicateKind {
        static final String KIND = io.idemcheck.core.fix.recipes.XmlSqlPredicate.KIND;
    }

    private static final class InsertCrashPointKind {
        static final String KIND = io.idemcheck.core.fix.recipes.InsertCrashPoint.KIND;
    }

    private static final class CreateFileKind {
        static final String KIND = io.idemcheck.core.fix.recipes.CreateFile.KIND;
    }
}
