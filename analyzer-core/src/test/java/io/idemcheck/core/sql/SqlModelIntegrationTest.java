package io.idemcheck.core.sql;

import io.idemcheck.core.engine.Analyzer;
import io.idemcheck.core.engine.ProgressListener;
import io.idemcheck.core.model.Project;
import io.idemcheck.core.engine.ScanRequest;
import io.idemcheck.core.facts.CallSite;
import io.idemcheck.core.finding.Diagnostic;
import io.idemcheck.core.finding.ScanResult;
import io.idemcheck.core.finding.Severity;
import io.idemcheck.core.index.MethodRef;
import io.idemcheck.core.rule.Rule;
import io.idemcheck.core.rule.RuleContext;
import io.idemcheck.core.rule.RuleInfo;
import io.idemcheck.core.rule.RuleRegistry;
import io.idemcheck.core.summary.CallInfo;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.atomic.AtomicReference;

import static org.assertj.core.api.Assertions.assertThat;

/** The SQL statement model seen through the engine: every source of SQL, linked to the Java call that runs it. */
class SqlModelIntegrationTest {

    @TempDir
    Path tmp;

    @RuleInfo(id = "IDEM999", name = "Capture", summary = "captures the project", severity = Severity.NOTE)
    static final class Capture implements Rule {
        final AtomicReference<Project> project = new AtomicReference<>();

        @Override
        public void check(RuleContext ctx) {
            project.set(ctx.project());
        }
    }

    record Scan(Project project, ScanResult result) {
        /** The call info of the first call named {@code name} in method {@code method} of any type. */
        CallInfo call(String method, String name) {
            for (MethodRef m : project.index().methods()) {
                if (m.method().name().equals(method)) {
                    for (CallSite c : m.method().body().calls()) {
                        if (c.name().equals(name)) {
                            return project.semantics().calls(m).get(c.id());
                        }
                    }
                }
            }
            throw new AssertionError("no call " + name + " in " + method);
        }
    }

    Scan scan(String... pathAndText) throws Exception {
        for (int i = 0; i < pathAndText.length; i += 2) {
            Path p = tmp.resolve(pathAndText[i]);
            Files.createDirectories(p.getParent());
            Files.writeString(p, pathAndText[i + 1]);
        }
        Capture capture = new Capture();
        ScanResult r = new Analyzer().scan(new ScanRequest(List.of(tmp), tmp, 1, RuleRegistry.of(List.of(capture)),
                ProgressListener.NONE));
        return new Scan(capture.project.get(), r);
    }

    static final String JOB = """
            package com.acme;
            import java.util.List;
            public class Job {
                private TaskMapper taskMapper;
                public void run() {
                    for (Task t : taskMapper.selectPending()) {
                        taskMapper.markRunning(t.getId());
                        taskMapper.touch(t.getId(), "DONE");
                        taskMapper.updateMaybe(t.getId(), "DONE", null);
                        taskMapper.finishVoid(t.getId());
                    }
                }
            }
            interface TaskMapper {
                List<Task> selectPending();
                int markRunning(long id);
                int touch(long id, String status);
                int updateMaybe(long id, String status, String expected);
                void finishVoid(long id);
            }
            class Task { long id; long getId() { return id; } }
            """;

    static final String XML = """
            <?xml version="1.0" encoding="UTF-8"?>
            <!DOCTYPE mapper PUBLIC "-//mybatis.org//DTD Mapper 3.0//EN" "https://mybatis.org/dtd/mybatis-3-mapper.dtd">
            <mapper namespace="com.acme.TaskMapper">
              <select id="selectPending" resultType="com.acme.Task">
                SELECT * FROM task WHERE status = 'PENDING'
              </select>
              <update id="markRunning">
                UPDATE task SET status = 'RUNNING' WHERE id = #{id} AND status = 'PENDING'
              </update>
              <update id="touch">
                UPDATE task SET status = #{status}, gmt_modified = NOW() WHERE id = #{id}
              </update>
              <update id="updateMaybe">
                UPDATE task SET status = #{status}
                <where>
                  id = #{id}
                  <if test="expected != null">AND status = #{expected}</if>
                </where>
              </update>
              <update id="finishVoid">
                UPDATE task SET status = 'RUNNING' WHERE id = #{id} AND status = 'PENDING'
              </update>
            </mapper>
            """;

