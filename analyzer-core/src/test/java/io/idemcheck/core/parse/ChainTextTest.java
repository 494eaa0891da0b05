package io.idemcheck.core.parse;

import com.github.javaparser.JavaParser;
import com.github.javaparser.ast.CompilationUnit;
import com.github.javaparser.ast.expr.MethodCallExpr;
import io.idemcheck.core.facts.CallSite;
import io.idemcheck.core.facts.FileFacts;
import io.idemcheck.core.facts.MethodFacts;
import io.idemcheck.core.facts.Range;
import io.idemcheck.core.facts.Receiver;
import org.junit.jupiter.api.Test;

import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The texts a body walk reuses instead of rebuilding them from tokens: a call on another call's result ({@code
 * a.b().c()}) is the receiver call's text and the tokens after it, a call receiver's text and a call argument's text
 * are the inner call's. Each must be the node's own text as written ({@link FactExtractor#text}), comments, line
 * breaks and the 300-character cut included.
 */
class ChainTextTest {

    private static final String SOURCE = """
            class A {
                void run(Repo repo, Builder b, long id) {
                    repo.find(id).orElseThrow().markDone( /* why */ id);
                    b.name("x")
                        // a comment inside the chain
                        .size(3)
                        .tags(List.of("a", "b"), helper(helper(id)))
                        .build();
                    this.log.info("done {}", repo.count());
                    %s;
                    %s;
                }
            }
            """.formatted(longChain(40), "b.first(" + "x".repeat(290) + ").second().third(1)");

    private static String longChain(int links) {
        StringBuilder sb = new StringBuilder("Builder.start()");
        for (int i = 0; i < links; i++) {
            sb.append("\n        .step").append(i).append("(i, ").append(i).append(")");
        }
        return sb.append(".end()").toString();
    }

    @Test
    void everyCallArgumentAndReceiverTextIsTheNodesOwnText() {
        CompilationUnit cu = new JavaParser(JavaSourceParser.configuration()).parse(SOURCE).getResult().orElseThrow();
        Map<Range, String> expected = new HashMap<>();
        for (MethodCallExpr mc : cu.findAll(MethodCallExpr.class)) {
            expected.put(FactExtractor.range(mc), FactExtractor.text(mc));
        }
        FileFacts facts = FactExtractor.extract(cu, Path.of("/p/A.java"), "A.java", false);
        MethodFacts run = facts.types().get(0).methods().get(0);
        List<CallSite> calls = run.body().calls();
        assertThat(calls).hasSize(expected.size());
        int chained = 0;
        int cut = 0;
        for (CallSite c : calls) {
            assertThat(c.text()).as(c.name()).isEqualTo(expected.get(c.range()));
            if (c.receiver().kind() == Receiver.Kind.CALL) {
                chained++;
                assertThat(c.receiver().text()).isEqualTo(calls.get(c.receiver().callId()).text());
                assertThat(c.text()).startsWith(c.receiver().text());
            }
            if (c.text().length() == FactExtractor.MAX_TEXT) {
                cut++;
            }
            c.args().stream().filter(a -> a.callIds().size() == 1 && a.text().indexOf('(') > 0).forEach(a ->
                    assertThat(a.text()).isEqualTo(calls.get(a.callIds().iterator().next()).text()));
        }
        assertThat(chained).isGreaterThan(40);
        assertThat(cut).isGreaterThan(3); // the long chain's and the long argument's links are cut at 300
        assertThat(calls).anySatisfy(c -> assertThat(c.text()).contains("// a comment inside the chain"));
    }

    @Test
    void guardInitializerAndIterableTextsThatAreCallsAreTheNodesOwnText() {
        String source = """
                class B {
                    void run(Repo repo, long id) {
                        var found = repo.find(id)
                            .orElse(null);
                        Object other;
                        other = repo.other( id );
                        if (repo.exists(id /* here */)) {
                            return;
                        }
                        while (repo.more()) {
                            repo.next();
                        }
                        for (var x : repo.all(id)) {
                            x.go();
                        }
                    }
                }
                """;
        CompilationUnit cu = new JavaParser(JavaSourceParser.configuration()).parse(source).getResult().orElseThrow();
        MethodFacts run = FactExtractor.extract(cu, Path.of("/p/B.java"), "B.java", false).types().get(0).methods()
                .get(0);
        assertThat(run.body().locals().get("found").initText()).isEqualTo("repo.find(id)\n            .orElse(null)");
        assertThat(run.body().locals().get("other").initText()).isEqualTo("repo.other( id )");
        assertThat(run.body().guards()).extracting(g -> g.text())
                .containsExactly("repo.exists(id /* here */)", "repo.more()");
        assertThat(run.body().loops()).extracting(l -> l.iterable()).contains("repo.all(id)");
    }
}
