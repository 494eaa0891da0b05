package io.idemcheck.core.sql;

import net.sf.jsqlparser.JSQLParserException;
import net.sf.jsqlparser.parser.CCJSqlParserUtil;
import net.sf.jsqlparser.statement.Statement;
import net.sf.jsqlparser.statement.create.table.CreateTable;
import org.junit.jupiter.api.Test;

import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.atomic.AtomicInteger;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** The shared-pool parse gives what JSqlParser's thread-per-call parse gives, settings applied, errors thrown. */
class SqlParsingTest {

    private static final List<String> STATEMENTS = List.of(
            "UPDATE task SET status = 'DONE' WHERE id = ? AND status = 'RUNNING'",
            "INSERT INTO job (id, name) VALUES (?, ?) ON CONFLICT (id) DO NOTHING",
            "SELECT t.id, (SELECT max(v) FROM w WHERE w.t = t.id) FROM task t WHERE t.due < now()",
            "CREATE TABLE item (id BIGINT AUTO_INCREMENT PRIMARY KEY, code VARCHAR(20), UNIQUE KEY uk_code (code))",
            "DELETE FROM outbox WHERE sent_at IS NOT NULL");

    @Test
    void parsesAsJSqlParsersOwnEntryPointDoes() throws Exception {
        for (String sql : STATEMENTS) {
            Statement mine = SqlParsing.parse(sql, null);
            Statement theirs = CCJSqlParserUtil.parse(sql);
            assertThat(mine.getClass()).as(sql).isEqualTo(theirs.getClass());
            assertThat(mine.toString()).as(sql).isEqualTo(theirs.toString());
        }
    }

    @Test
    void appliesTheSettingsToTheParser() throws Exception {
        AtomicInteger applied = new AtomicInteger();
        Statement st = SqlParsing.parse("CREATE TABLE t (id INT, UNIQUE KEY u (id))", p -> {
            applied.incrementAndGet();
            p.withTimeOut(5000);
        });
        assertThat(st).isInstanceOf(CreateTable.class);
        assertThat(applied.get()).isGreaterThanOrEqualTo(1);
    }

    @Test
    void rejectsWhatJSqlParserRejects() {
        String bad = "CREATE TABLE t (id INT,, )) oops";
        assertThatThrownBy(() -> CCJSqlParserUtil.parse(bad)).isInstanceOf(JSQLParserException.class);
        assertThatThrownBy(() -> SqlParsing.parse(bad, null)).isInstanceOf(JSQLParserException.class);
    }

    @Test
    void manyParsesOneAfterAnotherShareOneParserThread() throws Exception {
        SqlParsing.release(); // this test thread may have a parser thread from an earlier test: start from none
        Set<Thread> before = new HashSet<>(Thread.getAllStackTraces().keySet());
        for (int i = 0; i < 50; i++) {
            SqlParsing.parse("SELECT a FROM b WHERE c = " + i, null);
        }
        long started = Thread.getAllStackTraces().keySet().stream()
                .filter(t -> !before.contains(t) && t.getName().equals("idemcheck-sql")).count();
        assertThat(started).isEqualTo(1);
    }

    @Test
    void releaseStopsTheCallingThreadsParserThread() throws Exception {
        SqlParsing.release();
        Set<Thread> before = new HashSet<>(Thread.getAllStackTraces().keySet());
        SqlParsing.parse("SELECT a FROM b", null);
        List<Thread> mine = Thread.getAllStackTraces().keySet().stream()
                .filter(t -> !before.contains(t) && t.getName().equals("idemcheck-sql")).toList();
        assertThat(mine).hasSize(1);
        assertThat(mine.get(0).isAlive()).isTrue();
        SqlParsing.release();
        mine.get(0).join(10_000);
        assertThat(mine.get(0).isAlive()).isFalse();
        assertThat(SqlParsing.parse("SELECT a FROM b", null).toString()).isEqualTo("SELECT a FROM b");
        SqlParsing.release();
    }
}