    @Test
    void mapperXmlStatementsAreLinkedToTheirMethodsWhateverTheyAreCalled() throws Exception {
        Scan s = scan("src/main/java/com/acme/Job.java", JOB, "src/main/resources/mapper/TaskMapper.xml", XML);
        CallInfo claim = s.call("run", "markRunning");
        assertThat(claim.claim()).isTrue();
        assertThat(claim.statements()).singleElement().satisfies(st -> {
            assertThat(st.source()).isEqualTo(SqlStatement.Source.MAPPER_XML);
            assertThat(st.relPath()).isEqualTo("src/main/resources/mapper/TaskMapper.xml");
            assertThat(st.range().line()).isEqualTo(7);
            assertThat(st.conditional()).isTrue();
        });
        CallInfo touch = s.call("run", "touch");
        assertThat(touch.record()).as("a status write whatever the method is called").isNotNull();
        assertThat(touch.basis()).isEqualTo("sql");
        assertThat(touch.claim()).isFalse();
        assertThat(touch.statements().get(0).conditional()).isFalse();
    }

    @Test
    void dynamicSqlWhereOnlyOneBranchAddsTheStatusPredicateIsBlind() throws Exception {
        Scan s = scan("src/main/java/com/acme/Job.java", JOB, "src/main/resources/mapper/TaskMapper.xml", XML);
        SqlStatement st = s.call("run", "updateMaybe").statements().get(0);
        assertThat(st.shapes()).hasSize(2);
        assertThat(st.statusWrite()).isTrue();
        assertThat(st.conditional()).as("the shape without <if> is blind, and the blind shape is what counts").isFalse();
    }

    @Test
    void voidMapperMethodThrowsItsRowCountAway() throws Exception {
        Scan s = scan("src/main/java/com/acme/Job.java", JOB, "src/main/resources/mapper/TaskMapper.xml", XML);
        CallInfo c = s.call("run", "finishVoid");
        assertThat(c.claim()).isTrue();
        assertThat(c.target().declared().method().returnType().name()).isEqualTo("void");
    }

    @Test
    void annotationsTextBlocksConstantsAndScriptBodies() throws Exception {
        Scan s = scan("src/main/java/com/acme/Dao.java", """
                package com.acme;
                import org.apache.ibatis.annotations.Update;
                import org.springframework.jdbc.core.JdbcTemplate;
                public class Dao {
                    static final String TABLE = "task";
                    static final String CLAIM = "UPDATE " + TABLE + " SET status = 'RUNNING' "
                            + "WHERE id = ? AND status = 'PENDING'";
                    private JdbcTemplate jdbc;
                    private M m;
                    void run(long id) {
                        jdbc.update(CLAIM, id);
                        jdbc.update(\"""
                                UPDATE task
                                SET status = 'DONE'
                                WHERE id = ?
                                \""", id);
                        jdbc.update("INSERT INTO t_order (task_id) VALUES (?)", id);
                        m.scripted(id);
                    }
                }
                interface M {
                    @Update({"<script>", "UPDATE task SET status = #{s}", "<where> id = #{id} </where>", "</script>"})
                    int scripted(long id);
                }
                """);
        CallInfo claim = s.call("run", "update");
        assertThat(claim.statements().get(0).source()).isEqualTo(SqlStatement.Source.JDBC_STRING);
        assertThat(claim.claim()).as("constant concatenation").isTrue();
        List<CallInfo> updates = updatesOf(s, "run");
        assertThat(updates.get(1).record()).as("text block").isNotNull();
        assertThat(updates.get(1).claim()).isFalse();
        assertThat(updates.get(2).effect()).as("an INSERT is an effect").isNotNull();
        assertThat(updates.get(2).effect().kind()).isEqualTo("db-insert");
        CallInfo scripted = s.call("run", "scripted");
        assertThat(scripted.statements().get(0).source()).isEqualTo(SqlStatement.Source.MYBATIS_ANNOTATION);
        assertThat(scripted.record()).isNotNull();
    }

