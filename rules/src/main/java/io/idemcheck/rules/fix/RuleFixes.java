package io.idemcheck.rules.fix;

import io.idemcheck.core.catalog.Vocabulary;
import io.idemcheck.core.model.Project;
import io.idemcheck.core.facts.Arg;
import io.idemcheck.core.facts.Body;
import io.idemcheck.core.facts.CallSite;
import io.idemcheck.core.facts.GuardFact;
import io.idemcheck.core.facts.LocalVar;
import io.idemcheck.core.facts.LoopFact;
import io.idemcheck.core.facts.MethodFacts;
import io.idemcheck.core.facts.TypeRef;
import io.idemcheck.core.finding.Fix;
import io.idemcheck.core.finding.FixRecipe;
import io.idemcheck.core.index.MethodRef;
import io.idemcheck.core.sql.SqlFacts;
import io.idemcheck.core.sql.SqlStatement;
import io.idemcheck.core.summary.CallInfo;
import io.idemcheck.core.summary.Semantics;

import io.idemcheck.core.util.Texts;

import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The fixes of the current rules (IDEM001, IDEM003, IDEM005), built from the rule's facts with {@link Templates} and
 * {@link Recipes}; each rule calls one method here from its {@code .fix(..)} line.
 */
public final class RuleFixes {

    /** A call site of a statement, with the method it is in. */
    public record CallUse(MethodRef method, CallSite call) {
    }

    private static final Set<String> INT_TYPES = Set.of("int", "Integer", "long", "Long", "short", "Short");
    private static final Pattern QUOTED_STATE = Pattern.compile("\"([A-Z][A-Z0-9_]{2,})\"");
    private static final Pattern ENUM_STATE = Pattern.compile("\\.([A-Z][A-Z0-9_]{2,})\\b");
    /** A {@code status = 'X'} predicate: a status column of the catalog's statusWords compared with a literal. */
    private static final Pattern SQL_STATE = io.idemcheck.core.catalog.Catalog.builtin().terms(Vocabulary.STATUS_WORDS)
            .regex("(?i)\\b(%s)\\s*=\\s*'([A-Za-z0-9_]+)'");

    private RuleFixes() {
    }

    // ---- IDEM005 ----------------------------------------------------------------------------------------------------

    /**
     * IDEM005: {@code base} (the rule's description and template) plus the {@code java.check-row-count} recipe when
     * the claim's result type is known to be a row count (int) or a boolean.
     */
    public static Fix ignoredClaim(Project project, MethodRef m, CallSite claim, Fix base) {
        String result = resultKind(project, m, claim);
        if (result == null) {
            return base;
        }
        boolean bool = result.equals("boolean");
        String exit = exit(m, claim);
        Fix fix = new Fix(bool ? base.description().replace("row count", "result").replace("is not 1", "is false")
                : base.description(), Templates.rowCountCheck(claim.text(), exit, bool), base.edits(), base.recipes());
        return fix.withRecipe(Recipes.checkRowCount(Semantics.location(m, claim.range(), null), claim.name(), bool,
                "another run owns or finished this row"));
    }

    /** "int", "boolean", or null when the claim's result type is not known. */
    static String resultKind(Project project, MethodRef m, CallSite c) {
        CallInfo ci = project.semantics().calls(m).get(c.id());
        MethodRef declared = ci.target() == null ? null : ci.target().declared();
        if (declared != null) {
            String rt = declared.method().returnType().simpleName();
            return INT_TYPES.contains(rt) ? "int" : rt.equals("boolean") || rt.equals("Boolean") ? "boolean" : null;
        }
        if (project.catalog().terms(Vocabulary.ROW_COUNT_CLAIMS).has(c.name())) {
            return "int";
        }
        return project.catalog().terms(Vocabulary.BOOLEAN_CLAIMS).has(c.name()) ? "boolean" : null;
    }

    // ---- IDEM003 ----------------------------------------------------------------------------------------------------

