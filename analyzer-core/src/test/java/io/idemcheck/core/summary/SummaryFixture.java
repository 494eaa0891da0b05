package io.idemcheck.core.summary;

import io.idemcheck.core.engine.ScanFixture;
import io.idemcheck.core.facts.CallSite;
import io.idemcheck.core.index.MethodRef;
import io.idemcheck.core.model.Project;

import java.nio.file.Path;
import java.util.List;

/**
 * The harness of the summary tests: write small Java, XML and SQL inputs into a directory, scan it with no rules and
 * read the project's model; find methods and calls by name.
 */
final class SummaryFixture {

    private SummaryFixture() {
    }

    /** Scans {@code dir} after writing the given files (path, text, path, text, ..) into it, without idemcheck.yml. */
    static Project scan(Path dir, String... pathAndText) throws Exception {
        return scanWithConfig(dir, null, pathAndText);
    }

    /** Scans {@code dir} after writing the files and, when {@code config} is not null, an idemcheck.yml. */
    static Project scanWithConfig(Path dir, String config, String... pathAndText) throws Exception {
        ScanFixture.write(dir, pathAndText);
        return ScanFixture.scan(dir, ScanFixture.config(dir, config), List.of()).project();
    }

    /** One Java file of package {@code com.acme} under src/main/java, named after its first public type. */
    static String[] mainJava(String name, String source) {
        return new String[] {"src/main/java/com/acme/" + name + ".java", source};
    }

    /** The method named {@code name}, or {@code Type.name} for a method of a type (simple name); must be unique. */
    static MethodRef method(Project p, String name) {
        int dot = name.indexOf('.');
        String type = dot < 0 ? null : name.substring(0, dot);
        String simple = dot < 0 ? name : name.substring(dot + 1);
        List<MethodRef> found = p.index().methods().stream()
                .filter(m -> m.method().name().equals(simple))
                .filter(m -> type == null || m.type().simpleName().equals(type))
                .toList();
        if (found.size() != 1) {
            throw new AssertionError(found.size() + " methods named " + name + ": " + found);
        }
        return found.get(0);
    }

    /** The first call named {@code name} in {@code m}. */
    static CallSite call(MethodRef m, String name) {
        return calls(m, name).get(0);
    }

    /** The calls named {@code name} in {@code m}, in source order; at least one. */
    static List<CallSite> calls(MethodRef m, String name) {
        List<CallSite> out = m.method().body().calls().stream().filter(c -> c.name().equals(name)).toList();
        if (out.isEmpty()) {
            throw new AssertionError("no call " + name + " in " + m.id());
        }
        return out;
    }

    /** What the first call named {@code callName} in method {@code method} does. */
    static CallInfo info(Project p, String method, String callName) {
        MethodRef m = method(p, method);
        return p.semantics().calls(m).get(call(m, callName).id());
    }
}