    private static List<CallInfo> updatesOf(Scan s, String method) {
        for (MethodRef m : s.project().index().methods()) {
            if (m.method().name().equals(method)) {
                List<CallInfo> ci = s.project().semantics().calls(m);
                return m.method().body().calls().stream().filter(c -> c.name().equals("update"))
                        .map(c -> ci.get(c.id())).toList();
            }
        }
        throw new AssertionError(method);
    }

    @Test
    void myBatisPlusWrapperChainsAreConditionalOnlyWithAStatusPredicate() throws Exception {
        Scan s = scan("src/main/java/com/acme/Svc.java", """
                package com.acme;
                import com.baomidou.mybatisplus.core.mapper.BaseMapper;
                import com.baomidou.mybatisplus.core.conditions.update.LambdaUpdateWrapper;
                public class Svc {
                    private TaskMapper mapper;
                    void claim(long id) {
                        mapper.update(null, new LambdaUpdateWrapper<Task>()
                                .set(Task::getStatus, "RUNNING")
                                .eq(Task::getId, id)
                                .eq(Task::getStatus, "PENDING"));
                    }
                    void blind(long id) {
                        LambdaUpdateWrapper<Task> w = new LambdaUpdateWrapper<>();
                        w.set(Task::getStatus, "DONE").eq(Task::getId, id);
                        mapper.update(null, w);
                    }
                }
                interface TaskMapper extends BaseMapper<Task> {
                }
                class Task {
                    long id; String status;
                    long getId() { return id; }
                    String getStatus() { return status; }
                }
                """);
        CallInfo claim = s.call("claim", "update");
        assertThat(claim.statements()).singleElement().satisfies(st -> {
            assertThat(st.source()).isEqualTo(SqlStatement.Source.MYBATIS_PLUS_WRAPPER);
            assertThat(st.table()).isEqualTo("task");
            assertThat(st.conditional()).isTrue();
        });
        assertThat(claim.claim()).isTrue();
        CallInfo blind = s.call("blind", "update");
        assertThat(blind.statements().get(0).statusWrite()).isTrue();
        assertThat(blind.statements().get(0).conditional()).isFalse();
        assertThat(blind.record()).isNotNull();
    }

    @Test
    void sqlTheParserRejectsIsADiagnosticAndTheScanGoesOn() throws Exception {
        Scan s = scan("src/main/java/com/acme/Bad.java", """
                package com.acme;
                import org.apache.ibatis.annotations.Update;
                interface Bad {
                    @Update("UPDATE task SET status = WHERE id = #{id} (((")
                    int broken(long id);
                    @Update("UPDATE task SET status = 'DONE' WHERE id = #{id}")
                    int fine(long id);
                }
                """);
        assertThat(s.result().diagnostics()).anySatisfy(d -> {
            assertThat(d.kind()).isEqualTo(Diagnostic.Kind.SQL_UNPARSED);
            assertThat(d.path()).isEqualTo("src/main/java/com/acme/Bad.java");
            assertThat(d.line()).isEqualTo(4);
        });
        assertThat(s.project().semantics().sqlModel().statementsFor("com.acme.Bad", "fine").get(0).statusWrite())
                .isTrue();
        assertThat(s.project().semantics().sqlModel().statementsFor("com.acme.Bad", "broken").get(0).unknown())
                .isTrue();
        assertThat(s.result().hasAnalysisErrors()).as("unknown SQL does not make a file unanalysed").isFalse();
    }

