package io.idemcheck.core.parse;

import com.github.javaparser.JavaParser;
import com.github.javaparser.ast.CompilationUnit;
import io.idemcheck.core.facts.FileFacts;
import io.idemcheck.core.facts.LocalVar;
import io.idemcheck.core.facts.MethodFacts;
import io.idemcheck.core.facts.TypeRef;
import org.junit.jupiter.api.Test;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * A {@code var} local's recorded type is the one its initializer makes evident without a compiler ({@code new T(..)},
 * {@code new T<>(..)}, a cast); any other {@code var} local, and a {@code var} lambda parameter, keeps {@code var}.
 */
class VarLocalTypeTest {

    private static final String SOURCE = """
            class A {
                void run(Object o, java.util.List<Task> tasks) {
                    var client = new PaymentClient("k");
                    var qualified = new com.acme.pay.PaymentClient();
                    var queue = new java.util.ArrayDeque<>();
                    var byId = new HashMap<Long, Task>();
                    var task = (Task) o;
                    var count = (int) o.hashCode();
                    var wrapped = ((new PaymentClient()));
                    var fetched = clientFor("k");
                    var created = PaymentClient.create();
                    var ternary = o == null ? new PaymentClient() : null;
                    var anonymous = new Runnable() { public void run() { } };
                    var both = (Runnable & java.io.Serializable) () -> { };
                    PaymentClient typed = new PaymentClient();
                    Object wider = new PaymentClient();
                    for (var t : tasks) { }
                    try (var conn = new Connection()) { }
                    java.util.function.Consumer<Task> c = (var x) -> x.run();
                }
            }
            """;

    private static Map<String, LocalVar> locals() {
        CompilationUnit cu = new JavaParser(JavaSourceParser.configuration()).parse(SOURCE).getResult().orElseThrow();
        FileFacts facts = FactExtractor.extract(cu, Path.of("/p/A.java"), "A.java", false);
        MethodFacts run = facts.types().get(0).methods().get(0);
        return run.body().locals();
    }

    private static TypeRef type(Map<String, LocalVar> locals, String name) {
        assertThat(locals).containsKey(name);
        return locals.get(name).type();
    }

    @Test
    void varWithANewOrACastGetsThatType() {
        Map<String, LocalVar> l = locals();
        assertThat(type(l, "client")).isEqualTo(new TypeRef("PaymentClient", "PaymentClient", List.of()));
        assertThat(type(l, "qualified").name()).isEqualTo("com.acme.pay.PaymentClient");
        assertThat(type(l, "qualified").simpleName()).isEqualTo("PaymentClient");
        // a diamond: the class, its type arguments left to inference; written ones kept as any declared type keeps them
        assertThat(type(l, "queue")).isEqualTo(new TypeRef("java.util.ArrayDeque", "java.util.ArrayDeque", List.of()));
        assertThat(type(l, "byId")).isEqualTo(new TypeRef("HashMap<Long,Task>", "HashMap", List.of("Long", "Task")));
        assertThat(type(l, "task")).isEqualTo(new TypeRef("Task", "Task", List.of()));
        assertThat(type(l, "count").name()).isEqualTo("int");
        assertThat(type(l, "wrapped").name()).isEqualTo("PaymentClient");
        assertThat(type(l, "conn").name()).isEqualTo("Connection");
    }

    @Test
    void varWithAnyOtherInitializerStaysUnresolved() {
        Map<String, LocalVar> l = locals();
        for (String n : List.of("fetched", "created", "ternary", "anonymous", "both", "t")) {
            assertThat(type(l, n).name()).as(n).isEqualTo("var");
        }
        // a lambda parameter declared var stays as written
        assertThat(type(l, "x").name()).isEqualTo("var");
    }

    @Test
    void anExplicitTypeIsKeptEvenWhenTheInitializerIsNarrower() {
        Map<String, LocalVar> l = locals();
        assertThat(type(l, "typed").name()).isEqualTo("PaymentClient");
        assertThat(type(l, "wider").name()).isEqualTo("Object");
        assertThat(l.get("client").initText()).isEqualTo("new PaymentClient(\"k\")");
    }
}
