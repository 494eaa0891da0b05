package io.idemcheck.core.summary;

import io.idemcheck.core.index.MethodRef;
import io.idemcheck.core.model.Project;
import io.idemcheck.core.sql.SqlFacts;
import io.idemcheck.core.sql.SqlStatement;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.util.List;

import static io.idemcheck.core.summary.SummaryFixture.info;
import static io.idemcheck.core.summary.SummaryFixture.mainJava;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * {@link CallSql}: the SQL statements a call runs, as far as they are visible: the called mapper method's XML or
 * annotation, a JDBC string (the prepared one belongs to the execution), a MyBatis-Plus wrapper chain, a MyBatis
 * Generator example, a Spring Data derived query, an entity update narrowed to its setters (fenced by an optimistic
 * lock's version). A call with no visible SQL has none.
 */
class CallSqlTest {

    @TempDir
    Path tmp;

    private static SqlStatement only(CallInfo ci) {
        assertThat(ci.statements()).hasSize(1);
        return ci.statements().get(0);
    }

    private static SqlFacts shape(CallInfo ci) {
        SqlStatement st = only(ci);
        assertThat(st.shapes()).hasSize(1);
        return st.shapes().get(0);
    }

    @Test
    void mapperXmlAndAnnotationsGiveTheCalledMethodsStatement() throws Exception {
        String xml = """
                <?xml version="1.0" encoding="UTF-8"?>
                <!DOCTYPE mapper PUBLIC "-//mybatis.org//DTD Mapper 3.0//EN" "https://mybatis.org/dtd/mybatis-3-mapper.dtd">
                <mapper namespace="com.acme.TaskMapper">
                  <update id="markRunning">
                    UPDATE task SET status = 'RUNNING' WHERE id = #{id} AND status = 'PENDING'
                  </update>
                </mapper>
                """;
        String src = """
                package com.acme;
                import org.apache.ibatis.annotations.Mapper;
                import org.apache.ibatis.annotations.Select;
                public class Job {
                    private TaskMapper taskMapper;
                    private Helper helper;
                    public void run(long id) {
                        taskMapper.markRunning(id);
                        taskMapper.pending();
                        taskMapper.unmapped(id);                                     // negative: no SQL visible
                        helper.markRunning(id);                                      // negative: a project method
                    }
                }
                @Mapper
                interface TaskMapper {
                    int markRunning(long id);
                    @Select("SELECT id FROM task WHERE status = 'PENDING'")
                    java.util.List<Long> pending();
                    int unmapped(long id);
                }
                class Helper { void markRunning(long id) { } }
                """;
        Project p = SummaryFixture.scan(tmp, mainJava("Job", src)[0], mainJava("Job", src)[1],
                "src/main/resources/mapper/TaskMapper.xml", xml);
        SqlStatement xmlSt = only(info(p, "run", "markRunning"));
        assertThat(xmlSt.source()).isEqualTo(SqlStatement.Source.MAPPER_XML);
        assertThat(xmlSt.id()).isEqualTo("com.acme.TaskMapper.markRunning");
        assertThat(xmlSt.relPath()).isEqualTo("src/main/resources/mapper/TaskMapper.xml");
        assertThat(xmlSt.kind()).isEqualTo(SqlFacts.Kind.UPDATE);
        assertThat(xmlSt.table()).isEqualTo("task");
        assertThat(xmlSt.statusWrite()).isTrue();
        assertThat(xmlSt.conditional()).isTrue();

        SqlStatement ann = only(info(p, "run", "pending"));
        assertThat(ann.source()).isEqualTo(SqlStatement.Source.MYBATIS_ANNOTATION);
        assertThat(ann.kind()).isEqualTo(SqlFacts.Kind.SELECT);
        assertThat(ann.relPath()).isEqualTo("src/main/java/com/acme/Job.java");

        assertThat(info(p, "run", "unmapped").statements()).isEmpty();
        MethodRef run = SummaryFixture.method(p, "run");
        List<CallInfo> infos = p.semantics().calls(run);
        assertThat(infos.get(SummaryFixture.calls(run, "markRunning").get(1).id()).statements()).isEmpty();
    }

    @Test
    void aJdbcStringAndAPreparedStatementsExecution() throws Exception {
        String src = """
                package com.acme;
                import java.sql.Connection;
                import java.sql.PreparedStatement;
                import org.springframework.jdbc.core.JdbcTemplate;
                public class Jdbc {
                    private JdbcTemplate jdbcTemplate;
                    public void run(long id) {
                        jdbcTemplate.update("UPDATE task SET status = 'DONE' WHERE id = ?", id);
                        jdbcTemplate.queryForList("SELECT id FROM task");           // negative: not an SQL call
                    }
                    public void prepared(Connection conn, long id) throws Exception {
                        PreparedStatement ps = conn.prepareStatement(
                                "UPDATE task SET status = 'RUNNING' WHERE id = ? AND status = 'PENDING'");
                        ps.setLong(1, id);
                        ps.executeUpdate();
                    }
                }
                """;
        Project p = SummaryFixture.scan(tmp, mainJava("Jdbc", src));
        CallInfo update = info(p, "run", "update");
        SqlStatement st = only(update);
        assertThat(st.source()).isEqualTo(SqlStatement.Source.JDBC_STRING);
        assertThat(st.id()).isEqualTo("com.acme.Jdbc#run(long)@8");
        SqlFacts f = st.shapes().get(0);
        assertThat(f.kind()).isEqualTo(SqlFacts.Kind.UPDATE);
        assertThat(f.table()).isEqualTo("task");
        assertThat(f.setColumns()).containsExactly("status");
        assertThat(f.whereColumns()).containsExactly("id");
        assertThat(f.conditional()).isFalse();
        assertThat(update.record()).isEqualTo("jdbcTemplate.update() updates task.status");
        assertThat(info(p, "run", "queryForList").statements()).isEmpty();

        assertThat(info(p, "prepared", "prepareStatement").statements()).as("the preparation runs nothing")
                .isEmpty();
        CallInfo exec = info(p, "prepared", "executeUpdate");
        SqlFacts ef = shape(exec);
        assertThat(ef.whereColumns()).containsExactly("id", "status");
        assertThat(ef.conditional()).isTrue();
        assertThat(exec.claim()).as("the execution's row count tells who won").isTrue();
    }

    static final String TASK = """
            package com.acme;
            public class Task {
                long id;
                String status;
                String title;
                @com.baomidou.mybatisplus.annotation.Version
                Integer version;
                long getId() { return id; }
                String getStatus() { return status; }
                void setStatus(String s) { status = s; }
                void setTitle(String t) { title = t; }
            }
            """;

    @Test
    void aMybatisPlusWrapperChainGivesItsSetAndWhereColumns() throws Exception {
        String src = """
                package com.acme;
                import com.baomidou.mybatisplus.core.mapper.BaseMapper;
                import com.baomidou.mybatisplus.core.conditions.update.LambdaUpdateWrapper;
                public class Plus {
                    private TaskMapper taskMapper;
                    public void claim(long id) {
                        LambdaUpdateWrapper<Task> w = new LambdaUpdateWrapper<>();
                        w.set(Task::getStatus, "RUNNING").eq(Task::getId, id).eq(Task::getStatus, "PENDING");
                        taskMapper.update(null, w);
                    }
                    public void blind(long id) {
                        LambdaUpdateWrapper<Task> w = new LambdaUpdateWrapper<>();
                        w.set(Task::getStatus, "RUNNING").eq(Task::getId, id);
                        taskMapper.update(null, w);
                    }
                }
                interface TaskMapper extends BaseMapper<Task> {
                }
                """;
        Project p = SummaryFixture.scan(tmp, mainJava("Plus", src)[0], mainJava("Plus", src)[1],
                "src/main/java/com/acme/Task.java", TASK);
        CallInfo claim = info(p, "claim", "update");
        assertThat(only(claim).source()).isEqualTo(SqlStatement.Source.MYBATIS_PLUS_WRAPPER);
        SqlFacts f = shape(claim);
        assertThat(f.table()).isEqualTo("task");
        assertThat(f.setColumns()).containsExactly("status");
        assertThat(f.whereColumns()).containsExactly("id", "status");
        assertThat(f.conditional()).isTrue();
        assertThat(claim.claim()).isTrue();

        CallInfo blind = info(p, "blind", "update");
        assertThat(shape(blind).whereColumns()).containsExactly("id");
        assertThat(shape(blind).conditional()).isFalse();
        assertThat(blind.claim()).isFalse();
        assertThat(blind.record()).isNotNull();
    }

    @Test
    void aWrapperConditionalMoveToATerminalStateIsACompletionNotAClaim() throws Exception {
        String src = """
                package com.acme;
                import com.baomidou.mybatisplus.core.mapper.BaseMapper;
                import com.baomidou.mybatisplus.core.conditions.update.LambdaUpdateWrapper;
                public class Plus {
                    private TaskMapper taskMapper;
                    public void finish(long id) {
                        LambdaUpdateWrapper<Task> w = new LambdaUpdateWrapper<>();
                        w.set(Task::getStatus, "DONE").eq(Task::getId, id).eq(Task::getStatus, "RUNNING");
                        taskMapper.update(null, w);
                    }
                }
                interface TaskMapper extends BaseMapper<Task> {
                }
                """;
        Project p = SummaryFixture.scan(tmp, mainJava("Plus", src)[0], mainJava("Plus", src)[1],
                "src/main/java/com/acme/Task.java", TASK);
        CallInfo finish = info(p, "finish", "update");
        assertThat(shape(finish).conditional()).isTrue();
        assertThat(finish.claim()).as("as the same UPDATE in mapper XML: a fenced completion").isFalse();
    }

    @Test
    void anEntityUpdateIsNarrowedToItsSettersAndFencedByItsVersion() throws Exception {
        String src = """
                package com.acme;
                import com.baomidou.mybatisplus.core.mapper.BaseMapper;
                public class Entity {
                    private TaskMapper taskMapper;
                    public void run(long id) {
                        Task t = taskMapper.selectById(id);
                        t.setStatus("DONE");
                        taskMapper.updateById(t);
                    }
                    public void fresh() {
                        Task t = new Task();
                        t.setStatus("NEW");
                        taskMapper.updateById(t);                                    // negative: a fresh entity
                    }
                    public void nothingSet(long id) {
                        Task t = taskMapper.selectById(id);
                        taskMapper.updateById(t);                                    // negative: no setter seen
                    }
                }
                interface TaskMapper extends BaseMapper<Task> {
                }
                """;
        Project p = SummaryFixture.scan(tmp, mainJava("Entity", src)[0], mainJava("Entity", src)[1],
                "src/main/java/com/acme/Task.java", TASK);
        CallInfo upd = info(p, "run", "updateById");
        assertThat(only(upd).source()).isEqualTo(SqlStatement.Source.ENTITY_SAVE);
        SqlFacts f = shape(upd);
        assertThat(f.table()).isEqualTo("task");
        assertThat(f.setColumns()).containsExactly("status");
        assertThat(f.whereColumns()).as("an @Version field fences the update").containsExactly("id", "version");
        assertThat(f.conditional()).isTrue();
        assertThat(info(p, "fresh", "updateById").statements()).isEmpty();
        assertThat(info(p, "nothingSet", "updateById").statements()).isEmpty();
    }

    @Test
    void aMybatisGeneratorExampleAndASelectiveUpdate() throws Exception {
        String xml = """
                <?xml version="1.0" encoding="UTF-8"?>
                <!DOCTYPE mapper PUBLIC "-//mybatis.org//DTD Mapper 3.0//EN" "https://mybatis.org/dtd/mybatis-3-mapper.dtd">
                <mapper namespace="com.acme.TaskMapper">
                  <update id="updateByPrimaryKeySelective">
                    UPDATE task
                    <set>
                      <if test="status != null">status = #{status},</if>
                      <if test="title != null">title = #{title},</if>
                    </set>
                    WHERE id = #{id}
                  </update>
                </mapper>
                """;
        String src = """
                package com.acme;
                public class Gen {
                    private TaskMapper taskMapper;
                    public void example(long id) {
                        Task t = new Task();
                        t.setStatus("RUNNING");
                        TaskExample ex = new TaskExample();
                        ex.createCriteria().andIdEqualTo(id).andStatusEqualTo("PENDING");
                        taskMapper.updateByExampleSelective(t, ex);
                    }
                    public void selective(long id) {
                        Task t = new Task();
                        t.setId(id);
                        t.setTitle("x");
                        taskMapper.updateByPrimaryKeySelective(t);
                    }
                }
                interface TaskMapper {
                    int updateByExampleSelective(Task t, TaskExample ex);
                    int updateByPrimaryKeySelective(Task t);
                }
                class TaskExample {
                    Criteria createCriteria() { return new Criteria(); }
                    static class Criteria {
                        Criteria andIdEqualTo(long id) { return this; }
                        Criteria andStatusEqualTo(String s) { return this; }
                    }
                }
                class Task {
                    void setId(long id) { }
                    void setStatus(String s) { }
                    void setTitle(String t) { }
                }
                """;
        Project p = SummaryFixture.scan(tmp, mainJava("Gen", src)[0], mainJava("Gen", src)[1],
                "src/main/resources/mapper/TaskMapper.xml", xml);
        CallInfo ex = info(p, "example", "updateByExampleSelective");
        assertThat(only(ex).source()).isEqualTo(SqlStatement.Source.MYBATIS_GENERATOR_EXAMPLE);
        SqlFacts ef = shape(ex);
        assertThat(ef.setColumns()).containsExactly("status");
        assertThat(ef.whereColumns()).containsExactly("id", "status");
        assertThat(ex.claim()).isTrue();

        CallInfo sel = info(p, "selective", "updateByPrimaryKeySelective");
        SqlStatement st = only(sel);
        assertThat(st.source()).isEqualTo(SqlStatement.Source.MAPPER_XML);
        assertThat(st.shapes()).allSatisfy(s -> assertThat(s.setColumns()).containsExactly("id", "title"));
        assertThat(st.statusWrite()).as("only the columns the code set are written").isFalse();
        assertThat(sel.record()).isNull();
    }

    @Test
    void aSpringDataDerivedQueryNamesItsWhereColumns() throws Exception {
        String src = """
                package com.acme;
                import java.util.List;
                import org.springframework.data.jpa.repository.JpaRepository;
                public class Derived {
                    private TaskRepository taskRepository;
                    public void run() {
                        taskRepository.findByStatusAndOwnerId("PENDING", 1L);
                        taskRepository.deleteByStatus("DONE");
                        taskRepository.summarise();                                  // negative: no derived name
                    }
                }
                interface TaskRepository extends JpaRepository<Task, Long> {
                    List<Task> findByStatusAndOwnerId(String status, long ownerId);
                    void deleteByStatus(String status);
                    List<Task> summarise();
                }
                class Task { }
                """;
        Project p = SummaryFixture.scan(tmp, mainJava("Derived", src));
        CallInfo find = info(p, "run", "findByStatusAndOwnerId");
        assertThat(only(find).source()).isEqualTo(SqlStatement.Source.DERIVED_QUERY);
        SqlFacts ff = shape(find);
        assertThat(ff.kind()).isEqualTo(SqlFacts.Kind.SELECT);
        assertThat(ff.table()).isEqualTo("task");
        assertThat(ff.whereColumns()).containsExactly("status", "owner_id");
        SqlFacts df = shape(info(p, "run", "deleteByStatus"));
        assertThat(df.kind()).isEqualTo(SqlFacts.Kind.DELETE);
        assertThat(df.whereColumns()).containsExactly("status");
        assertThat(info(p, "run", "summarise").statements()).isEmpty();
    }
}