    @Test
    void springDataDerivedQueriesJpqlAndVersionedEntities() throws Exception {
        Scan s = scan("src/main/java/com/acme/Jpa.java", """
                package com.acme;
                import java.util.List;
                import jakarta.persistence.Entity;
                import jakarta.persistence.Table;
                import jakarta.persistence.Version;
                import org.springframework.data.jpa.repository.JpaRepository;
                import org.springframework.data.jpa.repository.Modifying;
                import org.springframework.data.jpa.repository.Query;
                public class Jpa {
                    private OrderRepository repo;
                    void run() {
                        for (PayOrder o : repo.findByStatus("UNPAID")) {
                            o.setStatus("CANCELLED");
                            repo.save(o);
                            repo.cancel(o.getId());
                        }
                    }
                }
                interface OrderRepository extends JpaRepository<PayOrder, Long> {
                    List<PayOrder> findByStatus(String status);
                    @Modifying
                    @Query("update PayOrder o set o.orderStatus = :s where o.id = :id and o.orderStatus = 'UNPAID'")
                    int cancel(Long id);
                }
                @Entity
                @Table(name = "pay_order")
                class PayOrder {
                    Long id; String status;
                    @Version Long rev;
                    Long getId() { return id; }
                    void setStatus(String s) { status = s; }
                }
                """);
        SqlStatement find = s.call("run", "findByStatus").statements().get(0);
        assertThat(find.kind()).isEqualTo(SqlFacts.Kind.SELECT);
        assertThat(find.table()).isEqualTo("pay_order");
        assertThat(find.shapes().get(0).whereColumns()).containsExactly("status");
        SqlStatement save = s.call("run", "save").statements().get(0);
        assertThat(save.source()).isEqualTo(SqlStatement.Source.ENTITY_SAVE);
        assertThat(save.statusWrite()).isTrue();
        assertThat(save.conditional()).as("@Version makes the save a compare-and-set").isTrue();
        SqlStatement cancel = s.call("run", "cancel").statements().get(0);
        assertThat(cancel.source()).isEqualTo(SqlStatement.Source.JPA_QUERY);
        assertThat(cancel.table()).isEqualTo("pay_order");
        assertThat(cancel.conditional()).isTrue();
    }

    static final String JDBI_JOB = """
            package com.acme.invoice;
            import java.util.List;
            import org.jdbi.v3.sqlobject.statement.SqlQuery;
            import org.jdbi.v3.sqlobject.statement.SqlUpdate;
            import org.jdbi.v3.stringtemplate4.UseStringTemplateSqlLocator;
            public class InvoiceJob {
                private InvoiceSqlDao dao;
                public void run() {
                    for (Invoice i : dao.getOpen()) {
                        dao.updateStatus(i.id, "PAID");
                        dao.markPaid(i.id);
                        dao.close(i.id);
                    }
                }
            }
            interface EntitySqlDao {
                @SqlUpdate
                void updateStatus(long id, String status);
            }
            @UseStringTemplateSqlLocator
            interface InvoiceSqlDao extends EntitySqlDao {
                @SqlQuery
                List<Invoice> getOpen();
                @SqlUpdate("markPaid")
                int markPaid(long id);
                @SqlUpdate("UPDATE invoices SET status = 'CLOSED' WHERE id = :id AND status = 'PAID'")
                int close(long id);
            }
            class Invoice { long id; }
            """;

