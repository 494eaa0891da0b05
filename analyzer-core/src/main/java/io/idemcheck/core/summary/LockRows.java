package io.idemcheck.core.summary;

import io.idemcheck.core.catalog.Vocabulary;
import io.idemcheck.core.facts.Body;
import io.idemcheck.core.facts.CallSite;
import io.idemcheck.core.index.MethodRef;
import io.idemcheck.core.sql.SqlFacts;
import io.idemcheck.core.sql.SqlStatement;

import java.util.List;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Database lock rows: a row of a lock table (the catalog's {@code lockTableNames}: {@code job_lock},
 * {@code t_scheduler_lock}, {@code shedlock}) read {@code SELECT .. FOR UPDATE} inside a transaction, once, outside
 * any loop. The row stays locked until the transaction ends, so a second instance of the job waits at the same select:
 * a lock like a Redis one, held from the select to the commit (the commit of a transaction begun by hand, the end of
 * the TransactionTemplate lambda, or the end of the {@code @Transactional} method). A {@code FOR UPDATE} with
 * auto-commit (no transaction around it) locks nothing past the select; a {@code FOR UPDATE} of the work items
 * themselves (a table that is no lock table, {@code SKIP LOCKED}) is a per-row claim, not a job lock.
 */
final class LockRows {

    private static final Pattern FROM = Pattern.compile("(?i)\\b(?:FROM|JOIN)\\s+([\\w.`\"]+)");
    private static final Pattern SKIP_LOCKED = Pattern.compile("(?is).*\\bSKIP\\s+LOCKED\\b.*");

    private LockRows() {
    }

    /** The lock a lock-row select {@code c} of {@code m} takes, with its region, or null. */
    static Locks.Lock lockRow(Semantics sem, MethodRef m, CallSite c, CallInfo ci) {
        if (!c.loopIds().isEmpty()) {
            return null;
        }
        String table = lockTable(sem, c, ci);
        if (table == null) {
            return null;
        }
        Body body = m.method().body();
        List<CallSite> calls = body.calls();
        for (Transactions.ManualTransaction mt : sem.manualTransactions(m)) {
            if (mt.holds(c)) {
                int to = mt.commit() != null ? mt.commit().id() : calls.size();
                return lock(table, c, to);
            }
        }
        for (CallSite owner : body.lambdaOwners(c)) {
            if (sem.runsLambdaInTransaction(m, owner)) {
                int to = c.id() + 1;
                for (CallSite x : calls) {
                    if (body.lambdaOwners(x).contains(owner)) {
                        to = Math.max(to, x.id() + 1);
                    }
                }
                return lock(table, c, to);
            }
        }
        Transactions.TxDeclaration d = sem.transactionDeclaration(m);
        if (d != null && d.startsWriteTransaction() && c.lambdaId() < 0) {
            return lock(table, c, calls.size());
        }
        return null;
    }

    private static Locks.Lock lock(String table, CallSite c, int to) {
        return new Locks.Lock("database lock row (SELECT .. FROM " + table + " .. FOR UPDATE, held to the commit)",
                c.range(), c, c.id() + 1, to, -1);
    }

    /**
     * The lock table a SELECT .. FOR UPDATE of the call reads, or null: a statement of the SQL model (a mapper, an
     * annotation), or the SQL text a JDBC query call is given ({@code jdbc.queryForObject("SELECT .. FOR UPDATE", ..)}
     * on one of the catalog's {@code jdbcSqlTypes}: queries are no statements of the model, which holds the writes).
     */
    private static String lockTable(Semantics sem, CallSite c, CallInfo ci) {
        for (SqlStatement st : ci.statements()) {
            for (SqlFacts f : st.shapes()) {
                String t = f.kind() == SqlFacts.Kind.SELECT ? lockTable(sem, f.text()) : null;
                if (t != null) {
                    return t;
                }
            }
        }
        if (c.name().startsWith("query") && !c.args().isEmpty() && c.args().get(0).stringValue() != null
                && sem.catalog().terms(Vocabulary.JDBC_SQL_TYPES).has(ci.target().receiverType().simpleName())) {
            return lockTable(sem, c.args().get(0).stringValue());
        }
        return null;
    }

    /** The lock table {@code sql}, a single-table SELECT .. FOR UPDATE (not SKIP LOCKED), reads, or null. */
    private static String lockTable(Semantics sem, String sql) {
        if (sql == null || !sql.toUpperCase(Locale.ROOT).contains("UPDATE") || !SqlFacts.locksForUpdate(sql)
                || SKIP_LOCKED.matcher(sql).matches()) {
            return null;
        }
        Matcher from = FROM.matcher(sql);
        if (!from.find()) {
            return null;
        }
        String t = from.group(1).replace("`", "").replace("\"", "");
        t = t.substring(t.lastIndexOf('.') + 1);
        Pattern names = sem.catalog().terms(Vocabulary.LOCK_TABLE_NAMES).regex("(?i)(%s)");
        return names.matcher(t).matches() && !from.find() ? t : null; // one table: a join reads work items too
    }
}