    /**
     * IDEM003: {@code base} plus, when every call site reads the rows from one known status (the select or guard that
     * fed it names it), the recipes that add {@code AND <column> = '<status>'} to the statement where it is written
     * (the callers' row-count check is shown in the template). Otherwise {@code base} with a template that asks for
     * the status.
     */
    public static Fix blindStatusUpdate(Project project, SqlStatement st, String column, List<CallUse> uses,
                                        Fix base) {
        String from = previousStatus(project, uses);
        String table = st.table() == null ? "<table>" : st.table();
        boolean mybatis = st.source() == SqlStatement.Source.MAPPER_XML
                || st.source() == SqlStatement.Source.MYBATIS_ANNOTATION;
        boolean jdbi = st.source() == SqlStatement.Source.JDBI_ANNOTATION
                || st.source() == SqlStatement.Source.JDBI_TEMPLATE;
        CallUse first = uses.get(0);
        String exit = exit(first.method(), first.call());
        String template = Templates.conditionalStatusUpdate(table, column, mybatis ? "#{id}" : jdbi ? ":id" : "?",
                from != null ? Recipes.sqlLiteral(from) : mybatis ? "#{expectedStatus}" : jdbi ? ":expectedStatus"
                        : "?  -- the status it starts from",
                first.call().text(), exit);
        Fix fix = new Fix(from == null ? base.description() : "Add " + column + " = '" + from + "' (the status the "
                + "rows were selected by) to the UPDATE's WHERE clause and act only when the row count is 1.",
                template, base.edits(), base.recipes());
        if (from == null) {
            return fix;
        }
        FixRecipe pred = Recipes.addSqlPredicate(st, column, Recipes.sqlLiteral(from));
        if (pred == null) {
            return fix;
        }
        List<FixRecipe> callers = new ArrayList<>();
        for (CallUse u : uses) {
            switch (u.call().use()) {
                case CONDITION, RETURNED -> {
                    // the caller already looks at the count
                }
                case DISCARDED -> {
                    if (!"int".equals(resultKind(project, u.method(), u.call()))) {
                        return fix;
                    }
                    FixRecipe r = Recipes.checkRowCount(Semantics.location(u.method(), u.call().range(), null),
                            u.call().name(), false, "another run already moved this row");
                    callers.add(new FixRecipe(r.kind(), r.path(), r.line(), r.column(), r.endLine(), r.endColumn(),
                            withParam(r, "onlyIfLast", "true")));
                }
                default -> {
                    return fix; // assigned or passed on: a human decides where the check goes
                }
            }
        }
        // the predicate is the mechanical part; a row-count check appended as the last statement of the caller's
        // block would change nothing (its continue/return is where the block ends anyway), so the callers are left
        // to the template, which shows where a check that skips later work belongs
        return fix.withRecipe(pred);
    }

    private static java.util.Map<String, String> withParam(FixRecipe r, String k, String v) {
        java.util.Map<String, String> p = new java.util.LinkedHashMap<>(r.params());
        p.put(k, v);
        return p;
    }

    /** The one status every call site's rows were read in (from the guard or the select feeding the loop), or null. */
    static String previousStatus(Project project, List<CallUse> uses) {
        Set<String> found = new LinkedHashSet<>();
        for (CallUse u : uses) {
            String s = previousStatus(project, u.method(), u.call());
            if (s == null) {
                return null;
            }
            found.add(s);
        }
        return found.size() == 1 ? found.iterator().next() : null;
    }

    private static String previousStatus(Project project, MethodRef m, CallSite c) {
        Body body = m.method().body();
        Semantics sem = project.semantics();
        for (int g : c.guardIds()) {
            GuardFact gf = body.guards().get(g);
            String t = gf.text();
            if (t.contains("!") || !t.toLowerCase(Locale.ROOT).contains("status")
                    && !t.toLowerCase(Locale.ROOT).contains("state")) {
                continue;
            }
            String v = single(QUOTED_STATE, t, 1);
            if (v == null) {
                v = single(ENUM_STATE, t, 1);
            }
            if (v != null) {
                return v;
            }
        }
        List<CallInfo> infos = sem.calls(m);
        for (CallSite x : body.calls()) {
            if (x.id() < c.id() && infos.get(x.id()).claim() && !x.exclusiveWith(c)) {
                return null; // a claim moved the row on since it was read: the status it is in now is not the read one
            }
        }
        for (int l : c.loopIds()) {
            LoopFact loop = body.loops().get(l);
            Set<String> names = sem.roots(m, loop.names());
            for (CallSite x : body.calls()) {
                if (x.id() >= c.id() || !(loop.iterable().contains(x.text())
                        || x.assignedTo() != null && names.contains(x.assignedTo()))) {
                    continue;
                }
                Set<String> vals = new LinkedHashSet<>();
                for (Arg a : x.args()) {
                    if (a.stringValue() != null && a.stringValue().matches("[A-Z][A-Z0-9_]{2,}")) {
                        vals.add(a.stringValue());
                    }
                }
                for (SqlStatement s : infos.get(x.id()).statements()) {
                    for (SqlFacts f : s.shapes()) {
                        Matcher mt = SQL_STATE.matcher(f.text() == null ? "" : f.text());
                        while (mt.find()) {
                            vals.add(mt.group(2));
                        }
                    }
                }
                if (vals.size() == 1) {
                    return vals.iterator().next();
                }
            }
        }
        return null;
    }

