package io.idemcheck.rules;

import io.idemcheck.core.model.Project;
import io.idemcheck.core.facts.FileFacts;
import io.idemcheck.core.finding.Fix;
import io.idemcheck.core.finding.Severity;
import io.idemcheck.core.index.MethodRef;
import io.idemcheck.core.rule.Rule;
import io.idemcheck.core.rule.RuleContext;
import io.idemcheck.core.rule.RuleInfo;
import io.idemcheck.core.rule.RuleTrace;
import io.idemcheck.core.sql.SqlFacts;
import io.idemcheck.core.sql.SqlStatement;
import io.idemcheck.core.summary.CallInfo;
import io.idemcheck.core.summary.InProgressStates;
import io.idemcheck.core.summary.JobShapes;
import io.idemcheck.core.summary.Semantics;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * IDEM012: the project has jobs with the "effect, then record" shape but no independent reconciliation: no query
 * reads the task table together with the effect's table, no method compares reads of both, and the runtime library's
 * {@code Reconciler} is not used. One project-level note, at the job with the most effects.
 */
@RuleInfo(id = "IDEM012", name = "NoReconciliation",
        summary = "Jobs record effects after performing them but nothing checks that tasks and effects agree",
        severity = Severity.NOTE, tags = {"idempotency", "batch", "reconciliation"}, precision = "medium")
public final class NoReconciliation implements Rule {

    @Override
    public void check(RuleContext ctx) {
        Analysis a = analyse(ctx);
        if (a == null || a.best() == null) {
            return;
        }
        MethodRef best = a.best();
        if (!a.anySql()) {
            String jobName = best.type().simpleName() + "." + best.method().name() + "()";
            ctx.couldNotCheck(Semantics.location(best, best.method().nameRange(), null), "the scan includes no SQL, "
                    + "so neither the tables a job writes nor a reconciliation query can be seen (" + jobName
                    + " has the effect-then-record shape). Scan the mapper XML / SQL too.");
            return;
        }
        report(ctx, ctx.project().semantics(), best, a.jobs(), a.bestTask(), a.bestEffects(), a.anySql());
    }

    @Override
    public void explain(RuleContext ctx, MethodRef m, RuleTrace trace) {
        if (!MethodGates.mainCode(m, trace)) {
            return;
        }
        Analysis a = analyse(ctx);
        Semantics sem = ctx.project().semantics();
        String name = m.type().simpleName() + "." + m.method().name() + "()";
        String subject = "the job " + name;
        int line = m.method().nameRange().line();
        if (a == null) {
            trace.missing(0, "the project", "a job with the effect-then-record shape: no job entry point reaches "
                    + "an effect followed by a record of the same item");
            return;
        }
        if (a.reconciler()) {
            trace.missing(0, "the project", "no reconciliation: main code imports the runtime library's Reconciler");
            return;
        }
        List<JobShapes.Shape> shapes = a.jobs().get(m);
        if (shapes == null) {
            trace.missing(0, "the method", "a job entry point with the effect-then-record shape (the rule reports "
                    + "once per project, at such a job)" + (sem.entryPoint(m) != null
                    ? "; this entry point reaches no effect followed by a record of the same item" : ""));
            return;
        }
        trace.held(line, subject, "a job entry point with the effect-then-record shape (" + shapes.get(0).effectName()
                + " then " + shapes.get(0).recordName() + ")");
        String why = a.reconciledBy().get(m);
        if (why != null) {
            trace.missing(line, subject, "no reconciliation: " + why);
            return;
        }
        trace.held(line, subject, "no query reads the job's task table together with its effect's table, and no "
                + "method reads both");
        if (!a.anySql()) {
            trace.missing(line, subject, "SQL in the scan: there is none, so the rule cannot be checked (one note "
                    + "says so instead of a finding)");
        } else if (!m.equals(a.best())) {
            trace.missing(line, subject, "the job with the most effects: the one note per project is at "
                    + a.best().type().simpleName() + "." + a.best().method().name() + "()");
        } else {
            trace.fired(line, subject, "the project's unreconciled job with the most effects");
        }
    }

