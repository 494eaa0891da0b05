package io.idemcheck.core.summary;

import io.idemcheck.core.facts.ExitFacts;
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
 * {@link Throwing} over the parse layer's {@link ExitFacts}: helpers that always throw, helpers that throw unless a
 * boolean argument is true, both through helpers calling helpers and through library assertions; and helpers that may
 * return normally (an early return, a throw in one mode only, a log), which are neither.
 */
class ThrowingTest {

    @TempDir
    Path tmp;

    static final String SRC = """
            package com.acme;
            import org.springframework.util.Assert;
            public class Checks {
                static boolean debug;
                boolean strict;
                static void fail(String m) { throw new IllegalStateException(m); }
                static void failBoth(boolean b) { if (b) { throw new IllegalStateException(); } else { throw new IllegalArgumentException(); } }
                static void require(boolean ok, String m) { if (!ok) { throw new IllegalStateException(m); } }
                static void requireSecond(String m, boolean ok) { if (ok == false) throw new IllegalStateException(m); }
                static void ensure(boolean ok, String m) { require(ok, m); }
                static void asserting(boolean ok, String m) { Assert.isTrue(ok, m); }
                static void reject(String m) { System.out.println(m); fail(m); }
                static void rejectDeep(String m) { reject(m); }
                static void check(boolean ok, String m) { if (!ok) reject(m); }
                static void never(String m) { require(false, m); }
                static void lenient(boolean ok, String m) { if (debug) { return; } if (!ok) { throw new IllegalStateException(m); } }
                void maybe(String m) { if (strict) { throw new IllegalStateException(m); } }
                static void logs(boolean ok, String m) { if (!ok) { System.out.println(m); } }
                static void loops(String m) { while (true) { fail(m); } }
                static void recursive(String m) { recursive(m); }
                void use() {
                    fail("x"); failBoth(true); require(true, "x"); requireSecond("x", true); ensure(true, "x");
                    asserting(true, "x"); reject("x"); rejectDeep("x"); check(true, "x"); never("x");
                    lenient(true, "x"); maybe("x"); logs(true, "x"); loops("x"); recursive("x");
                    Assert.isTrue(true, "x");
                }
            }
            """;

    @Test
    void helpersThatAlwaysThrowOrThrowUnlessAnArgumentIsTrue() throws Exception {
        Project p = SummaryFixture.scan(tmp, mainJava("Checks", SRC));
        Semantics sem = p.semantics();
        MethodRef use = method(p, "use");
        assertThat(sem.throwsUnless(use, call(use, "fail"))).isEqualTo(ExitFacts.ALWAYS);
        assertThat(sem.throwsUnless(use, call(use, "failBoth"))).isEqualTo(ExitFacts.ALWAYS);
        assertThat(sem.throwsUnless(use, call(use, "require"))).isEqualTo(0);
        assertThat(sem.throwsUnless(use, call(use, "requireSecond"))).isEqualTo(1);
        assertThat(sem.throwsUnless(use, call(use, "ensure"))).as("passes its condition on").isEqualTo(0);
        assertThat(sem.throwsUnless(use, call(use, "asserting"))).as("Assert.isTrue inside").isEqualTo(0);
        assertThat(sem.throwsUnless(use, call(use, "isTrue"))).as("the catalog's assertion").isEqualTo(0);
        assertThat(sem.throwsUnless(use, call(use, "reject"))).as("logs, then fails").isEqualTo(ExitFacts.ALWAYS);
        assertThat(sem.throwsUnless(use, call(use, "rejectDeep"))).as("two helpers down")
                .isEqualTo(ExitFacts.ALWAYS);
        assertThat(sem.throwsUnless(use, call(use, "check"))).as("if (!ok) reject(..)").isEqualTo(0);
        assertThat(sem.throwsUnless(use, call(use, "never"))).as("require(false, ..)").isEqualTo(ExitFacts.ALWAYS);
    }

    @Test
    void helpersThatMayReturnAreNeither() throws Exception {
        Project p = SummaryFixture.scan(tmp, mainJava("Checks", SRC));
        Semantics sem = p.semantics();
        MethodRef use = method(p, "use");
        for (String name : new String[]{"lenient", "maybe", "logs", "loops", "recursive"}) {
            assertThat(sem.throwsUnless(use, call(use, name))).as(name).isEqualTo(ExitFacts.NO);
        }
    }

    @Test
    void anIfWhoseBranchEndsWithACallIsAnIfExit() throws Exception {
        Project p = SummaryFixture.scan(tmp, mainJava("Checks", SRC));
        ExitFacts x = method(p, "check").method().body().exits();
        assertThat(x.ifExits()).hasSize(1);
        assertThat(x.ifExit(0).callId()).isEqualTo(call(method(p, "check"), "reject").id());
        assertThat(method(p, "require").method().body().exits().ifExits()).as("a throw already leaves").isEmpty();
    }
    @Test
    void aChainDeclaredCallersFirstGainsOneHelperPerRoundUpToTheLastRound() throws Exception {
        StringBuilder src = new StringBuilder("package com.acme;\npublic class Chain {\n");
        for (int i = 1; i < 14; i++) {
            src.append(String.format("    static void f%02d(String m) { f%02d(m); }%n", i, i + 1));
        }
        src.append("    static void f14(String m) { throw new IllegalStateException(m); }\n");
        src.append("    static void use(String m) { f01(m); f02(m); f03(m); f13(m); }\n}\n");
        Project p = SummaryFixture.scan(tmp, mainJava("Chain", src.toString()));
        Semantics sem = p.semantics();
        MethodRef use = method(p, "use");
        // one helper further up per round, in index order: the twelfth and last round reaches f02, never f01
        assertThat(sem.throwsUnless(use, call(use, "f13"))).isEqualTo(ExitFacts.ALWAYS);
        assertThat(sem.throwsUnless(use, call(use, "f03"))).isEqualTo(ExitFacts.ALWAYS);
        assertThat(sem.throwsUnless(use, call(use, "f02"))).isEqualTo(ExitFacts.ALWAYS);
        assertThat(sem.throwsUnless(use, call(use, "f01"))).as("past the last round").isEqualTo(ExitFacts.NO);
    }
}