    private static String single(Pattern p, String text, int group) {
        Matcher mt = p.matcher(text);
        Set<String> vals = new LinkedHashSet<>();
        while (mt.find()) {
            vals.add(mt.group(group));
        }
        return vals.size() == 1 ? vals.iterator().next() : null;
    }

    // ---- IDEM001 ----------------------------------------------------------------------------------------------------

    /**
     * The statement that gives up the item at call {@code c} of {@code m}: {@code continue;} inside a loop statement
     * that encloses it in the same frame; otherwise one that leaves the frame the call runs in. That is the innermost
     * lambda when the call sits in one (also the lambda a loop hands the item to: {@code pool.submit(() -> ..)},
     * {@code forEach(t -> ..)}, where {@code continue} does not compile; see {@link #lambdaExit}), else the method
     * ({@link #methodExit}). A null {@code c} leaves the method.
     */
    public static String exit(MethodRef m, CallSite c) {
        if (c == null) {
            return methodExit(m);
        }
        if (c.lambdaId() < 0) {
            return c.loopIds().isEmpty() ? methodExit(m) : "continue;";
        }
        Body body = m.method().body();
        io.idemcheck.core.facts.LambdaFact lambda = body.lambdas().get(c.lambdaId());
        if (!c.loopIds().isEmpty()) {
            LoopFact inner = body.loops().get(c.loopIds().get(c.loopIds().size() - 1));
            int owner = lambda.ownerCallId();
            // the loop is the lambda itself (forEach), or where the lambda sits is not known: leave the lambda
            if (!inner.kind().startsWith("lambda:") && owner >= 0
                    && !inner.range().contains(body.calls().get(owner).range())) {
                return "continue;"; // a loop inside the lambda
            }
        }
        return lambdaExit(body, lambda);
    }

    /** Calls whose lambda argument gives back nothing (a Consumer, a Runnable), whatever its body's expression. */
    private static final Set<String> VOID_LAMBDA_OWNERS = Set.of("forEach", "forEachOrdered", "forEachRemaining",
            "peek", "ifPresent", "ifPresentOrElse", "executeWithoutResult", "runAsync", "thenAccept", "thenRun",
            "doOnNext", "subscribe");

    /** Leaves a lambda that must give back a value or whose body is an expression of unknown type: a comment only. */
    static final String LEAVE_LAMBDA = "/* leave the lambda here: return, with the value it must give back, if any */";

    /**
     * The statement that leaves lambda {@code l} early: {@code return;} when its block returns nothing or it is passed
     * where nothing is given back ({@code forEach}, {@code ifPresent}), {@code return null;} when its block returns a
     * value (a {@code Callable}, a {@code Supplier}: a plain {@code return;} does not compile there), and
     * {@link #LEAVE_LAMBDA}, a comment, for an expression body passed elsewhere (void or a value: not known).
     */
    static String lambdaExit(Body body, io.idemcheck.core.facts.LambdaFact l) {
        return switch (l.returns()) {
            case NOTHING -> "return;";
            case VALUE -> "return null;";
            case EXPRESSION -> l.ownerCallId() >= 0
                    && VOID_LAMBDA_OWNERS.contains(body.calls().get(l.ownerCallId()).name()) ? "return;" : LEAVE_LAMBDA;
        };
    }

    /**
     * The statement that leaves method {@code m} early: {@code return;} in a void method or a constructor, else a
     * return of the declared type's empty value ({@code return false;}, {@code return 0;}, {@code return 0L;},
     * {@code return Optional.empty();}, {@code return null;} for other reference types); {@link #LEAVE_LAMBDA}'s
     * method twin, a comment, when the return type is not known.
     */
    static String methodExit(MethodRef m) {
        TypeRef rt = m.method().returnType();
        if (rt == null || rt.isUnknown()) {
            return "/* leave the method here: return, with the value it must give back, if any */";
        }
        return switch (rt.simpleName()) {
            case "void" -> "return;";
            case "boolean", "Boolean" -> "return false;";
            case "int", "short", "byte", "Integer", "Short", "Byte" -> "return 0;";
            case "long", "Long" -> "return 0L;";
            case "double", "Double" -> "return 0.0;";
            case "float", "Float" -> "return 0f;";
            case "char", "Character" -> "return '\\0';";
            case "Optional", "OptionalInt", "OptionalLong", "OptionalDouble" -> "return " + rt.simpleName()
                    + ".empty();";
            default -> "return null;";
        };
    }

