package io.idemcheck.core.summary;

import io.idemcheck.core.index.MethodRef;
import io.idemcheck.core.model.Project;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;

import static io.idemcheck.core.summary.SummaryFixture.mainJava;
import static io.idemcheck.core.summary.SummaryFixture.method;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * {@link JobShapes}: an effect followed by a record of the same item, on the path where the effect succeeded, in
 * main code reachable from a job entry point; not a record in a catch block, in an async lambda, of another item, in a
 * sibling loop, or in a method no job reaches.
 */
class JobShapesTest {

    @TempDir
    Path tmp;

    static final String XML = """
            <?xml version="1.0" encoding="UTF-8"?>
            <!DOCTYPE mapper PUBLIC "-//mybatis.org//DTD Mapper 3.0//EN" "https://mybatis.org/dtd/mybatis-3-mapper.dtd">
            <mapper namespace="com.acme.TaskMapper">
              <select id="selectPending" resultType="com.acme.Task">SELECT * FROM task WHERE status = 'PENDING'</select>
              <update id="touch">UPDATE task SET status = #{status} WHERE id = #{id}</update>
              <insert id="addLog">INSERT INTO task_log (task_id) VALUES (#{id})</insert>
            </mapper>
            """;

    static final String SRC = """
            package com.acme;
            import java.util.List;
            import java.util.concurrent.ExecutorService;
            import org.springframework.scheduling.annotation.Scheduled;
            public class Job {
                private TaskMapper taskMapper;
                private Gateway gateway;
                private TaskDao taskDao;
                private ExecutorService executor;
                private Service service;
                @Scheduled(cron = "0 * * * * *")
                public void tick() {
                    batch();
                    service.process(new Task());
                }
                void batch() {
                    for (Task t : taskMapper.selectPending()) {
                        gateway.chargeCard(t.getId());
                        taskMapper.addLog(t.getId());
                        taskMapper.touch(t.getId(), "DONE");                         // the record
                    }
                }
                public void failedMark(long id) {
                    try {
                        gateway.chargeCard(id);
                    } catch (RuntimeException ex) {
                        taskDao.markFailed(id);                                      // negative: a catch
                    }
                }
                public void asyncMark(long id) {
                    gateway.chargeCard(id);
                    executor.submit(() -> taskDao.markDone(id));                     // negative: async
                }
                public void otherItem(long batchId) {
                    for (Task t : taskMapper.selectPending()) {
                        gateway.chargeCard(t.getId());
                    }
                    taskDao.markDone(batchId);                                       // negative: not the row
                }
                public void siblings(List<Batch> batches) {
                    for (Batch b : batches) {
                        for (Task i : b.items()) {
                            gateway.chargeCard(i.getId());
                        }
                        for (Task j : b.items()) {
                            taskDao.markDone(j.getId());                             // negative: other loop
                        }
                    }
                }
                public void fanOut(Task t, List<String> channels) {
                    for (String ch : channels) {
                        gateway.notifyUser(ch, t.getId());
                    }
                    taskDao.markDone(t.getId());                                     // the item, once
                }
                public void conditional(long id, boolean retry) {
                    gateway.chargeCard(id);
                    if (retry) {
                        taskDao.markFailed(id);                                      // taken: no other record
                    }
                }
            }
            class Service {
                private Gateway gateway;
                private TaskDao taskDao;
                void process(Task t) {
                    gateway.chargeCard(t.getId());
                    gateway.sendSms(t.getId());
                }
            }
            class Batch { List<Task> items() { return List.of(); } }
            class Task { long id; long getId() { return id; } }
            interface TaskMapper {
                List<Task> selectPending();
                int touch(long id, String status);
                int addLog(long id);
            }
            interface TaskDao { void markDone(long id); void markFailed(long id); }
            interface Gateway { void chargeCard(long id); void sendSms(long id); void notifyUser(String ch, long id); }
            """;

    private Project p;

    @BeforeEach
    void scan() throws Exception {
        p = SummaryFixture.scan(tmp, mainJava("Job", SRC)[0], SRC, "src/main/resources/mapper/TaskMapper.xml", XML);
    }

    private List<JobShapes.Shape> in(String method) {
        return JobShapes.in(p.semantics(), method(p, method));
    }

    @Test
    void anEffectThenTheRecordOfTheSameRow() {
        List<JobShapes.Shape> shapes = in("batch");
        assertThat(shapes).extracting(x -> x.effect().name()).as("the insert into task_log is an effect too")
                .containsExactly("chargeCard", "addLog");
        assertThat(shapes).extracting(x -> x.record().name()).containsExactly("touch", "touch");
        JobShapes.Shape s = shapes.get(0);
        assertThat(s.effectName()).isEqualTo("chargeCard()");
        assertThat(s.recordName()).isEqualTo("touch()");
        assertThat(JobShapes.recordTable(s)).isEqualTo("task");
        assertThat(JobShapes.effectCount(p.semantics(), s)).isEqualTo(1);
    }

    @Test
    void recordsOffTheSuccessPathOrOfAnotherItemAreNotTheRecord() {
        assertThat(in("failedMark")).isEmpty();
        assertThat(in("asyncMark")).isEmpty();
        assertThat(in("otherItem")).isEmpty();
        assertThat(in("siblings")).isEmpty();
        assertThat(in("fanOut")).singleElement().extracting(s -> s.record().name()).isEqualTo("markDone");
        assertThat(in("conditional")).singleElement().extracting(s -> s.record().name()).isEqualTo("markFailed");
    }

    @Test
    void shapesOfJobsAndTheEffectsAProjectCallStandsFor() {
        List<JobShapes.Shape> all = JobShapes.all(p.semantics());
        assertThat(all).extracting(s -> s.method().method().name()).containsExactly("batch", "batch");

        Map<MethodRef, List<JobShapes.Shape>> byEntry = JobShapes.byEntryPoint(p.semantics());
        assertThat(byEntry).containsOnlyKeys(method(p, "tick"));
        assertThat(byEntry.get(method(p, "tick"))).isEqualTo(all);

        assertThat(JobShapes.insertTables(p.semantics(), List.of(method(p, "tick")))).containsExactly("task_log");
        assertThat(JobShapes.insertTables(p.semantics(), List.of(method(p, "failedMark")))).isEmpty();
    }

    @Test
    void aProjectCallStandsForTheEffectsItsSummaryLeavesOpen() throws Exception {
        String src = """
                package com.acme;
                public class Caller {
                    private Service service;
                    private TaskDao taskDao;
                    public void run(Task t) {
                        service.process(t);
                        taskDao.markDone(t.getId());
                    }
                }
                """;
        Project cp = SummaryFixture.scan(tmp.resolve("c"), mainJava("Job", SRC)[0], SRC, mainJava("Caller", src)[0],
                src);
        List<JobShapes.Shape> shapes = JobShapes.in(cp.semantics(), method(cp, "Caller.run"));
        assertThat(shapes).hasSize(1);
        JobShapes.Shape s = shapes.get(0);
        assertThat(s.effectName()).as("the last project call before the leaf").isEqualTo("process()");
        assertThat(JobShapes.effectCount(cp.semantics(), s)).isEqualTo(2);
        assertThat(JobShapes.effectNames(cp.semantics(), s)).containsExactly("chargeCard()", "sendSms()");
        assertThat(JobShapes.recordTable(s)).as("no SQL for markDone").isNull();
    }
}
