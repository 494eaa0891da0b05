package io.idemcheck.rules;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * Writes a synthetic batch-service project of {@code units} units, shaped like real ones: per unit a scheduled job
 * (effect, then record), a service calling an HTTP client and a shared helper, a MyBatis mapper interface with its
 * mapper XML, an entity, a DDL migration, a retry loop and a transactional batch; and as much test code as main code
 * (a test class with a setup method and many tests that run the job, mock the mapper, inject a fault on the record
 * and count calls; every fourth unit also a fake mapper whose record step throws). Main and test code are about equal
 * in lines, as in the projects the engine scans. Used by {@link ScanScalingTest}; {@code bench/gen-tree.py} writes
 * the same shape for the benchmark.
 */
final class SyntheticTree {

    private SyntheticTree() {
    }

    /** Writes {@code units} units under {@code root} (Maven layout); returns the number of Java files written. */
    static int write(Path root, int units) {
        int files = 0;
        write(root.resolve("src/main/java/com/bench/common/Http.java"), """
                package com.bench.common;

                import org.springframework.web.client.RestTemplate;

                public class Http {
                    private final RestTemplate restTemplate = new RestTemplate();

                    public String post(String url, Object body) {
                        return restTemplate.postForObject(url, body, String.class);
                    }

                    public static String json(long id, String status) {
                        return "{\\"id\\":" + id + ",\\"status\\":\\"" + status + "\\"}";
                    }
                }
                """);
        files++;
        for (int i = 0; i < units; i++) {
            String pkg = "com.bench.m" + (i / 50);
            String dir = pkg.replace('.', '/');
            Path main = root.resolve("src/main/java/" + dir);
            Path test = root.resolve("src/test/java/" + dir);
            write(main.resolve("Job" + i + ".java"), job(pkg, i));
            write(main.resolve("Service" + i + ".java"), service(pkg, i));
            write(main.resolve("TaskMapper" + i + ".java"), mapper(pkg, i));
            write(main.resolve("Task" + i + ".java"), entity(pkg, i));
            write(test.resolve("Job" + i + "Test.java"), test(pkg, i));
            files += 5;
            if (i % 4 == 0) {
                write(test.resolve("FakeTaskMapper" + i + ".java"), fake(pkg, i));
                files++;
            }
            write(root.resolve("src/main/resources/mapper/TaskMapper" + i + ".xml"), xml(pkg, i));
            write(root.resolve("src/main/resources/db/migration/V" + (i + 1) + "__task_" + i + ".sql"), ddl(i));
        }
        return files;
    }

    private static String job(String pkg, int i) {
        return """
                package %1$s;

                import java.util.List;
                import org.springframework.scheduling.annotation.Scheduled;
                import org.springframework.transaction.annotation.Transactional;

                public class Job%2$d {
                    private TaskMapper%2$d taskMapper;
                    private Service%2$d service;

                    public Job%2$d(TaskMapper%2$d taskMapper, Service%2$d service) {
                        this.taskMapper = taskMapper;
                        this.service = service;
                    }

                    @Scheduled(fixedDelay = 60000)
                    public void run() {
                        List<Task%2$d> tasks = taskMapper.selectPending(100);
                        for (Task%2$d t : tasks) {
                            try {
                                service.handle(t);
                                taskMapper.markDone(t.getId());
                            } catch (RuntimeException e) {
                                taskMapper.markFailed(t.getId(), e.getMessage());
                            }
                        }
                    }

                    @Transactional
                    public void settleAll() {
                        for (Task%2$d t : taskMapper.selectPending(500)) {
                            taskMapper.insertSettlement(t.getId(), t.getAmount());
                            taskMapper.markDone(t.getId());
                        }
                    }

                    public void retryUntilSent(Task%2$d t) {
                        while (true) {
                            try {
                                service.handle(t);
                                return;
                            } catch (RuntimeException e) {
                                sleep(1000L * %3$d);
                            }
                        }
                    }

                    private static void sleep(long ms) {
                        try {
                            Thread.sleep(ms);
                        } catch (InterruptedException e) {
                            Thread.currentThread().interrupt();
                        }
                    }
                }
                """.formatted(pkg, i, i % 7 + 1);
    }

    private static String service(String pkg, int i) {
        return """
                package %1$s;

                import com.bench.common.Http;

                public class Service%2$d {
                    private final Http http = new Http();

                    public void handle(Task%2$d t) {
                        if (t.getAmount() > %3$d) {
                            http.post("http://payments/%2$d/charge", Http.json(t.getId(), t.getStatus()));
                        } else {
                            log(t);
                        }
                    }

                    int score(Task%2$d t) {
                        int s = 0;
                        for (int k = 0; k < t.getStatus().length(); k++) {
                            s += k %% 3 == 0 ? k : -k;
                        }
                        return s + %2$d;
                    }

                    private void log(Task%2$d t) {
                        System.out.println("skip " + t.getId());
                    }
                }
                """.formatted(pkg, i, i % 100);
    }

