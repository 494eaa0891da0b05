#!/usr/bin/env python3
"""Generates a synthetic Java source tree of about N lines (default 1,000,000) shaped like batch services:
jobs that loop over selected rows, services, mappers, clients and entities. Used by bench/scan-benchmark.sh."""
import os
import sys

target = int(sys.argv[2]) if len(sys.argv) > 2 else 1_000_000
out = sys.argv[1]

JOB = """package com.bench.m{m};

import java.util.List;
import org.springframework.scheduling.annotation.Scheduled;
import org.springframework.web.client.RestTemplate;

public class Job{i} {{
    private TaskMapper{i} taskMapper;
    private Service{i} service;
    private RestTemplate restTemplate;

    @Scheduled(fixedDelay = 60000)
    public void run() {{
        List<Task{i}> tasks = taskMapper.selectByStatus("PENDING");
        for (Task{i} t : tasks) {{
            try {{
                service.handle(t);
                taskMapper.updateStatus(t.getId(), "DONE");
            }} catch (RuntimeException e) {{
                taskMapper.updateStatus(t.getId(), "FAILED");
            }}
        }}
    }}
{filler}
}}

class Service{i} {{
    private RestTemplate restTemplate;

    void handle(Task{i} t) {{
        String body = "{{\\"id\\":" + t.getId() + "}}";
        if (t.getId() % 2 == 0) {{
            restTemplate.postForObject("http://svc/{i}", body, String.class);
        }} else {{
            log(body);
        }}
    }}

    void log(String s) {{
        System.out.println(s);
    }}
}}

interface TaskMapper{i} {{
    List<Task{i}> selectByStatus(String status);

    int updateStatus(long id, String status);
}}

class Task{i} {{
    private long id;
    private String status;

    long getId() {{
        return id;
    }}

    String getStatus() {{
        return status;
    }}
}}
"""

FILL = """
    private int helper{k}(int a, int b) {{
        int sum = 0;
        for (int x = a; x < b; x++) {{
            if (x % 3 == 0) {{
                sum += x;
            }} else {{
                sum -= Math.max(x, {k});
            }}
        }}
        return sum + String.valueOf(a).length();
    }}
"""

lines = 0
i = 0
while lines < target:
    filler = "".join(FILL.format(k=k) for k in range(12))
    text = JOB.format(i=i, m=i // 100, filler=filler)
    d = os.path.join(out, "src/main/java/com/bench/m%d" % (i // 100))
    os.makedirs(d, exist_ok=True)
    with open(os.path.join(d, "Job%d.java" % i), "w") as f:
        f.write(text)
    lines += text.count("\n")
    i += 1
print("%d files, %d lines" % (i, lines))