    /**
     * What the rule decides over the whole project: the jobs with the effect-then-record shape, which of them a
     * reconciliation covers (and what covers it), and the unreconciled job with the most effects (where the one note
     * goes). Null when there is no such job.
     *
     * @param reconciler  main code imports the runtime library's Reconciler (then nothing is reported)
     * @param reconciledBy a reconciled job to what reads its task and effect tables together
     * @param best        the unreconciled job with the most effects, or null when every job is reconciled
     */
    private record Analysis(Map<MethodRef, List<JobShapes.Shape>> jobs, boolean reconciler, boolean anySql,
                            Map<MethodRef, String> reconciledBy, MethodRef best, String bestTask,
                            Map<String, List<String>> bestEffects) {
    }

    private static Analysis analyse(RuleContext ctx) {
        Project project = ctx.project();
        Semantics sem = project.semantics();
        Map<MethodRef, List<JobShapes.Shape>> jobs = JobShapes.byEntryPoint(sem);
        if (jobs.isEmpty()) {
            return null;
        }
        if (usesReconciler(project)) {
            return new Analysis(jobs, true, true, Map.of(), null, null, null);
        }
        // every SELECT the project runs, and the tables each main method reads
        List<String> selects = new ArrayList<>();
        Map<MethodRef, Set<String>> readsByMethod = new LinkedHashMap<>();
        java.util.concurrent.atomic.AtomicBoolean sqlSeen = new java.util.concurrent.atomic.AtomicBoolean(
                !sem.sqlModel().statements().isEmpty());
        for (SqlStatement st : sem.sqlModel().statements()) {
            addSelects(st, selects);
        }
        ctx.forEachMethod(project.index().methods(), m -> {
            if (m.file().test() || !m.method().hasBody()) {
                return;
            }
            for (CallInfo ci : sem.calls(m)) {
                for (SqlStatement st : ci.statements()) {
                    sqlSeen.set(true);
                    addSelects(st, selects);
                    for (SqlFacts f : st.shapes()) {
                        if (f.kind() == SqlFacts.Kind.SELECT) {
                            readsByMethod.computeIfAbsent(m, k -> new LinkedHashSet<>())
                                    .addAll(f.table() != null ? Set.of(f.table()) : InProgressStates.tablesOf(f.text()));
                        }
                    }
                }
            }
        });
        boolean anySql = sqlSeen.get();
        MethodRef best = null;
        int bestCount = -1;
        String bestTask = null;
        Map<String, List<String>> bestEffects = null;
        Map<MethodRef, String> reconciledBy = new LinkedHashMap<>();
        List<String> readerNames = new ArrayList<>();
        Map<String, Set<Integer>> readers = readers(selects, readsByMethod, readerNames);
        for (Map.Entry<MethodRef, List<JobShapes.Shape>> e : jobs.entrySet()) {
            Set<String> taskTables = new LinkedHashSet<>();
            int count = 0;
            for (JobShapes.Shape s : e.getValue()) {
                String t = JobShapes.recordTable(s);
                if (t != null) {
                    taskTables.add(t);
                }
                count += JobShapes.effectCount(sem, s);
            }
            Map<String, List<String>> effectTables = insertTables(sem, e.getKey());
            effectTables.keySet().removeAll(taskTables);
            String by = reconciled(taskTables, effectTables.keySet(), readers, readerNames);
            if (by != null) {
                reconciledBy.put(e.getKey(), by);
                continue;
            }
            if (count > bestCount) {
                best = e.getKey();
                bestCount = count;
                bestTask = taskTables.isEmpty() ? null : taskTables.iterator().next();
                bestEffects = effectTables;
            }
        }
        return new Analysis(jobs, false, anySql, reconciledBy, best, bestTask, bestEffects);
    }

    private static boolean usesReconciler(Project project) {
        for (FileFacts f : project.files()) {
            if (!f.test() && (f.imports().containsKey("Reconciler")
                    && f.imports().get("Reconciler").startsWith("io.idemcheck.runtime"))) {
                return true;
            }
        }
        return false;
    }