    private static String mapper(String pkg, int i) {
        return """
                package %1$s;

                import java.util.List;
                import org.apache.ibatis.annotations.Mapper;
                import org.apache.ibatis.annotations.Param;

                @Mapper
                public interface TaskMapper%2$d {
                    List<Task%2$d> selectPending(@Param("limit") int limit);

                    int markDone(@Param("id") long id);

                    int markFailed(@Param("id") long id, @Param("error") String error);

                    int insertSettlement(@Param("taskId") long taskId, @Param("amount") long amount);
                }
                """.formatted(pkg, i);
    }

    private static String entity(String pkg, int i) {
        return """
                package %1$s;

                public class Task%2$d {
                    private long id;
                    private long amount;
                    private String status;

                    public long getId() {
                        return id;
                    }

                    public long getAmount() {
                        return amount;
                    }

                    public String getStatus() {
                        return status;
                    }

                    public void setStatus(String status) {
                        this.status = status;
                    }
                }
                """.formatted(pkg, i);
    }

    private static String test(String pkg, int i) {
        StringBuilder tests = new StringBuilder();
        for (int k = 0; k < 8; k++) {
            tests.append("""

                        @Test
                        void runsBatch%1$d() {
                            when(mapper.selectPending(100)).thenReturn(List.of(task(%1$d), task(%2$d)));
                            job.run();
                            verify(mapper, times(2)).markDone(anyLong());
                            assertEquals(%1$d, service.score(task(%1$d)) - %3$d + %1$d);
                        }
                    """.formatted(k, k + 1, i));
        }
        return """
                package %1$s;

                import static org.junit.jupiter.api.Assertions.assertEquals;
                import static org.mockito.ArgumentMatchers.anyLong;
                import static org.mockito.Mockito.*;

                import java.util.List;
                import org.junit.jupiter.api.BeforeEach;
                import org.junit.jupiter.api.Test;

                class Job%2$dTest {
                    private TaskMapper%2$d mapper;
                    private Service%2$d service;
                    private Job%2$d job;

                    @BeforeEach
                    void setUp() {
                        mapper = mock(TaskMapper%2$d.class);
                        service = new Service%2$d();
                        job = new Job%2$d(mapper, service);
                    }

                    @Test
                    void recordFailsAfterCharge() {
                        when(mapper.selectPending(100)).thenReturn(List.of(task(1)));
                        doThrow(new RuntimeException("db down")).when(mapper).markDone(anyLong());
                        job.run();
                        verify(mapper).markFailed(anyLong(), anyString());
                    }
                %3$s
                    private static Task%2$d task(long id) {
                        Task%2$d t = new Task%2$d();
                        t.setStatus("PENDING");
                        return t;
                    }
                }
                """.formatted(pkg, i, tests);
    }

    private static String fake(String pkg, int i) {
        return """
                package %1$s;

                import java.util.ArrayList;
                import java.util.List;

                class FakeTaskMapper%2$d implements TaskMapper%2$d {
                    final List<Long> done = new ArrayList<>();
                    boolean failOnDone;

                    public List<Task%2$d> selectPending(int limit) {
                        return new ArrayList<>();
                    }

                    public int markDone(long id) {
                        if (failOnDone) {
                            throw new IllegalStateException("crash before the record");
                        }
                        done.add(id);
                        return 1;
                    }

                    public int markFailed(long id, String error) {
                        return 1;
                    }

                    public int insertSettlement(long taskId, long amount) {
                        return 1;
                    }
                }
                """.formatted(pkg, i);
    }

    private static String xml(String pkg, int i) {
        return """
                <?xml version="1.0" encoding="UTF-8"?>
                <!DOCTYPE mapper PUBLIC "-//mybatis.org//DTD Mapper 3.0//EN" "http://mybatis.org/dtd/mybatis-3-mapper.dtd">
                <mapper namespace="%1$s.TaskMapper%2$d">
                  <select id="selectPending" resultType="%1$s.Task%2$d">
                    SELECT id, amount, status FROM task_%2$d WHERE status = 'PENDING' LIMIT #{limit}
                  </select>
                  <update id="markDone">
                    UPDATE task_%2$d SET status = 'DONE' WHERE id = #{id}
                  </update>
                  <update id="markFailed">
                    UPDATE task_%2$d SET status = 'FAILED', error = #{error} WHERE id = #{id}
                  </update>
                  <insert id="insertSettlement">
                    INSERT INTO settlement_%2$d (task_id, amount) VALUES (#{taskId}, #{amount})
                  </insert>
                </mapper>
                """.formatted(pkg, i);
    }

    private static String ddl(int i) {
        return """
                CREATE TABLE task_%1$d (
                  id BIGINT PRIMARY KEY,
                  amount BIGINT NOT NULL,
                  status VARCHAR(16) NOT NULL,
                  error VARCHAR(255)
                );
                CREATE TABLE settlement_%1$d (
                  id BIGINT AUTO_INCREMENT PRIMARY KEY,
                  task_id BIGINT NOT NULL,
                  amount BIGINT NOT NULL
                );
                """.formatted(i);
    }

    private static void write(Path p, String text) {
        try {
            Files.createDirectories(p.getParent());
            Files.writeString(p, text, StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
