package io.idemcheck.core.index;

import io.idemcheck.core.engine.Analyzer;
import io.idemcheck.core.engine.ProgressListener;
import io.idemcheck.core.model.Project;
import io.idemcheck.core.engine.ScanRequest;
import io.idemcheck.core.facts.CallSite;
import io.idemcheck.core.finding.Diagnostic;
import io.idemcheck.core.finding.ScanResult;
import io.idemcheck.core.finding.Severity;
import io.idemcheck.core.rule.Rule;
import io.idemcheck.core.rule.RuleContext;
import io.idemcheck.core.rule.RuleInfo;
import io.idemcheck.core.rule.RuleRegistry;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.atomic.AtomicReference;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Every lookup of the index answers "unknown" for what no source declares: Lombok's nested builders and accessors,
 * a supertype nested in generated code, a type from a jar, an import that resolves to nothing (issue 14: one
 * {@code OrderDO.OrderDOBuilder} made ten rules fail with a NullPointerException in the index).
 */
class ProjectIndexTotalLookupTest {

    @TempDir
    Path tmp;

    @RuleInfo(id = "IDEM998", name = "CaptureIndex", summary = "captures the project", severity = Severity.NOTE)
    static final class Capture implements Rule {
        final AtomicReference<Project> project = new AtomicReference<>();

        @Override
        public void check(RuleContext ctx) {
            project.set(ctx.project());
        }
    }

    private Project project;
    private ScanResult result;

    private void scan(String... pathAndText) throws Exception {
        for (int i = 0; i < pathAndText.length; i += 2) {
            Path p = tmp.resolve(pathAndText[i]);
            Files.createDirectories(p.getParent());
            Files.writeString(p, pathAndText[i + 1]);
        }
        Capture capture = new Capture();
        result = new Analyzer().scan(new ScanRequest(List.of(tmp), tmp, 1, RuleRegistry.of(List.of(capture)),
                ProgressListener.NONE));
        project = capture.project.get();
    }

    private static final String ORDER = """
            package com.acme;
            import lombok.Builder;
            import lombok.Data;
            @Data
            @Builder
            public class OrderDO {
                private Long id;
                private String status;
            }
            """;

    private static final String JOB = """
            package com.acme;
            import java.util.List;
            import com.vendor.gen.Missing;
            public class OrderJob extends OrderDO.Generated implements Missing.Inner {
                private OrderDO.OrderDOBuilder builder;
                public void run(List<OrderDO> rows) {
                    for (OrderDO o : rows) {
                        OrderDO.OrderDOBuilder b = OrderDO.builder();
                        b.id(o.getId()).status("DONE");
                        builder.build().getStatus();
                        super.inherited(o);
                        nowhere.call();
                        Missing.Inner.helper();
                    }
                }
            }
            """;

    private MethodRef method(String name) {
        return project.index().methods().stream().filter(m -> m.method().name().equals(name)).findFirst()
                .orElseThrow();
    }

    @Test
    void aNestedTypeNoSourceDeclaresResolvesToUnknownWithItsFullName() throws Exception {
        scan("src/main/java/com/acme/OrderDO.java", ORDER, "src/main/java/com/acme/OrderJob.java", JOB);
        ProjectIndex index = project.index();
        TypeEntry job = index.findType("com.acme.OrderJob").orElseThrow();

        ResolvedType builder = index.resolveType("OrderDO.OrderDOBuilder", job);
        assertThat(builder.kind()).isEqualTo(ResolvedType.Kind.UNKNOWN);
        assertThat(builder.name()).isEqualTo("com.acme.OrderDO.OrderDOBuilder");
        assertThat(index.typeOf(builder)).isEmpty();
        assertThat(index.findType("com.acme.OrderDO.OrderDOBuilder")).isEmpty();
        assertThat(index.findType(null)).isEmpty();
        assertThat(index.typeOf(index.resolveType("OrderDO", job)).map(TypeEntry::fqn)).contains("com.acme.OrderDO");
        // an import from a jar, nested: external, never PROJECT
        assertThat(index.resolveType("Missing.Inner", job).isProject()).isFalse();
    }

    @Test
    void supertypesAndMethodsOfGeneratedTypesAreUnknownNotErrors() throws Exception {
        scan("src/main/java/com/acme/OrderDO.java", ORDER, "src/main/java/com/acme/OrderJob.java", JOB);
        ProjectIndex index = project.index();
        TypeEntry job = index.findType("com.acme.OrderJob").orElseThrow();

        assertThat(index.supertypes(job.type())).extracting(ResolvedType::isProject).containsOnly(false);
        assertThat(index.allSupertypes(job)).extracting(ResolvedType::name)
                .contains("com.acme.OrderDO.Generated");
        assertThat(index.findMethods(job, "inherited", 1)).isEmpty();
        assertThat(index.subtypes("com.acme.OrderDO.Generated")).isEmpty();
        assertThat(index.isSubtypeOf(job, "Generated")).isTrue();
    }

    @Test
    void callsOnGeneratedBuildersAndAccessorsResolveToNoTarget() throws Exception {
        scan("src/main/java/com/acme/OrderDO.java", ORDER, "src/main/java/com/acme/OrderJob.java", JOB);
        MethodRef run = method("run");
        List<CallTarget> targets = project.index().calls(run);
        List<CallSite> calls = run.method().body().calls();
        assertThat(targets).hasSameSizeAs(calls);
        for (CallSite c : calls) {
            CallTarget t = targets.get(c.id());
            switch (c.name()) {
                case "id", "status", "build", "inherited", "call", "helper" -> {
                    assertThat(t.targets()).as(c.text()).isEmpty();
                    assertThat(t.declared()).as(c.text()).isNull();
                    assertThat(project.index().typeOf(t.receiverType())).as(c.text()).isEmpty();
                }
                default -> { }
            }
        }
        // the builder field's type is known by name, its members are not
        assertThat(project.index().variableType(run, "builder", true).map(r -> r.name()))
                .contains("OrderDO.OrderDOBuilder");
        assertThat(project.index().variableType(run, "nowhere", false)).isEmpty();
        assertThat(project.index().variableType(run, null, false)).isEmpty();
        assertThat(result.diagnostics()).filteredOn(d -> d.kind() == Diagnostic.Kind.INTERNAL_ERROR).isEmpty();
    }
}
