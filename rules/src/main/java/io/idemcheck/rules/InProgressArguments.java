package io.idemcheck.rules;

import io.idemcheck.core.catalog.Catalog;
import io.idemcheck.core.catalog.Vocabulary;
import io.idemcheck.core.facts.Arg;
import io.idemcheck.core.facts.CallSite;
import io.idemcheck.core.facts.LocalVar;
import io.idemcheck.core.facts.Receiver;
import io.idemcheck.core.facts.TypeRef;
import io.idemcheck.core.index.MethodRef;
import io.idemcheck.core.index.ResolvedType;
import io.idemcheck.core.index.TypeEntry;
import io.idemcheck.core.schema.EntitySchema;
import io.idemcheck.core.summary.CallInfo;
import io.idemcheck.core.summary.InProgressStates;
import io.idemcheck.core.summary.Semantics;

import java.util.List;
import java.util.Locale;
import java.util.regex.Pattern;

/**
 * IDEM008 moves where the in-progress value is an argument: {@code records.create(key, Status.PENDING, ..)} or
 * {@code updateStatus(id, PROCESSING)}, where the called project method stores that parameter into the status of an
 * entity it saves (a setter or a builder method named for a status). The value is in progress when the catalog's
 * {@code inProgressStates} name it; for an idempotency or dedupe record (its table named with a word of the catalog's
 * {@code requestKeyColumnWords}), a waiting value ({@code retryStates}: pending) is in progress too: the row says a
 * request is being worked on, and a retry with the same key is refused while it stays so.
 */
final class InProgressArguments {

    private InProgressArguments() {
    }

    /** A parameter or setter named for a status (status, orderState, setStatus): the catalog's statusWords. */
    private static final Pattern STATUS_STORE = Catalog.builtin().terms(Vocabulary.STATUS_WORDS)
            .regex("(?i)(set)?\\w*(%s)");

    /** The move call {@code c} makes by passing an in-progress value to a method that stores it, or null. */
    static StaleRunningNotRecovered.Move move(Semantics sem, MethodRef m, CallSite c, CallInfo ci) {
        Catalog cat = sem.catalog();
        for (int i = 0; i < c.args().size(); i++) {
            Arg a = c.args().get(i);
            String value = a.stringValue() != null ? a.stringValue() : a.text().trim();
            String bare = bare(value);
            boolean word = WORD.matcher(bare).matches();
            // a string value (a literal, a resolved constant) is quoted: its shape counts in any case ("exporting")
            boolean inProgress = word && InProgressStates.isInProgressValue(cat,
                    a.stringValue() != null ? "\"" + bare + "\"" : bare);
            boolean waiting = word && cat.terms(Vocabulary.RETRY_STATES).has(bare.toUpperCase(Locale.ROOT));
            if (!inProgress && !waiting) {
                continue;
            }
            for (MethodRef t : ci.target().targets()) {
                if (t.file().test() || !t.method().hasBody() || t.method().params().size() <= i
                        || !sem.methodWritesDatabase(t)) {
                    continue;
                }
                Stored stored = storedTable(sem, t, t.method().params().get(i).name());
                if (stored == null) {
                    continue;
                }
                String table = stored.table();
                // a fresh row inserted in progress is a run-history row, unless it is an idempotency record: that row
                // is the guard a retry with the same key is refused by
                if ((!inProgress || stored.fresh()) && !idempotencyTable(cat, table)) {
                    continue;
                }
                String v = bare.toUpperCase(Locale.ROOT);
                return new StaleRunningNotRecovered.Move(Semantics.location(m, c.range(), null), m.id(), c.text(),
                        table, v, Semantics.display(c) + " passing " + value.replaceAll("\\s+", " ") + " to "
                        + t.type().simpleName() + "." + t.method().name() + "(), which stores it as the status of a "
                        + "new or saved row,", "argument", List.of());
            }
            if (inProgress) {
                StaleRunningNotRecovered.Move sql = sqlMove(cat, m, c, ci, i, value, bare);
                if (sql != null) {
                    return sql;
                }
            }
        }
        return null;
    }

