package io.idemcheck.core.rule;

import io.idemcheck.core.catalog.Catalog;
import io.idemcheck.core.facts.CallSite;
import io.idemcheck.core.finding.Location;
import io.idemcheck.core.index.MethodRef;
import io.idemcheck.core.model.Project;
import io.idemcheck.core.summary.MethodInfo;
import io.idemcheck.core.summary.Semantics;

import java.util.List;
import java.util.function.Consumer;

/**
 * What a {@link MethodRule} sees of one method: the method, its facts computed once by the engine
 * ({@link #facts()}: each call's role, guarding claim, transaction, async hand-off, lock; the method's entry point and
 * reachability), the project, the trace of {@code idemcheck explain}, and a way to report findings.
 */
public final class MethodContext {

    private final RuleContext rule;
    private final MethodRef method;
    private final RuleTrace trace;
    private final Consumer<RuleContext.FindingBuilder> findings;
    private final Consumer<Object> collected;
    private MethodInfo facts;

    MethodContext(RuleContext rule, MethodRef method, RuleTrace trace, Consumer<RuleContext.FindingBuilder> findings,
                  Consumer<Object> collected) {
        this.rule = rule;
        this.method = method;
        this.trace = trace;
        this.findings = findings;
        this.collected = collected;
    }

    /** The method being checked. */
    public MethodRef method() {
        return method;
    }

    /** The method's facts, computed once per scan and shared by every rule ({@link Semantics#methodInfo}). */
    public MethodInfo facts() {
        if (facts == null) {
            facts = rule.project().semantics().methodInfo(method);
        }
        return facts;
    }

    /** The facts of call {@code c} of this method. */
    public MethodInfo.Call call(CallSite c) {
        return facts().call(c);
    }

    /** The calls of the method's body, in order (call id = position). */
    public List<CallSite> calls() {
        return method.method().body().calls();
    }

    /** Where {@code idemcheck explain} wants the rule's steps ({@link RuleTrace#OFF} during a scan). */
    public RuleTrace trace() {
        return trace;
    }

    /** The project model. */
    public Project project() {
        return rule.project();
    }

    /** The project's call semantics, for facts about other methods (callees, callers). */
    public Semantics semantics() {
        return rule.project().semantics();
    }

    /** The catalog in effect (built-in plus idemcheck.yml). */
    public Catalog catalog() {
        return rule.project().catalog();
    }

    /** The rule's context: metadata, and the project-wide services. */
    public RuleContext rule() {
        return rule;
    }

    /** The method's id ("com.acme.Job#run(List)"), the usual {@code enclosing} of its findings. */
    public String enclosing() {
        return method.id();
    }

    /** Starts a finding at {@code primary}; the engine reports it after the method, in method order. */
    public RuleContext.FindingBuilder finding(Location primary) {
        return rule.deferredFinding(primary, findings);
    }

    /** A location in this method's file. */
    public Location location(io.idemcheck.core.facts.Range r, String label) {
        return Semantics.location(method, r, label);
    }

    /** Hands {@code o} to the rule's {@link MethodRule#afterMethods}, after every method, in method order. */
    public void collect(Object o) {
        collected.accept(o);
    }
}