    @Test
    void jdbiSqlObjectMethodsRunTheirAnnotationOrTheTemplateOfTheReceiversOwnGroup() throws Exception {
        Scan s = scan("src/main/java/com/acme/invoice/InvoiceJob.java", JDBI_JOB,
                "src/main/resources/com/acme/invoice/EntitySqlDao.sql.stg", """
                        updateStatus() ::= <<
                        update <tableName()> set status = :status where id = :id
                        >>
                        """,
                "src/main/resources/com/acme/invoice/InvoiceSqlDao.sql.stg", """
                        import "com/acme/invoice/EntitySqlDao.sql.stg"
                        tableName() ::= "invoices"
                        getOpen() ::= <<
                        select id from <tableName()> where status = 'OPEN'
                        >>
                        markPaid() ::= <<
                        update <tableName()> set status = 'PAID' where id = :id and status = 'OPEN'
                        >>
                        """);
        assertThat(s.result().diagnostics()).isEmpty();
        CallInfo inherited = s.call("run", "updateStatus");
        assertThat(inherited.statements()).singleElement().satisfies(st -> {
            assertThat(st.source()).isEqualTo(SqlStatement.Source.JDBI_TEMPLATE);
            assertThat(st.table()).isEqualTo("invoices");
            assertThat(st.statusWrite()).isTrue();
            assertThat(st.conditional()).isFalse();
            assertThat(st.relPath()).isEqualTo("src/main/resources/com/acme/invoice/EntitySqlDao.sql.stg");
            assertThat(st.range().line()).isEqualTo(1);
        });
        CallInfo named = s.call("run", "markPaid");
        assertThat(named.statements()).singleElement().satisfies(st -> {
            assertThat(st.source()).isEqualTo(SqlStatement.Source.JDBI_TEMPLATE);
            assertThat(st.conditional()).isTrue();
            assertThat(st.range().line()).isEqualTo(6);
        });
        CallInfo annotated = s.call("run", "close");
        assertThat(annotated.statements()).singleElement().satisfies(st -> {
            assertThat(st.source()).isEqualTo(SqlStatement.Source.JDBI_ANNOTATION);
            assertThat(st.conditional()).isTrue();
            assertThat(st.relPath()).isEqualTo("src/main/java/com/acme/invoice/InvoiceJob.java");
        });
        CallInfo select = s.call("run", "getOpen");
        assertThat(select.statements()).singleElement().satisfies(st -> assertThat(st.kind())
                .isEqualTo(SqlFacts.Kind.SELECT));
    }

    @Test
    void aJdbiTemplateThatCannotBeRenderedIsADiagnosticAtItsLineAndTheScanGoesOn() throws Exception {
        Scan s = scan("src/main/java/com/acme/invoice/InvoiceJob.java", JDBI_JOB,
                "src/main/resources/com/acme/invoice/InvoiceSqlDao.sql.stg", """
                        getOpen() ::= <<
                        select id from <missingTable()> where status = 'OPEN'
                        >>
                        """);
        assertThat(s.result().diagnostics()).anySatisfy(d -> {
            assertThat(d.kind()).isEqualTo(Diagnostic.Kind.SQL_UNPARSED);
            assertThat(d.path()).isEqualTo("src/main/resources/com/acme/invoice/InvoiceSqlDao.sql.stg");
            assertThat(d.line()).as("the line calling the missing template, not the definition's").isEqualTo(2);
            assertThat(d.message()).contains("getOpen").contains("missingTable");
        });
        assertThat(s.result().diagnostics()).as("the partial text not parsing is the same problem: one diagnostic")
                .filteredOn(d -> d.path().endsWith("InvoiceSqlDao.sql.stg")).hasSize(1);
        assertThat(s.call("run", "close").statements()).hasSize(1);
    }

    @Test
    void aTemplateGroupNoDaoLooksUpIsCountedNotSkippedQuietly() throws Exception {
        Scan s = scan("src/main/java/com/acme/invoice/InvoiceJob.java", JDBI_JOB,
                "src/main/resources/com/acme/invoice/InvoiceSqlDao.sql.stg", "markPaid() ::= <<\n"
                        + "update invoices set status = 'PAID' where id = :id and status = 'OPEN'\n>>\n",
                "src/main/resources/com/acme/legacy/OrphanSqlDao.sql.stg", "purge() ::= \"delete from x\"\n");
        assertThat(s.result().diagnostics()).filteredOn(d -> d.message().contains("template group"))
                .singleElement().satisfies(d -> {
                    assertThat(d.kind()).isEqualTo(Diagnostic.Kind.INFO);
                    assertThat(d.message()).isEqualTo("1 jDBI template group not read: no SQL-object method of the "
                            + "scan looks a statement up in it (src/main/resources/com/acme/legacy/OrphanSqlDao.sql.stg)");
                });
    }
}