    /**
     * The move a call makes by passing an in-progress value to a data-access method whose visible SQL writes a status
     * column from a parameter ({@code SET status = #{status}}) and whose parameter at that position is named for a
     * status (its name or its {@code @Param} value): {@code s1Update(id, PROCESSING)}. Null when none does.
     */
    private static StaleRunningNotRecovered.Move sqlMove(Catalog cat, MethodRef m, CallSite c, CallInfo ci, int i,
                                                         String value, String bare) {
        for (MethodRef t : ci.target().targets()) {
            if (t.method().params().size() <= i || !statusParam(t.method().params().get(i))) {
                continue;
            }
            for (io.idemcheck.core.sql.SqlStatement st : ci.statements()) {
                if (InProgressStates.movesToInProgress(cat, st) != null) {
                    continue; // the statement itself names the in-progress value: already a move of its own
                }
                for (io.idemcheck.core.sql.SqlFacts f : st.shapes()) {
                    if (f.kind() == io.idemcheck.core.sql.SqlFacts.Kind.UPDATE && f.statusValues().contains("?")) {
                        return new StaleRunningNotRecovered.Move(Semantics.location(m, c.range(), null), m.id(),
                                c.text(), f.table(), bare.toUpperCase(Locale.ROOT), Semantics.display(c) + " passing "
                                + value.replaceAll("\\s+", " ") + " to " + t.type().simpleName() + "."
                                + t.method().name() + "(), whose SQL writes it as the row's status,", "argument",
                                f.setColumns());
                    }
                }
            }
        }
        return null;
    }

    /** A parameter named for a status, by its own name or by its {@code @Param} value. */
    private static boolean statusParam(io.idemcheck.core.facts.MethodFacts.Param p) {
        if (STATUS_STORE.matcher(p.name()).matches()) {
            return true;
        }
        return p.annotations().stream().anyMatch(a -> a.simpleName().equals("Param")
                && a.strings().values().stream().anyMatch(v -> STATUS_STORE.matcher(v).matches()));
    }

    /** A value that can be a state's name: three or more letters or underscores. */
    private static final Pattern WORD = Pattern.compile("[A-Za-z_]{3,}");
    private static final Pattern VALUE_CALL = Pattern.compile("\\.(name|getCode|getValue)\\(\\)$");

    /** "IdempotencyKeys.ResponseStatusType.pending" -> "pending"; "\"RUNNING\"" -> "RUNNING". */
    private static String bare(String v) {
        String t = v.replace("\"", "").replace("'", "").trim();
        if (t.endsWith("()")) { // trimmed: the pattern's end is the text's
            t = VALUE_CALL.matcher(t).replaceAll("");
        }
        int dot = t.lastIndexOf('.');
        return dot >= 0 ? t.substring(dot + 1) : t;
    }

    private static boolean idempotencyTable(Catalog cat, String table) {
        String t = table.toLowerCase(Locale.ROOT);
        for (String w : cat.terms(Vocabulary.REQUEST_KEY_COLUMN_WORDS).values()) {
            if (t.contains(w.toLowerCase(Locale.ROOT))) {
                return true;
            }
        }
        return false;
    }

    /** The table a status is stored in, and whether the row is a new one (built in the method) or a loaded one. */
    private record Stored(String table, boolean fresh) {
    }

    /**
     * The table of the entity into whose status {@code t} stores its parameter {@code param}: a setter or builder
     * method named for a status ({@code setStatus(p)}, {@code .responseStatus(p)}) called with it, on a local of an
     * entity type (or in the builder chain that initialises one). Null when none is visible.
     */
    private static Stored storedTable(Semantics sem, MethodRef t, String param) {
        for (CallSite x : t.method().body().calls()) {
            if (!STATUS_STORE.matcher(x.name()).matches() || x.argCount() != 1
                    || !x.args().get(0).names().contains(param)) {
                continue;
            }
            String var = null;
            if (x.receiver().kind() == Receiver.Kind.NAME) {
                var = x.receiver().name();
            } else {
                for (LocalVar lv : t.method().body().locals().values()) {
                    if (lv.initCallIds().contains(x.id())) {
                        var = lv.name();
                    }
                }
            }
            if (var == null) {
                continue;
            }
            TypeRef tr = sem.index().variableType(t, var, false).orElse(null);
            if (tr == null || tr.isUnknown()) {
                continue;
            }
            ResolvedType rt = sem.index().resolveType(tr.name(), t.file(), t.type());
            TypeEntry te = sem.index().typeOf(rt).orElse(null);
            if (te != null && EntitySchema.isEntity(te.type())) {
                LocalVar lv = t.method().body().locals().get(var);
                boolean fresh = lv != null && lv.initText() != null
                        && lv.initText().matches("(?s)\\s*(new\\s.*|.*\\.build\\(\\)\\s*)");
                return new Stored(EntitySchema.tableOf(te, sem.index()), fresh);
            }
        }
        return null;
    }
}