    /**
     * IDEM001: claim, key, ledger and complete, with the loop item's real accessors when the entity type is in the
     * scanned sources.
     */
    public static Fix sideEffectBeforeRecord(Project project, MethodRef m, CallSite e, CallSite record) {
        Item it = item(project, m, e);
        String item = it.name();
        ItemKeys.Parts parts = it.parts();
        String exit = exit(m, e);
        ItemKeys.LedgerCall lc = ItemKeys.ledgerCall(project.semantics(), m, e);
        String template = Templates.claimKeyLedger(new Templates.ClaimSpec(item, parts.idExpr(), parts.keyParts(),
                e.name(), lc.text(), record.text(), exit, ItemKeys.ledgerNote(lc)));
        boolean placeholder = parts.idExpr().equals(PLACEHOLDER_ID);
        if (placeholder) {
            template = NO_ITEM_NOTE + "\n" + template;
        }
        String keyWords = String.join(" + \":\" + ", parts.keyParts());
        return Fix.of("Claim the row with TaskClaimer.claim (a conditional update whose result is checked) before "
                + "the effect, derive the idempotency key IdempotencyKeys.of(\"" + e.name() + "\", "
                + String.join(", ", parts.keyParts()) + ") from the item (" + keyWords + (placeholder ? "; no id of the "
                + "item is found here: itemId stands for the id of the unit of work, never a random UUID" : "")
                + "), run the effect once per key through IdempotencyLedger.runOnce" + sentKey(lc) + ", and complete "
                + "the claim instead of the plain status write.", template);
    }

    /** The id expression {@link #item} gives when it finds no item: a name the user replaces. */
    static final String PLACEHOLDER_ID = "itemId";

    /** The first line of a key template whose item was not found. */
    static final String NO_ITEM_NOTE = "// itemId: the id of the unit of work (the payout, the task), never an account "
            + "or a user id";

    /** The words of a fix description about the key the effect sent made anew on each run; "" when it sent none. */
    static String sentKey(ItemKeys.LedgerCall lc) {
        if (lc.unstable() == null) {
            return "";
        }
        String what = lc.unstable().replaceAll("\\($", "");
        return lc.replaced() != null ? " with that key (k) sent downstream instead of " + Texts.oneLine(lc.replaced())
                + " (" + what + "), which is a new key after a restart, so the downstream could not dedupe"
                : " with that key (k) sent downstream instead of the key the call makes anew on each run (" + what
                + "), which is a new key after a restart, so the downstream could not dedupe";
    }

    /** The work item a call is about, in the user's names: the loop variable, else the first parameter. */
    public record Item(String name, TypeRef type, ItemKeys.Parts parts) {
    }

    /** The item of {@code c} in {@code m}: the innermost loop's variable, else the first parameter, else "item". */
    public static Item item(Project project, MethodRef m, CallSite c) {
        MethodFacts mf = m.method();
        String item = null;
        if (c != null) {
            for (int l : c.loopIds()) {
                List<String> vars = mf.body().loops().get(l).vars();
                if (!vars.isEmpty()) {
                    item = vars.get(0);
                }
            }
        }
        if (item == null) {
            // outside a loop: the parameter that identifies the unit of work (an id, a business number, or an
            // entity with an id), not just the first parameter (an account is not unique per payout)
            for (MethodFacts.Param p : mf.params()) {
                if (p.name().matches("(?i).*(id|no|number|key)$")) {
                    item = p.name();
                    break;
                }
            }
            if (item == null) {
                for (MethodFacts.Param p : mf.params()) {
                    ItemKeys.Parts k = ItemKeys.of(project.index(), m, p.name(), p.type());
                    if (k.verified() && k.idExpr().contains(".get")) {
                        item = p.name();
                        break;
                    }
                }
            }
        }
        if (item == null) {
            String placeholder = PLACEHOLDER_ID;
            return new Item("item", null, new ItemKeys.Parts(placeholder, List.of(placeholder), false));
        }
        return item(project, m, item);
    }

