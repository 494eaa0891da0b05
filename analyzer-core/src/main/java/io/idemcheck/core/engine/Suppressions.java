package io.idemcheck.core.engine;

import io.idemcheck.core.facts.AnnotationFact;
import io.idemcheck.core.facts.MethodFacts;
import io.idemcheck.core.finding.Finding;
import io.idemcheck.core.index.ProjectIndex;
import io.idemcheck.core.index.TypeEntry;

import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * In-source suppression with {@code @SuppressWarnings}: {@code "idemcheck"} (all rules),
 * {@code "idemcheck:<Name>"} or {@code "idemcheck:<ID>"}, on the finding's enclosing method or any enclosing type.
 */
final class Suppressions {

    private static final Pattern STRING = Pattern.compile("\"([^\"]*)\"");

    private Suppressions() {
    }

    /** The findings that no {@code @SuppressWarnings} covers. */
    static List<Finding> apply(List<Finding> findings, ProjectIndex index) {
        List<Finding> out = new ArrayList<>(findings.size());
        for (Finding f : findings) {
            if (!suppressed(f, index)) {
                out.add(f);
            }
        }
        return out;
    }

    private static boolean suppressed(Finding f, ProjectIndex index) {
        String enc = f.enclosing();
        int hash = enc.indexOf('#');
        if (hash < 0) {
            return false;
        }
        String fqn = enc.substring(0, hash);
        String sig = enc.substring(hash + 1);
        TypeEntry t = index.type(fqn);
        if (t == null) {
            return false;
        }
        for (MethodFacts m : t.type().methods()) {
            if (m.signature().equals(sig) && covers(m.annotation("SuppressWarnings"), f)) {
                return true;
            }
        }
        String scope = fqn;
        while (scope != null) {
            TypeEntry e = index.type(scope);
            if (e != null && covers(e.type().annotation("SuppressWarnings"), f)) {
                return true;
            }
            int i = scope.lastIndexOf('.');
            scope = i < 0 ? null : scope.substring(0, i);
        }
        return false;
    }

    private static boolean covers(AnnotationFact a, Finding f) {
        if (a == null || a.value("value") == null) {
            return false;
        }
        Matcher m = STRING.matcher(a.value("value"));
        while (m.find()) {
            String v = m.group(1).trim();
            if (v.equals("idemcheck") || v.equalsIgnoreCase("idemcheck:" + f.ruleId())
                    || v.equals("idemcheck:" + f.ruleName())) {
                return true;
            }
        }
        return false;
    }
}
