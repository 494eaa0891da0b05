package io.idemcheck.core.summary;

import io.idemcheck.core.finding.Location;
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
 * {@link Sites}: a call's display name keeps a name, field or type receiver by its simple name and drops any other
 * receiver (a call's result, none); a location is in the method's file, at the range's start, and its end line is
 * never before its start line.
 */
class SitesTest {

    @TempDir
    Path tmp;

    static final String SRC = """
            package com.acme;
            public class Job {
                private Gateway gateway;
                public void run(Gateway param) {
                    param.charge();
                    gateway.charge();
                    java.util.Objects.requireNonNull(param);
                    helper();
                    gateway.self().ping();
                }
                void helper() {
                }
            }
            interface Gateway { void charge(); Gateway self(); void ping(); }
            """;

    @Test
    void displayKeepsASimpleReceiverNameAndDropsACallResultOrImplicitOne() throws Exception {
        Project p = SummaryFixture.scan(tmp, mainJava("Job", SRC));
        MethodRef run = method(p, "Job.run");
        assertThat(run.method().body().calls()).extracting(Sites::display).containsExactly(
                "param.charge()", "gateway.charge()", "Objects.requireNonNull()", "helper()", "gateway.self()", "ping()");
        assertThat(Sites.simple("java.util.Objects")).isEqualTo("Objects");
        assertThat(Sites.simple("Objects")).isEqualTo("Objects");
    }

    @Test
    void aLocationIsInTheMethodsFileAtTheCallAndItsEndLineNeverBeforeItsStart() throws Exception {
        Project p = SummaryFixture.scan(tmp, mainJava("Job", SRC));
        MethodRef run = method(p, "Job.run");
        Location l = Sites.location(run, call(run, "charge").range(), "here");
        assertThat(l.path()).isEqualTo("src/main/java/com/acme/Job.java");
        assertThat(l.startLine()).isEqualTo(5);
        assertThat(l.startColumn()).isEqualTo(9);
        assertThat(l.endLine()).isEqualTo(5);
        assertThat(l.endColumn()).isGreaterThanOrEqualTo(l.startColumn());
        assertThat(l.label()).isEqualTo("here");
        io.idemcheck.core.facts.Range backwards = new io.idemcheck.core.facts.Range(7, 4, 0, 0);
        Location b = Sites.location(run, backwards, null);
        assertThat(b.endLine()).as("an unknown end line is the start line").isEqualTo(7);
        assertThat(b.endColumn()).as("an unknown end column stays unknown").isEqualTo(0);
    }
}
