package io.idemcheck.core.summary;

import io.idemcheck.core.catalog.Vocabulary;
import io.idemcheck.core.facts.Body;
import io.idemcheck.core.facts.CallSite;
import io.idemcheck.core.facts.LambdaFact;
import io.idemcheck.core.facts.LocalVar;
import io.idemcheck.core.facts.LoopFact;
import io.idemcheck.core.facts.Receiver;
import io.idemcheck.core.facts.TypeRef;
import io.idemcheck.core.index.MethodRef;
import io.idemcheck.core.index.ProjectIndex;
import io.idemcheck.core.index.ResolvedType;

import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import static io.idemcheck.core.summary.Dataflow.roots;

/**
 * Queries over loops: whether a loop iterates rows selected from the database (a batch over work items) or a tiny
 * literal collection written in the code (a fixed number of steps). Upper layer; stateless.
 */
final class Loops {

    private final ProjectIndex index;
    private final DataAccess dataAccess;
    private final CallFacts facts;

    Loops(ProjectIndex index, DataAccess dataAccess, CallFacts facts) {
        this.index = index;
        this.dataAccess = dataAccess;
        this.facts = facts;
    }

    /**
     * True when the loop iterates rows read through a mapper, DAO or repository (directly or through locals): the
     * shape of a batch over work items. For a forEach lambda ({@code rows.forEach(r -> ..)},
     * {@code rows.stream().filter(..).forEach(..)}, {@code mapper.selectList(q).forEach(..)}) the iterated rows are
     * the receiver chain of the call the lambda is passed to.
     */
    public boolean loopOverSelectedRows(MethodRef m, LoopFact loop) {
        List<CallInfo> ci = facts.calls(m);
        Set<String> names = new LinkedHashSet<>(roots(m, loop.names()));
        if (loop.kind().startsWith("lambda:")) {
            CallSite oc = iteratingCall(m, loop);
            Receiver r = oc == null ? null : oc.receiver();
            int guard = 0;
            while (r != null && r.kind() == Receiver.Kind.CALL && r.callId() >= 0 && guard++ < 32) {
                ResolvedType rt = ci.get(r.callId()).target().receiverType();
                if (index.typeOf(rt).filter(dataAccess::isDataAccess).isPresent()) {
                    return true; // mapper.selectList(q).forEach(..)
                }
                r = m.method().body().calls().get(r.callId()).receiver();
            }
            if (r != null && r.kind() == Receiver.Kind.NAME) {
                names.addAll(roots(m, Set.of(r.name())));
            }
        }
        for (String n : names) {
            TypeRef tr = index.variableType(m, n, false).orElse(null);
            if (tr != null) {
                if (index.catalog().terms(Vocabulary.ROW_CURSOR_TYPES).has(tr.simpleName())) {
                    return true; // while (rs.next()): rows read with plain JDBC
                }
                ResolvedType rt = index.resolveType(tr.name(), m.file(), m.type());
                if (index.typeOf(rt).filter(dataAccess::isDataAccess).isPresent()) {
                    return true;
                }
            }
            LocalVar lv = m.method().body().locals().get(n);
            if (lv != null) {
                for (int id : lv.initCallIds()) {
                    ResolvedType rt = ci.get(id).target().receiverType();
                    if (index.typeOf(rt).filter(dataAccess::isDataAccess).isPresent()) {
                        return true;
                    }
                }
            }
        }
        return false;
    }

    private static final Pattern COLLECTION_LITERAL = Pattern.compile(
            "^(?:java\\.util\\.)?(?:List|Set|Arrays|Stream|ImmutableList|ImmutableSet|Lists|Sets)\\s*\\.\\s*"
                    + "(?:of|asList|newArrayList|newHashSet)\\s*\\((.*)\\)\\s*(?:\\.\\s*(?:stream|parallelStream)\\(\\))?$",
            Pattern.DOTALL);
    private static final Pattern ARRAY_LITERAL = Pattern.compile(
            "^(?:new\\s+[\\w.<>]+\\s*\\[\\s*]\\s*)?\\{(.*)}$", Pattern.DOTALL);

    /**
     * True when {@code loop} iterates a fixed tiny collection written in the code: {@code List.of(a, b)},
     * {@code Set.of(..)}, {@code Arrays.asList(..)} or {@code Stream.of(..)} with at most {@code max} elements, or an
     * array initializer ({@code new String[]{..}}, {@code {..}}), directly or through a local initialised with one.
     * Such a loop is a fixed number of steps, not a batch of work items.
     */
    public boolean loopOverLiteral(MethodRef m, LoopFact loop, int max) {
        if (literal(loop.iterable(), max)) {
            return true;
        }
        String it = loop.iterable().trim();
        LocalVar lv = m.method().body().locals().get(it);
        if (lv == null && it.matches("\\w+\\s*\\.\\s*(?:stream|parallelStream)\\(\\)")) {
            lv = m.method().body().locals().get(it.substring(0, it.indexOf('.')).trim());
        }
        if (lv == null && loop.kind().startsWith("lambda:")) {
            // the iterable of a forEach lambda is the receiver of the call it is passed to: ids.forEach(..)
            CallSite oc = iteratingCall(m, loop);
            Receiver r = oc == null ? null : oc.receiver();
            if (r != null && r.kind() != Receiver.Kind.NONE) {
                String rt = r.text().trim();
                if (literal(rt, max)) {
                    return true;
                }
                String base = rt.replaceAll("\\s*\\.\\s*(?:stream|parallelStream)\\(\\)$", "");
                lv = m.method().body().locals().get(base);
            }
        }
        return lv != null && lv.initText() != null && literal(lv.initText(), max);
    }

    /** For a lambda loop ({@code xs.forEach(x -> ..)}): the call the lambda is passed to. */
    private static CallSite iteratingCall(MethodRef m, LoopFact loop) {
        Body body = m.method().body();
        String owner = loop.kind().substring("lambda:".length());
        for (LambdaFact lf : body.lambdas()) {
            if (lf.params().equals(loop.vars()) && lf.ownerCallId() >= 0) {
                CallSite oc = body.calls().get(lf.ownerCallId());
                if (oc.name().equals(owner) && oc.range().line() <= loop.range().line()
                        && oc.range().endLine() >= loop.range().endLine()) {
                    return oc;
                }
            }
        }
        return null;
    }

    private static boolean literal(String text, int max) {
        String t = text.trim();
        Matcher a = ARRAY_LITERAL.matcher(t);
        if (a.matches()) {
            return true;
        }
        Matcher c = COLLECTION_LITERAL.matcher(t);
        if (!c.matches()) {
            return false;
        }
        String inner = c.group(1).trim();
        if (inner.isEmpty()) {
            return true;
        }
        int depth = 0;
        int n = 1;
        for (int i = 0; i < inner.length(); i++) {
            char ch = inner.charAt(i);
            if (ch == '(' || ch == '[' || ch == '{' || ch == '<') {
                depth++;
            } else if (ch == ')' || ch == ']' || ch == '}' || ch == '>') {
                depth--;
            } else if (ch == ',' && depth == 0) {
                n++;
            }
        }
        return n <= max;
    }
}