    /** The item named {@code name} in {@code m} (a local, a loop variable or a parameter). */
    public static Item item(Project project, MethodRef m, String name) {
        MethodFacts mf = m.method();
        LocalVar lv = mf.body().locals().get(name);
        TypeRef type = lv != null ? lv.type() : mf.params().stream().filter(p -> p.name().equals(name))
                .map(MethodFacts.Param::type).findFirst().orElse(null);
        return new Item(name, type, ItemKeys.of(project.index(), m, name, type));
    }

    // ---- IDEM002 ----------------------------------------------------------------------------------------------------

    /**
     * IDEM002: the loop body in a per-item {@code TransactionTemplate}, or moved to a {@code REQUIRES_NEW} method on a
     * bean of its own, with the loop variable and the body's first writing call.
     */
    public static Fix perItemTransaction(Project project, MethodRef m, String loopVar, CallSite work, Fix base) {
        Item it = item(project, m, loopVar);
        String body = work == null ? "process(" + loopVar + ")" : work.text();
        String itemType = it.type() == null || it.type().isUnknown() ? "Object" : it.type().simpleName();
        String owner = m.type().simpleName();
        String bean = owner.replaceAll("(Job|Service|Task|Tasklet|Runner|Scheduler)$", "") + "ItemStep";
        String pkg = m.type().fqn().contains(".") ? m.type().fqn().substring(0, m.type().fqn().lastIndexOf('.')) : "";
        String method = "processOne";
        String template = String.join("\n",
                "// remove the batch-wide @Transactional from " + owner + "." + m.method().name() + "(); then either:",
                "// (a) one TransactionTemplate transaction per item, inside the loop over " + loopVar + ":",
                Templates.perItemTransaction(loopVar, body),
                "",
                "// (b) or the per-item work on another bean (a call through the Spring proxy), and in the loop:",
                "// " + Character.toLowerCase(bean.charAt(0)) + bean.substring(1) + "." + method + "(" + loopVar + ");",
                Templates.requiresNewBean(pkg, bean, method, itemType, loopVar, body));
        return new Fix(base.description(), template, base.edits(), base.recipes());
    }

    // ---- IDEM004 ----------------------------------------------------------------------------------------------------

    /** IDEM004: claim the row ({@code TaskClaimer.claim} or a checked conditional update) instead of the check. */
    public static Fix claimInsteadOfCheck(Project project, MethodRef m, String guardText, String variable,
                                          CallSite act, String table, Fix base) {
        Item it = variable != null ? item(project, m, variable) : item(project, m, act);
        String exit = exit(m, act);
        String template = Templates.claimInsteadOfCheck(guardText, it.parts().idExpr(),
                act == null ? "act(" + it.name() + ")" : act.text(), table, exit);
        return new Fix(base.description(), template, base.edits(), base.recipes());
    }

    // ---- IDEM009 / IDEM010 ------------------------------------------------------------------------------------------

    /** IDEM009: per item, claim, key, ledger and complete (the lock may stay). */
    public static Fix lockedEffect(Project project, MethodRef m, CallSite effect, Fix base) {
        Item it = item(project, m, effect);
        String exit = exit(m, effect);
        String template = "// keep the lock if it saves work; per item:\n"
                + Templates.claimKeyLedger(new Templates.ClaimSpec(it.name(), it.parts().idExpr(),
                it.parts().keyParts(), effect.name(), effect.text(), "the item's status write", exit));
        return new Fix(base.description(), template, base.edits(), base.recipes());
    }

    /** IDEM010: the key derived from the item, and the effect run once per key through the ledger. */
    public static Fix keyedEffect(Project project, MethodRef m, CallSite effect, Fix base) {
        Item it = item(project, m, effect);
        ItemKeys.LedgerCall lc = ItemKeys.ledgerCall(project.semantics(), m, effect);
        String template = Templates.keyLedger(effect.name().toLowerCase(Locale.ROOT), it.parts().keyParts(),
                it.parts().idExpr(), lc.text(), ItemKeys.ledgerNote(lc));
        if (it.parts().idExpr().equals(PLACEHOLDER_ID)) {
            template = NO_ITEM_NOTE + "\n" + template;
        }
        return new Fix(base.description(), template, base.edits(), base.recipes());
    }
}