    private static void addSelects(SqlStatement st, List<String> out) {
        for (SqlFacts f : st.shapes()) {
            if (f.kind() == SqlFacts.Kind.SELECT && f.text() != null) {
                out.add(f.text());
            }
        }
    }

    private static Map<String, List<String>> insertTables(Semantics sem, MethodRef job) {
        Map<String, List<String>> out = new LinkedHashMap<>();
        for (MethodRef m : JobShapes.reachable(sem.index(), List.of(job), false)) {
            if (!m.method().hasBody()) {
                continue;
            }
            for (CallInfo ci : sem.calls(m)) {
                for (SqlStatement st : ci.statements()) {
                    for (SqlFacts f : st.shapes()) {
                        if ((f.kind() == SqlFacts.Kind.INSERT || f.kind() == SqlFacts.Kind.UPSERT)
                                && f.table() != null && !"?".equals(f.table())) {
                            out.putIfAbsent(f.table(), f.setColumns());
                        }
                    }
                }
            }
        }
        return out;
    }

    /**
     * What reads a task table together with an effect table (one SELECT, or one main method that reads both), in
     * words, or null when nothing does. Looks the pair up in {@code readers} (table to the SELECTs and methods that
     * read it, numbered as in {@code names}), so each job costs its tables, not every statement of the project.
     */
    private static String reconciled(Set<String> taskTables, Set<String> effectTables,
                                     Map<String, Set<Integer>> readers, List<String> names) {
        if (taskTables.isEmpty() || effectTables.isEmpty()) {
            return null;
        }
        for (String t : taskTables) {
            Set<Integer> rt = readers.get(t);
            if (rt == null) {
                continue;
            }
            for (String e : effectTables) {
                Set<Integer> re = readers.get(e);
                if (re == null) {
                    continue;
                }
                Set<Integer> small = rt.size() <= re.size() ? rt : re;
                Set<Integer> large = small == rt ? re : rt;
                for (Integer i : small) {
                    if (large.contains(i)) {
                        return names.get(i) + " reads " + t + " together with " + e;
                    }
                }
            }
        }
        return null;
    }

    /**
     * Table name to the readers (SELECT texts, then main methods; numbered in that order) that read it; {@code names}
     * receives each reader's description at its number.
     */
    private static Map<String, Set<Integer>> readers(List<String> selects, Map<MethodRef, Set<String>> readsByMethod,
                                                     List<String> names) {
        Map<String, Set<Integer>> out = new HashMap<>();
        int i = 0;
        for (String sql : selects) {
            for (String t : InProgressStates.tablesOf(sql)) {
                out.computeIfAbsent(t, k -> new HashSet<>()).add(i);
            }
            String one = sql.replaceAll("\\s+", " ").strip();
            names.add("the query '" + (one.length() > 120 ? one.substring(0, 117) + "..." : one) + "'");
            i++;
        }
        for (Map.Entry<MethodRef, Set<String>> reads : readsByMethod.entrySet()) {
            for (String t : reads.getValue()) {
                out.computeIfAbsent(t, k -> new HashSet<>()).add(i);
            }
            names.add(reads.getKey().type().simpleName() + "." + reads.getKey().method().name() + "()");
            i++;
        }
        return out;
    }

