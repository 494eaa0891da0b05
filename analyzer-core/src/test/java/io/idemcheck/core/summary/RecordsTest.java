package io.idemcheck.core.summary;

import io.idemcheck.core.index.MethodRef;
import io.idemcheck.core.model.Project;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.util.List;

import static io.idemcheck.core.summary.SummaryFixture.calls;
import static io.idemcheck.core.summary.SummaryFixture.info;
import static io.idemcheck.core.summary.SummaryFixture.mainJava;
import static io.idemcheck.core.summary.SummaryFixture.method;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * {@link Records}: which calls record the item's state (a status write by SQL, a status setter then a save, a
 * record name, a callee that records, the result of an effect stored on the item) and which are claims (a
 * conditional update to an in-progress state, a claim name, a callee returning a claim's row count); and the
 * look-alikes that are neither (a SELECT, an unconditional write claims nothing, a conditional write to a terminal
 * state completes and does not claim, a fresh entity's save inserts, a no-argument complete()).
 */
class RecordsTest {

    @TempDir
    Path tmp;

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
              <update id="closeRunning">
                UPDATE task SET status = 'DONE' WHERE id = #{id} AND status = 'RUNNING'
              </update>
              <update id="touch">
                UPDATE task SET status = #{status} WHERE id = #{id}
              </update>
              <update id="stampSent">
                UPDATE task SET sent_at = NOW() WHERE id = #{id}
              </update>
              <update id="rename">
                UPDATE task SET title = #{title} WHERE id = #{id}
              </update>
            </mapper>
            """;

    static final String MAPPER = """
            package com.acme;
            import java.util.List;
            public interface TaskMapper {
                List<Task> selectPending();
                int markRunning(long id);
                int closeRunning(long id);
                int touch(long id, String status);
                int stampSent(long id);
                int rename(long id, String title);
            }
            """;

    static final String TASK = """
            package com.acme;
            public class Task {
                long id;
                String status;
                String paymentRef;
                String note;
                long getId() { return id; }
                void setStatus(String s) { status = s; }
                void setPaymentRef(String r) { paymentRef = r; }
                void setNote(String n) { note = n; }
            }
            """;

    private Project scan(String name, String src) throws Exception {
        return SummaryFixture.scan(tmp, mainJava(name, src)[0], mainJava(name, src)[1],
                "src/main/java/com/acme/TaskMapper.java", MAPPER, "src/main/java/com/acme/Task.java", TASK,
                "src/main/resources/mapper/TaskMapper.xml", XML);
    }

    @Test
    void theSqlDecidesRecordsAndClaims() throws Exception {
        String src = """
                package com.acme;
                public class Job {
                    private TaskMapper taskMapper;
                    public void run(long id) {
                        taskMapper.selectPending();                                  // negative: a SELECT
                        taskMapper.markRunning(id);                                  // claim and record
                        taskMapper.closeRunning(id);                                 // record, no claim: terminal
                        taskMapper.touch(id, "DONE");                                // record, no claim
                        taskMapper.stampSent(id);                                    // record: a record column
                        taskMapper.rename(id, "x");                                  // negative: no status column
                    }
                }
                """;
        Project p = scan("Job", src);

        CallInfo select = info(p, "run", "selectPending");
        assertThat(select.record()).isNull();
        assertThat(select.claim()).isFalse();
        assertThat(select.basis()).isNull();
        assertThat(select.statements()).hasSize(1);

        CallInfo claim = info(p, "run", "markRunning");
        assertThat(claim.claim()).isTrue();
        assertThat(claim.record()).isEqualTo("taskMapper.markRunning() updates task.status");
        assertThat(claim.basis()).isEqualTo("sql");
        assertThat(claim.claimEvidence().line()).isEqualTo(7);

        CallInfo terminal = info(p, "run", "closeRunning");
        assertThat(terminal.claim()).as("a conditional update to DONE completes work, it does not claim it")
                .isFalse();
        assertThat(terminal.claimEvidence()).isNull();
        assertThat(terminal.record()).isEqualTo("taskMapper.closeRunning() updates task.status");

        CallInfo touch = info(p, "run", "touch");
        assertThat(touch.claim()).as("an unconditional status write").isFalse();
        assertThat(touch.record()).isEqualTo("taskMapper.touch() updates task.status");
        assertThat(touch.recordEvidence().entry()).isEqualTo("com.acme.TaskMapper.touch: UPDATE task SET status = ? "
                + "WHERE id = ?");

        CallInfo sent = info(p, "run", "stampSent");
        assertThat(sent.record()).isEqualTo("taskMapper.stampSent() updates task.sent_at");
        assertThat(sent.claim()).isFalse();

        CallInfo rename = info(p, "run", "rename");
        assertThat(rename.record()).isNull();
        assertThat(rename.recordEvidence()).isNull();
        assertThat(rename.claim()).isFalse();
    }

    @Test
    void aStatusSetterThenASaveOfALoadedEntityIsARecordButNotOfAFreshOne() throws Exception {
        String src = """
                package com.acme;
                public class Job {
                    private TaskRepository taskRepository;
                    public void run(Task t) {
                        t.setStatus("DONE");
                        taskRepository.save(t);                                      // positive
                    }
                    public void create() {
                        Task fresh = new Task();
                        fresh.setStatus("NEW");
                        taskRepository.save(fresh);                                  // negative: an insert
                    }
                    public void other(Task t) {
                        t.setNote("x");
                        taskRepository.save(t);                                      // negative: no status setter
                    }
                }
                interface TaskRepository extends org.springframework.data.jpa.repository.JpaRepository<Task, Long> {
                }
                """;
        Project p = scan("Job", src);
        CallInfo save = info(p, "run", "save");
        assertThat(save.record()).isEqualTo("t.setStatus(..) then taskRepository.save()");
        assertThat(save.recordEvidence()).isEqualTo(Evidence.catalog("name",
                "statusSetterNames + entitySaveMethodNames", "setStatus (line 5) then save"));
        assertThat(save.basis()).isEqualTo("name");
        assertThat(info(p, "create", "save").record()).isNull();
        assertThat(info(p, "other", "save").record()).isNull();
    }

    @Test
    void namesDecideWhenNoSqlIsVisibleAndNeverOnLibraryTypes() throws Exception {
        String src = """
                package com.acme;
                import java.util.concurrent.CompletableFuture;
                public class Job {
                    private TaskDao taskDao;
                    public void run(long id, CompletableFuture<String> future) {
                        taskDao.markDone(id);                                        // record by name
                        taskDao.complete();                                          // negative: names no item
                        future.complete("x");                                        // negative: a library type
                        taskDao.tryClaim(id);                                        // claim by name
                        taskDao.loadTask(id);                                        // negative
                    }
                }
                interface TaskDao {
                    void markDone(long id);
                    void complete();
                    boolean tryClaim(long id);
                    Task loadTask(long id);
                }
                """;
        Project p = scan("Job", src);
        CallInfo done = info(p, "run", "markDone");
        assertThat(done.record()).isEqualTo("taskDao.markDone() records the new status");
        assertThat(done.recordEvidence()).isEqualTo(Evidence.catalog("name", "recordMethodNames", "markDone*"));
        assertThat(done.claim()).isFalse();

        MethodRef run = method(p, "run");
        List<CallInfo> infos = p.semantics().calls(run);
        List<io.idemcheck.core.facts.CallSite> completes = calls(run, "complete");
        assertThat(infos.get(completes.get(0).id()).record()).as("complete() with no argument").isNull();
        assertThat(infos.get(completes.get(1).id()).record()).as("CompletableFuture.complete(..)").isNull();

        CallInfo claim = info(p, "run", "tryClaim");
        assertThat(claim.claim()).isTrue();
        assertThat(claim.record()).isNull();
        assertThat(claim.basis()).as("a claim's basis when the call is no record").isEqualTo("name");
        assertThat(claim.claimEvidence()).isEqualTo(Evidence.catalog("name", "claimMethodNames", "tryClaim*"));

        CallInfo load = info(p, "run", "loadTask");
        assertThat(load.record()).isNull();
        assertThat(load.claim()).isFalse();
    }

    @Test
    void aCalleeThatRecordsOrReturnsAClaimMakesItsCallerOne() throws Exception {
        String src = """
                package com.acme;
                public class Job {
                    private Store store;
                    public void run(long id) {
                        store.take(id);                                              // claim through the callee
                        store.close(id);                                             // record through the callee
                        store.log(id);                                               // negative
                    }
                }
                class Store {
                    private TaskMapper taskMapper;
                    int take(long id) {
                        return taskMapper.markRunning(id);
                    }
                    void close(long id) {
                        taskMapper.touch(id, "DONE");
                    }
                    void log(long id) {
                        System.out.println(id);
                    }
                }
                """;
        Project p = scan("Job", src);
        CallInfo take = info(p, "run", "take");
        assertThat(take.claim()).isTrue();
        assertThat(take.claimEvidence()).isEqualTo(Evidence.call("Store.take()", null));
        assertThat(take.record()).as("the claim is a status write too, recorded by the callee")
                .isEqualTo("store.take() records state (taskMapper.markRunning() updates task.status)");
        assertThat(take.basis()).isEqualTo("call");
        assertThat(p.semantics().summary(method(p, "take")).returnsClaim()).isTrue();

        CallInfo close = info(p, "run", "close");
        assertThat(close.record()).isEqualTo("store.close() records state (taskMapper.touch() updates task.status)");
        assertThat(close.recordEvidence().basis()).isEqualTo("call");
        assertThat(close.basis()).isEqualTo("call");
        assertThat(close.claim()).isFalse();

        CallInfo log = info(p, "run", "log");
        assertThat(log.record()).isNull();
        assertThat(log.claim()).isFalse();
    }

    @Test
    void theRuntimeClaimerClaimsAndCompletes() throws Exception {
        String src = """
                package com.acme;
                import io.idemcheck.runtime.TaskClaimer;
                public class Job {
                    private TaskClaimer claimer;
                    public void run(String key) {
                        claimer.claim(key);
                        claimer.complete(key);
                        claimer.release(key);                                        // negative
                    }
                }
                """;
        Project p = scan("Job", src);
        CallInfo claim = info(p, "run", "claim");
        assertThat(claim.claim()).isTrue();
        assertThat(claim.claimEvidence()).isEqualTo(new Evidence("runtime", "idemcheck runtime library",
                "TaskClaimer.claim()", null, 0));
        assertThat(claim.basis()).isNull();
        CallInfo complete = info(p, "run", "complete");
        assertThat(complete.record()).isEqualTo("claimer.complete() completes the claim");
        assertThat(complete.basis()).isEqualTo("runtime");
        CallInfo release = info(p, "run", "release");
        assertThat(release.record()).isNull();
        assertThat(release.claim()).isFalse();
    }

    @Test
    void eachRecordSaysWhatItWritesAndACalleesRecordKeepsItsKind() throws Exception {
        String src = """
                package com.acme;
                import io.idemcheck.runtime.TaskClaimer;
                import org.springframework.jdbc.core.JdbcTemplate;
                public class Job {
                    private TaskMapper taskMapper;
                    private TaskDao taskDao;
                    private Outbox outbox;
                    private TaskRepository taskRepository;
                    private TaskClaimer claimer;
                    public void run(long id, Task t) {
                        taskMapper.touch(id, "DONE");
                        taskMapper.stampSent(id);
                        taskDao.markDone(id);
                        outbox.remove(id);
                        claimer.complete("k");
                        t.setStatus("DONE");
                        taskRepository.save(t);
                        taskMapper.rename(id, "x");                                  // negative: no record
                    }
                }
                class Outbox {
                    private JdbcTemplate jdbc;
                    void remove(long id) {
                        jdbc.update("DELETE FROM outbox WHERE id = ?", id);
                    }
                }
                interface TaskDao {
                    void markDone(long id);
                }
                interface TaskRepository extends org.springframework.data.jpa.repository.JpaRepository<Task, Long> {
                }
                """;
        Project p = scan("Job", src);
        assertThat(info(p, "run", "touch").recordKind()).isEqualTo(RecordKind.STATUS_WRITE);
        assertThat(info(p, "run", "stampSent").recordKind()).isEqualTo(RecordKind.COLUMN_WRITE);
        assertThat(info(p, "run", "markDone").recordKind()).isEqualTo(RecordKind.NAMED);
        assertThat(info(p, "run", "complete").recordKind()).isEqualTo(RecordKind.CLAIM_COMPLETED);
        assertThat(info(p, "run", "save").recordKind()).isEqualTo(RecordKind.ENTITY_SAVE);
        assertThat(info(p, "run", "rename").recordKind()).isNull();
        assertThat(info(p, "run", "rename").deletesRow()).isFalse();

        CallInfo delete = info(p, "remove", "update");
        assertThat(delete.recordKind()).isEqualTo(RecordKind.ROW_DELETE);
        assertThat(delete.deletesRow()).isTrue();
        assertThat(p.semantics().summary(method(p, "remove")).recordKind()).isEqualTo(RecordKind.ROW_DELETE);
        CallInfo remove = info(p, "run", "remove");
        assertThat(remove.decidedBy()).isEqualTo(Basis.CALL);
        assertThat(remove.recordKind()).as("the callee's kind, seen through the call").isEqualTo(RecordKind.ROW_DELETE);
        assertThat(remove.deletesRow()).isTrue();
        assertThat(info(p, "run", "touch").deletesRow()).isFalse();
    }

    @Test
    void anEffectsResultStoredOnTheItemAndSavedIsARecordOfIt() throws Exception {
        String src = """
                package com.acme;
                import org.springframework.web.client.RestTemplate;
                public class Job {
                    private RestTemplate restTemplate;
                    private TaskRepository taskRepository;
                    private Formatter formatter;
                    public void run(Task t) {
                        String ref = restTemplate.postForObject("http://pay", t, String.class);
                        t.setPaymentRef(ref);
                        taskRepository.save(t);                                      // positive
                    }
                    public void other(Task t) {
                        String note = formatter.format(t);
                        t.setNote(note);
                        taskRepository.save(t);                                      // negative: not an effect's result
                    }
                }
                class Formatter { String format(Task t) { return "x"; } }
                interface TaskRepository extends org.springframework.data.jpa.repository.JpaRepository<Task, Long> {
                }
                """;
        Project p = scan("Job", src);
        CallInfo save = info(p, "run", "save");
        assertThat(save.record()).isEqualTo("t.setPaymentRef(result of restTemplate.postForObject()) then "
                + "taskRepository.save() stores the effect's outcome");
        assertThat(save.recordEvidence().basis()).isEqualTo("dataflow");
        assertThat(save.recordEvidence().entry()).isEqualTo("save (line 10) saves the result of "
                + "restTemplate.postForObject() (line 8) set by setPaymentRef() (line 9)");
        assertThat(save.recordKind()).isEqualTo(RecordKind.OUTCOME_SAVE);
        assertThat(info(p, "other", "save").record()).isNull();
    }
}
