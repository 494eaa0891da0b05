package io.idemcheck.core.parse;

import com.github.javaparser.JavaParser;
import com.github.javaparser.ParseResult;
import com.github.javaparser.ParserConfiguration;
import com.github.javaparser.ast.CompilationUnit;
import com.github.javaparser.ast.body.VariableDeclarator;
import com.github.javaparser.ast.type.VarType;
import org.junit.jupiter.api.Test;

import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertTrue;

class OneWalkValidationTest {

    /** Sources that parse but break a language-level check, and valid ones; each checked against the stock checks. */
    private static final List<String> SOURCES = List.of(
            "class A { void f() { try { g(); } } }",
            "abstract final class A { static static int x; }",
            "class A { var x = 1; void f() { var a = 1, b = 2; var c; } }",
            "record R(int a) { int b; }",
            "class A { void f() { int x = 1; x.y(); } interface I { private default void g() {} } }",
            "enum E { A; public E() {} }",
            "class A { int f(int x) { return switch (x) { case 1 -> { yield 2; } default -> 3; }; } }",
            "class A { transient void f() {} volatile class B {} synchronized int x; }",
            "interface I { protected void f(); final void g(); }",
            "package p; import static java.util.List.*; @interface N { int v() default 1; }"
                    + " class A<T extends Number & Comparable<T>> { <U> void f(U... us) { Object o = (Runnable & java.io.Serializable) () -> {}; } }",
            "class A { void f() { var v = new Object() { int k; }; for (var i : java.util.List.of(1)) { } } }");

    @Test
    void theEnginesConfigurationRunsTheOneWalkChecks() {
        assertTrue(OneWalkValidation.install(JavaSourceParser.stockConfiguration()));
        assertFalse(OneWalkValidation.install(new ParserConfiguration().setLanguageLevel(null)));
    }

    @Test
    void reportsTheStockProblemsInTheStockOrder() {
        int withProblems = 0;
        for (String source : SOURCES) {
            List<String> stock = problems(JavaSourceParser.stockConfiguration(), source);
            List<String> oneWalk = problems(JavaSourceParser.configuration(), source);
            assertEquals(stock, oneWalk, source);
            if (!stock.isEmpty()) {
                withProblems++;
            }
        }
        assertEquals(6, withProblems);
    }

    @Test
    void aTryWithoutCatchOrFinallyIsReportedOnceAtItsPosition() {
        List<String> p = problems(JavaSourceParser.configuration(), "class A { void f() { try { g(); } } }");
        assertEquals(List.of("Try has no finally, no catch, and no resources. at (line 1,col 22)"), p);
    }

    @Test
    void problemsOfSeveralChecksKeepTheStockOrderAndRepeats() {
        assertEquals(List.of("\"var\" is not allowed here. at (line 1,col 11)",
                "\"var\" only takes a single variable. at (line 1,col 33)",
                "\"var\" only takes a single variable. at (line 1,col 33)",
                "\"var\" needs an initializer. at (line 1,col 51)"),
                problems(JavaSourceParser.configuration(),
                        "class A { var x = 1; void f() { var a = 1, b = 2; var c; } }"));
    }

    @Test
    void stillPostProcessesVarIntoVarType() {
        ParseResult<CompilationUnit> r = new JavaParser(JavaSourceParser.configuration())
                .parse("class A { void f() { var v = 1; } }");
        assertTrue(r.isSuccessful());
        VariableDeclarator v = r.getResult().orElseThrow().findFirst(VariableDeclarator.class).orElseThrow();
        assertInstanceOf(VarType.class, v.getType());
    }

    private static List<String> problems(ParserConfiguration configuration, String source) {
        ParseResult<CompilationUnit> r = new JavaParser(configuration).parse(source);
        return r.getProblems().stream().map(p -> p.getMessage() + " at "
                + p.getLocation().map(l -> String.valueOf(l.toRange().map(x -> x.begin).orElse(null))).orElse("?"))
                .toList();
    }
}