    private void report(RuleContext ctx, Semantics sem, MethodRef job, Map<MethodRef, List<JobShapes.Shape>> jobs,
                        String taskTable, Map<String, List<String>> effectTables, boolean anySql) {
        List<JobShapes.Shape> shapes = jobs.get(job);
        JobShapes.Shape s = shapes.get(0);
        String jobName = job.type().simpleName() + "." + job.method().name() + "()";
        Set<String> effects = new LinkedHashSet<>();
        for (JobShapes.Shape x : shapes) {
            effects.addAll(JobShapes.effectNames(sem, x));
        }
        String task = taskTable != null ? taskTable : "<task_table>";
        String done = doneValue(s);
        String effectTable = effectTables.isEmpty() ? null : effectTables.keySet().iterator().next();
        StringBuilder msg = new StringBuilder();
        if (!anySql) {
            msg.append("IDEM012 could not be fully checked: the scan includes no SQL, so a reconciliation query "
                    + "cannot be seen. ");
        }
        msg.append(jobs.size() == 1 ? "1 job records" : jobs.size() + " jobs record")
                .append(" the item's state after performing its effect (").append(jobName).append(": ")
                .append(String.join(", ", effects)).append(" then ").append(s.recordName())
                .append("), but nothing in the project checks independently that tasks and effects agree: ");
        if (effectTable != null) {
            msg.append("no query reads ").append(task).append(" together with ").append(effectTable)
                    .append(", no method compares reads of both, ");
        } else {
            msg.append("the effect leaves the database (").append(s.effectInfo().effect().leaf())
                    .append("), nothing compares the tasks with the downstream's records, ");
        }
        msg.append("and the runtime library's Reconciler is not used. A crash between an effect and its record, "
                + "a manual fix or a bug leaves a task marked done without its effect, or an effect whose task is "
                + "still open; a restart repeats it, and no one notices until a customer does.");
        String joinCol = joinColumn(task, effectTable == null ? List.of() : effectTables.get(effectTable));
        String template;
        if (effectTable != null) {
            template = String.join("\n",
                    "-- tasks marked done without their effect",
                    "SELECT t.id FROM " + task + " t LEFT JOIN " + effectTable + " e ON e." + joinCol
                            + " = t.id WHERE t.status = '" + done + "' AND e.id IS NULL;",
                    "-- effects whose task is missing or not done (a crash between effect and record)",
                    "SELECT e.id FROM " + effectTable + " e LEFT JOIN " + task + " t ON t.id = e." + joinCol
                            + " WHERE t.id IS NULL OR t.status <> '" + done + "';",
                    "-- with the runtime library: new Reconciler(ds, tasks, LedgerTable.named(\"idem_ledger\"), "
                            + "taskLease, ledgerLease).check()");
        } else {
            template = String.join("\n",
                    "-- compare done tasks with the downstream's own list (its report or query API), per day:",
                    "SELECT t.id FROM " + task + " t WHERE t.status = '" + done + "' AND t.gmt_modified >= ? -- vs the provider's list",
                    "-- with the runtime library: record each effect in the IdempotencyLedger and run",
                    "-- new Reconciler(ds, tasks, LedgerTable.named(\"idem_ledger\"), taskLease, ledgerLease).check()");
        }
        ctx.finding(Semantics.location(job, job.method().nameRange(), null))
                .message(msg.toString()).enclosing("project").construct("no-reconciliation")
                .related(Semantics.location(s.method(), s.effect().range(), s.effectName() + ": the effect"))
                .related(Semantics.location(s.method(), s.record().range(), s.recordName() + ": the record"))
                .fix(Fix.of("Add an independent reconciliation that runs periodically and alerts: a query that "
                        + "joins " + task + " with " + (effectTable != null ? effectTable : "the effect's records")
                        + " both ways (done tasks without their effect, effects whose task is not done), or the "
                        + "runtime library's Reconciler over tasks and the idempotency ledger.", template))
                .report();
    }

    private static String joinColumn(String task, List<String> effectColumns) {
        String stem = task.replaceAll("^t_", "");
        for (String c : effectColumns) {
            if (c.equals(stem + "_id")) {
                return c;
            }
        }
        for (String c : effectColumns) {
            if (c.endsWith("task_id") || c.endsWith("job_id")) {
                return c;
            }
        }
        return "task_id";
    }

    /** The state the job records as done ('PAID', 'SENT', ...): the record's SQL value or literal, else DONE. */
    private static String doneValue(JobShapes.Shape s) {
        for (io.idemcheck.core.sql.SqlStatement st : s.recordInfo().statements()) {
            for (io.idemcheck.core.sql.SqlFacts f : st.shapes()) {
                for (String v : f.statusValues()) {
                    if (v.matches("[A-Za-z_]{2,}")) {
                        return v;
                    }
                }
            }
        }
        for (io.idemcheck.core.facts.Arg a : s.record().args()) {
            if (a.stringValue() != null && a.stringValue().matches("[A-Z_]{2,}")) {
                return a.stringValue();
            }
        }
        return "DONE";
    }
}
