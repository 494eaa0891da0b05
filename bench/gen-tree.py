#!/usr/bin/env python3
"""Generates a synthetic batch-service project of about N lines (default 1,000,000) for bench/scan-benchmark.sh.

Same shape as the engine's scaling test (rules/src/test/java/io/idemcheck/rules/SyntheticTree.java): per unit a
scheduled job (effect, then record), a service calling an HTTP client and a shared helper, a MyBatis mapper with its
mapper XML, an entity, a DDL migration, a retry loop and a transactional batch; and, by default, as much test code
as main code (a test class with a setup method and nine tests that run the job, mock the mapper, inject a fault on
the record and count calls; every fourth unit a fake mapper whose record step throws). --no-tests writes main code
only. Usage: gen-tree.py OUT [LINES] [--no-tests]"""
import os
import sys

args = [a for a in sys.argv[1:] if not a.startswith("--")]
tests = "--no-tests" not in sys.argv
out = args[0]
target = int(args[1]) if len(args) > 1 else 1_000_000

HTTP = """package com.bench.common;

import org.springframework.web.client.RestTemplate;

public class Http {
    private final RestTemplate restTemplate = new RestTemplate();

    public String post(String url, Object body) {
        return restTemplate.postForObject(url, body, String.class);
    }

    public static String json(long id, String status) {
        return "{\\\"id\\\":" + id + ",\\\"status\\\":\\\"" + status + "\\\"}";
    }
}
"""

JOB = """package {pkg};

import java.util.List;
import org.springframework.scheduling.annotation.Scheduled;
import org.springframework.transaction.annotation.Transactional;

public class Job{i} {{
    private TaskMapper{i} taskMapper;
    private Service{i} service;

    public Job{i}(TaskMapper{i} taskMapper, Service{i} service) {{
        this.taskMapper = taskMapper;
        this.service = service;
    }}

    @Scheduled(fixedDelay = 60000)
    public void run() {{
        List<Task{i}> tasks = taskMapper.selectPending(100);
        for (Task{i} t : tasks) {{
            try {{
                service.handle(t);
                taskMapper.markDone(t.getId());
            }} catch (RuntimeException e) {{
                taskMapper.markFailed(t.getId(), e.getMessage());
            }}
        }}
    }}

    @Transactional
    public void settleAll() {{
        for (Task{i} t : taskMapper.selectPending(500)) {{
            taskMapper.insertSettlement(t.getId(), t.getAmount());
            taskMapper.markDone(t.getId());
        }}
    }}

    public void retryUntilSent(Task{i} t) {{
        while (true) {{
            try {{
                service.handle(t);
                return;
            }} catch (RuntimeException e) {{
                sleep(1000L * {x});
            }}
        }}
    }}

    private static void sleep(long ms) {{
        try {{
            Thread.sleep(ms);
        }} catch (InterruptedException e) {{
            Thread.currentThread().interrupt();
        }}
    }}
}}
"""

SERVICE = """package {pkg};

import com.bench.common.Http;

public class Service{i} {{
    private final Http http = new Http();

    public void handle(Task{i} t) {{
        if (t.getAmount() > {x}) {{
            http.post("http://payments/{i}/charge", Http.json(t.getId(), t.getStatus()));
        }} else {{
            log(t);
        }}
    }}

    int score(Task{i} t) {{
        int s = 0;
        for (int k = 0; k < t.getStatus().length(); k++) {{
            s += k % 3 == 0 ? k : -k;
        }}
        return s + {i};
    }}

    private void log(Task{i} t) {{
        System.out.println("skip " + t.getId());
    }}
}}
"""

MAPPER = """package {pkg};

import java.util.List;
import org.apache.ibatis.annotations.Mapper;
import org.apache.ibatis.annotations.Param;

@Mapper
public interface TaskMapper{i} {{
    List<Task{i}> selectPending(@Param("limit") int limit);

    int markDone(@Param("id") long id);

    int markFailed(@Param("id") long id, @Param("error") String error);

    int insertSettlement(@Param("taskId") long taskId, @Param("amount") long amount);
}}
"""

ENTITY = """package {pkg};

public class Task{i} {{
    private long id;
    private long amount;
    private String status;

    public long getId() {{
        return id;
    }}

    public long getAmount() {{
        return amount;
    }}

    public String getStatus() {{
        return status;
    }}

    public void setStatus(String status) {{
        this.status = status;
    }}
}}
"""

FAKE = """package {pkg};

import java.util.ArrayList;
import java.util.List;

class FakeTaskMapper{i} implements TaskMapper{i} {{
    final List<Long> done = new ArrayList<>();
    boolean failOnDone;

    public List<Task{i}> selectPending(int limit) {{
        return new ArrayList<>();
    }}

    public int markDone(long id) {{
        if (failOnDone) {{
            throw new IllegalStateException("crash before the record");
        }}
        done.add(id);
        return 1;
    }}

    public int markFailed(long id, String error) {{
        return 1;
    }}

    public int insertSettlement(long taskId, long amount) {{
        return 1;
    }}
}}
"""

