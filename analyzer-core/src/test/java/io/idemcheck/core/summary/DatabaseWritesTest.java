package io.idemcheck.core.summary;

import io.idemcheck.core.index.MethodRef;
import io.idemcheck.core.model.Project;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;

import static io.idemcheck.core.summary.SummaryFixture.call;
import static io.idemcheck.core.summary.SummaryFixture.mainJava;
import static io.idemcheck.core.summary.SummaryFixture.method;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * {@link DatabaseWrites}: a call writes to the database when its visible SQL writes, when it records or claims, when
 * it is a database-local effect, when it is a data-access write name without visible SQL, or when a project method it
 * runs does one of these; a SELECT, a read name, a log call and a helper that only reads do not. (Cycles: see
 * {@link CallCycleTest}.)
 */
class DatabaseWritesTest {

    @TempDir
    Path tmp;

    static final String XML = """
            <?xml version="1.0" encoding="UTF-8"?>
            <!DOCTYPE mapper PUBLIC "-//mybatis.org//DTD Mapper 3.0//EN" "https://mybatis.org/dtd/mybatis-3-mapper.dtd">
            <mapper namespace="com.acme.TaskMapper">
              <select id="listOld" resultType="long">SELECT id FROM task WHERE created_at &lt; #{before}</select>
              <delete id="purge">DELETE FROM task WHERE id = #{id}</delete>
              <update id="rename">UPDATE task SET title = #{title} WHERE id = #{id}</update>
              <select id="deleteLookingRead" resultType="long">SELECT id FROM task</select>
            </mapper>
            """;

    static final String SRC = """
            package com.acme;
            import java.util.List;
            public class Writes {
                private TaskMapper taskMapper;
                private TaskDao taskDao;
                private Helper helper;
                public void direct(long id) {
                    taskMapper.listOld(1L);                                          // negative: SELECT
                    taskMapper.purge(id);                                            // DELETE
                    taskMapper.rename(id, "x");                                      // UPDATE, no status
                    taskMapper.deleteLookingRead();                                  // negative: its SQL reads
                    taskDao.removeExpired(id);                                       // a write name, no SQL
                    taskDao.findExpired(id);                                         // negative: a read name
                    taskDao.markDone(id);                                            // a record
                    helper.cleanUp(id);                                              // through a helper
                    helper.look(id);                                                 // negative: helper reads
                    System.out.println(id);                                          // negative
                }
                public void readsOnly(long id) {
                    taskMapper.listOld(1L);
                    helper.look(id);
                }
            }
            class Helper {
                private TaskMapper taskMapper;
                void cleanUp(long id) { inner(id); }
                private void inner(long id) { taskMapper.purge(id); }
                void look(long id) { taskMapper.listOld(id); }
            }
            interface TaskMapper {
                List<Long> listOld(long before);
                int purge(long id);
                int rename(long id, String title);
                List<Long> deleteLookingRead();
            }
            interface TaskDao {
                void removeExpired(long id);
                List<Long> findExpired(long id);
                void markDone(long id);
            }
            """;

    @Test
    void whichCallsWriteToTheDatabase() throws Exception {
        Project p = SummaryFixture.scan(tmp, mainJava("Writes", SRC)[0], SRC,
                "src/main/resources/mapper/TaskMapper.xml", XML);
        Semantics sem = p.semantics();
        MethodRef m = method(p, "direct");
        assertThat(sem.writesDatabase(m, call(m, "purge"))).isTrue();
        assertThat(sem.writesDatabase(m, call(m, "rename"))).isTrue();
        assertThat(sem.writesDatabase(m, call(m, "removeExpired"))).isTrue();
        assertThat(sem.writesDatabase(m, call(m, "markDone"))).isTrue();
        assertThat(sem.writesDatabase(m, call(m, "cleanUp"))).as("two project methods down").isTrue();

        assertThat(sem.writesDatabase(m, call(m, "listOld"))).isFalse();
        assertThat(sem.writesDatabase(m, call(m, "deleteLookingRead"))).as("the SQL decides, not the name")
                .isFalse();
        assertThat(sem.writesDatabase(m, call(m, "findExpired"))).isFalse();
        assertThat(sem.writesDatabase(m, call(m, "look"))).isFalse();
        assertThat(sem.writesDatabase(m, call(m, "println"))).isFalse();

        assertThat(sem.methodWritesDatabase(m)).isTrue();
        assertThat(sem.methodWritesDatabase(method(p, "cleanUp"))).isTrue();
        assertThat(sem.methodWritesDatabase(method(p, "readsOnly"))).isFalse();
        assertThat(sem.methodWritesDatabase(method(p, "listOld"))).as("no body").isFalse();
    }
}