XML = """<?xml version="1.0" encoding="UTF-8"?>
<!DOCTYPE mapper PUBLIC "-//mybatis.org//DTD Mapper 3.0//EN" "http://mybatis.org/dtd/mybatis-3-mapper.dtd">
<mapper namespace="{pkg}.TaskMapper{i}">
  <select id="selectPending" resultType="{pkg}.Task{i}">
    SELECT id, amount, status FROM task_{i} WHERE status = 'PENDING' LIMIT #{{limit}}
  </select>
  <update id="markDone">
    UPDATE task_{i} SET status = 'DONE' WHERE id = #{{id}}
  </update>
  <update id="markFailed">
    UPDATE task_{i} SET status = 'FAILED', error = #{{error}} WHERE id = #{{id}}
  </update>
  <insert id="insertSettlement">
    INSERT INTO settlement_{i} (task_id, amount) VALUES (#{{taskId}}, #{{amount}})
  </insert>
</mapper>
"""

DDL = """CREATE TABLE task_{i} (
  id BIGINT PRIMARY KEY,
  amount BIGINT NOT NULL,
  status VARCHAR(16) NOT NULL,
  error VARCHAR(255)
);
CREATE TABLE settlement_{i} (
  id BIGINT AUTO_INCREMENT PRIMARY KEY,
  task_id BIGINT NOT NULL,
  amount BIGINT NOT NULL
);
"""

ONE_TEST = """
    @Test
    void runsBatch{k}() {{
        when(mapper.selectPending(100)).thenReturn(List.of(task({k}), task({k1})));
        job.run();
        verify(mapper, times(2)).markDone(anyLong());
        assertEquals({k}, service.score(task({k})) - {i} + {k});
    }}
"""

TEST = """package {pkg};

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.mockito.ArgumentMatchers.anyLong;
import static org.mockito.Mockito.*;

import java.util.List;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

class Job{i}Test {{
    private TaskMapper{i} mapper;
    private Service{i} service;
    private Job{i} job;

    @BeforeEach
    void setUp() {{
        mapper = mock(TaskMapper{i}.class);
        service = new Service{i}();
        job = new Job{i}(mapper, service);
    }}

    @Test
    void recordFailsAfterCharge() {{
        when(mapper.selectPending(100)).thenReturn(List.of(task(1)));
        doThrow(new RuntimeException("db down")).when(mapper).markDone(anyLong());
        job.run();
        verify(mapper).markFailed(anyLong(), anyString());
    }}
{tests}
    private static Task{i} task(long id) {{
        Task{i} t = new Task{i}();
        t.setStatus("PENDING");
        return t;
    }}
}}
"""


def write(path, text):
    os.makedirs(os.path.dirname(path), exist_ok=True)
    with open(path, "w") as f:
        f.write(text)
    return text.count("\n")


lines = write(os.path.join(out, "src/main/java/com/bench/common/Http.java"), HTTP)
files = 1
i = 0
while lines < target:
    pkg = "com.bench.m%d" % (i // 50)
    d = pkg.replace(".", "/")
    main = os.path.join(out, "src/main/java", d)
    lines += write(os.path.join(main, "Job%d.java" % i), JOB.format(pkg=pkg, i=i, x=i % 7 + 1))
    lines += write(os.path.join(main, "Service%d.java" % i), SERVICE.format(pkg=pkg, i=i, x=i % 100))
    lines += write(os.path.join(main, "TaskMapper%d.java" % i), MAPPER.format(pkg=pkg, i=i))
    lines += write(os.path.join(main, "Task%d.java" % i), ENTITY.format(pkg=pkg, i=i))
    files += 4
    if tests:
        test = os.path.join(out, "src/test/java", d)
        body = "".join(ONE_TEST.format(k=k, k1=k + 1, i=i) for k in range(8))
        lines += write(os.path.join(test, "Job%dTest.java" % i), TEST.format(pkg=pkg, i=i, tests=body))
        files += 1
        if i % 4 == 0:
            lines += write(os.path.join(test, "FakeTaskMapper%d.java" % i), FAKE.format(pkg=pkg, i=i))
            files += 1
    write(os.path.join(out, "src/main/resources/mapper/TaskMapper%d.xml" % i), XML.format(pkg=pkg, i=i))
    write(os.path.join(out, "src/main/resources/db/migration/V%d__task_%d.sql" % (i + 1, i)), DDL.format(i=i))
    i += 1
print("%d units, %d Java files, %d Java lines" % (i, files, lines))
