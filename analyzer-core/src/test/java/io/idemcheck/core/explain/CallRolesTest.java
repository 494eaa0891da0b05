package io.idemcheck.core.explain;

import io.idemcheck.core.config.ProjectConfig;
import io.idemcheck.core.engine.ScanFixture;
import io.idemcheck.core.summary.Basis;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.StringWriter;
import java.nio.file.Path;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The roles explain gives a call ({@link CallRoles}): a keyed effect's {@code key} role names the variables its key
 * derives from and what made it a key (a key-named argument, an idemcheck.yml key carrier, a ledger around the
 * effect); a call of idemcheck's runtime library with no other role is shown as {@code runtime}, not as a call with no
 * role.
 */
class CallRolesTest {

    @TempDir
    Path tmp;

    static final String JOB = """
            package com.acme;
            import io.idemcheck.runtime.CrashPoints;
            import io.idemcheck.runtime.IdempotencyLedger;
            import java.util.List;
            public class Job {
                private Gateway gateway;
                private BillingClient billing;
                private IdempotencyLedger ledger;
                public void run(List<Long> ids) {
                    for (Long id : ids) {
                        String requestNo = "pay-" + id;
                        gateway.chargeCard(requestNo, 5);
                        CrashPoints.hit("after-charge");
                        billing.charge(5, "bill-" + id);
                        ledger.runOnce("refund-" + id, "fp", k -> gateway.chargeCard(id));
                    }
                }
            }
            interface Gateway {
                void chargeCard(String requestNo, int amount);
                void chargeCard(long id);
            }
            interface BillingClient { void charge(int amount, String ref); }
            """;

    static final String CONFIG = """
            effects:
              - {pattern: "com.acme.BillingClient#charge(*)", kind: payment}
            keyCarriers:
              - {pattern: "com.acme.BillingClient#charge(*)", parameter: 1}
            """;

    private Explanation.Method explainRun() throws Exception {
        return explain(JOB, CONFIG, 9);
    }

    /** The explanation of the method at {@code line} of com/acme/Job.java holding {@code job}, with {@code config}. */
    private Explanation.Method explain(String job, String config, int line) throws Exception {
        return explainFile(job, config, line).methods().get(0);
    }

    /** The explanation of {@code line} of com/acme/Job.java holding {@code job}, with {@code config}. */
    private Explanation explainFile(String job, String config, int line) throws Exception {
        Path src = tmp.resolve("src/main/java/com/acme");
        ScanFixture.write(tmp, "src/main/java/com/acme/Job.java", job);
        ProjectConfig cfg = ScanFixture.config(tmp, config);
        ScanFixture.Scanned s = ScanFixture.scan(tmp, cfg, List.of());
        return new Explainer(s.project(), s.result(), List.of(), cfg).explain(src.resolve("Job.java"), line, tmp);
    }

    private static Explanation.Role role(Explanation.Method m, int line, String call, String role) {
        return m.calls().stream().filter(c -> c.line() == line && c.call().equals(call))
                .flatMap(c -> c.roles().stream()).filter(r -> r.role().equals(role)).findFirst()
                .orElseThrow(() -> new AssertionError("no " + role + " role on " + call + " at line " + line));
    }

    @Test
    void theKeyRoleNamesWhatTheKeyDerivesFromAndWhatMadeItAKey() throws Exception {
        Explanation.Method run = explainRun();
        Explanation.Role byName = role(run, 12, "gateway.chargeCard()", "key");
        assertThat(byName.detail()).isEqualTo("the effect carries an idempotency key derived from the item (from "
                + "requestNo, id, ids)");
        assertThat(byName.evidence().decidedBy()).isEqualTo(Basis.NAME);
        assertThat(byName.evidence().source()).isEqualTo("catalog.json keyParameterNames");
        assertThat(byName.evidence().entry()).isEqualTo("parameter requestNo of Gateway.chargeCard()");

        Explanation.Role byConfig = role(run, 14, "billing.charge()", "key");
        assertThat(byConfig.detail()).isEqualTo("the effect carries an idempotency key derived from the item (from "
                + "id, ids)");
        assertThat(byConfig.evidence().decidedBy()).isEqualTo(Basis.CONFIG);
        assertThat(byConfig.evidence().source()).isEqualTo("idemcheck.yml keyCarriers");
        assertThat(byConfig.evidence().entry()).isEqualTo("com.acme.BillingClient#charge(*)");
        assertThat(byConfig.evidence().line()).isEqualTo(4);

        Explanation.Role byLedger = role(run, 15, "gateway.chargeCard()", "key");
        assertThat(byLedger.evidence().decidedBy()).isEqualTo(Basis.RUNTIME);
        assertThat(byLedger.evidence().source()).isEqualTo("a ledger around the effect");
        assertThat(byLedger.evidence().entry()).isEqualTo("ledger.runOnce() at line 15, key \"refund-\" + id");
    }

    @Test
    void aRuntimeLibraryCallWithNoOtherRoleIsShownAsRuntime() throws Exception {
        Explanation.Method run = explainRun();
        Explanation.Role rt = role(run, 13, "CrashPoints.hit()", "runtime");
        assertThat(rt.detail()).isEqualTo("a call of idemcheck's runtime library (CrashPoints.hit()): not an effect, "
                + "and not a record or claim of the item's state");
        assertThat(rt.evidence().basis()).isEqualTo("runtime");
        assertThat(rt.evidence().entry()).isEqualTo("CrashPoints.hit()");
        assertThat(run.calls().stream().filter(c -> c.call().equals("ledger.runOnce()")).findFirst().orElseThrow()
                .roles()).extracting(Explanation.Role::role).containsExactly("runtime");
    }

    @Test
    void aConditionalMoveToAStateOfIdemcheckYmlIsACompletionWithItsLine() throws Exception {
        String job = """
                package com.acme;
                import org.springframework.jdbc.core.JdbcTemplate;
                public class Job {
                    private JdbcTemplate jdbc;
                    public void run(long id) {
                        jdbc.update("UPDATE orders SET status = 'SETTLED' WHERE id = ? AND status = 'PAID'", id);
                        jdbc.update("UPDATE orders SET status = 'PICKED' WHERE id = ? AND status = 'PAID'", id);
                    }
                }
                """;
        Explanation.Method run = explain(job, "# states\nstateValues:\n  - settled\n", 5);
        Explanation.Role done = role(run, 6, "jdbc.update()", "completion");
        assertThat(done.detail()).isEqualTo("a conditional move to SETTLED completes work, it claims nothing: SETTLED "
                + "is a state work items end in");
        assertThat(done.evidence().decidedBy()).isEqualTo(Basis.CONFIG);
        assertThat(done.evidence().source()).isEqualTo("idemcheck.yml stateValues");
        assertThat(done.evidence().entry()).isEqualTo("SETTLED");
        assertThat(done.evidence().path()).isEqualTo("idemcheck.yml");
        assertThat(done.evidence().line()).isEqualTo(3);
        assertThat(run.calls().stream().filter(c -> c.line() == 6).findFirst().orElseThrow().roles())
                .extracting(Explanation.Role::role).doesNotContain("claim");
        assertThat(run.calls().stream().filter(c -> c.line() == 7).findFirst().orElseThrow().roles())
                .extracting(Explanation.Role::role).contains("claim").doesNotContain("completion");
    }

    static final String KICK = """
            package com.acme;
            import org.springframework.jdbc.core.JdbcTemplate;
            import org.springframework.web.client.RestTemplate;
            public class Job {
                private RewardJob rewards;
                private Notifier notifier;
                public void kick() {
                    rewards.grantAll();
                    notifier.tell(7L);
                }
            }
            class RewardJob {
                private RestTemplate rest;
                private JdbcTemplate jdbc;
                void grantAll() {
                    for (Long id : jdbc.queryForList("SELECT id FROM reward WHERE status = 'NEW'", Long.class)) {
                        rest.postForObject("http://cards/charge", id, String.class);
                        jdbc.update("INSERT INTO grant_log (reward_id) VALUES (?)", id);
                        jdbc.update("UPDATE reward SET status = 'DONE' WHERE id = ?", id);
                    }
                }
            }
            class Notifier {
                private RestTemplate rest;
                void tell(long id) {
                    rest.postForObject("http://sms/send", id, String.class);
                }
            }
            """;

    @Test
    void effectsReachedListThoseACalleeRecordsMarkedWithWhereAndThoseItPassesUpUnmarked() throws Exception {
        Explanation.Method kick = explain(KICK, "", 8);
        assertThat(kick.name()).isEqualTo("Job.kick()");
        // the callee records its charge and its insert: nothing is left for kick() to record
        assertThat(kick.summary().unrecordedEffects()).extracting(Explanation.Effect::leaf)
                .containsExactly("RestTemplate.postForObject");
        List<Explanation.Effect> reached = kick.summary().reaches();
        assertThat(reached).extracting(x -> x.kind() + " " + x.leaf() + " " + x.chain().get(0).line() + " "
                        + x.chain().get(x.chain().size() - 1).line() + " " + x.recorded())
                .containsExactly(
                        "http RestTemplate.postForObject 8 17 recorded in RewardJob.grantAll() by jdbc.update() at "
                                + "src/main/java/com/acme/Job.java:19",
                        "db-insert JdbcTemplate.update 8 18 recorded in RewardJob.grantAll() by jdbc.update() at "
                                + "src/main/java/com/acme/Job.java:19",
                        "http RestTemplate.postForObject 9 26 null");
        assertThat(reached.get(0).chain()).extracting(Explanation.Hop::label).containsExactly(
                "rewards.grantAll() calls RewardJob.grantAll()",
                "rest.postForObject() calls RestTemplate.postForObject()");

        Explanation whole = explainFile(KICK, "", 8);
        StringWriter text = new StringWriter();
        new ExplainTextWriter().write(whole, text);
        assertThat(text.toString()).contains("    unrecorded effects passed to callers: [http RestTemplate.postForObject()]\n"
                + "    effects reached (3, 2 recorded by a callee before returning here):\n"
                + "      http: RestTemplate.postForObject() (a repetition ");
        assertThat(text.toString()).contains("        recorded in RewardJob.grantAll() by jdbc.update() at "
                + "src/main/java/com/acme/Job.java:19, before it returns here\n");
        StringWriter json = new StringWriter();
        new ExplainJsonWriter().write(whole, json);
        assertThat(json.toString()).contains("\"recorded\" : \"recorded in RewardJob.grantAll() by jdbc.update() at "
                + "src/main/java/com/acme/Job.java:19\"").contains("\"recorded\" : null");
    }

    static final String CLAIM_THEN_DONE = """
            package com.acme;
            import org.springframework.jdbc.core.JdbcTemplate;
            import org.springframework.web.client.RestTemplate;
            public class Job {
                private JdbcTemplate jdbc;
                private RestTemplate rest;
                public void run(long id) {
                    int won = jdbc.update("UPDATE bill_task SET status = 'RUNNING' WHERE id = ? AND status = 'PENDING'", id);
                    if (won != 1) {
                        return;
                    }
                    rest.postForObject("http://pay/charge", id, String.class);
                    jdbc.update("UPDATE bill_task SET status = 'DONE' WHERE id = ? AND status = 'RUNNING'", id);
                }
                public void claimOnly(long id) {
                    jdbc.update("UPDATE bill_task SET status = 'RUNNING' WHERE id = ? AND status = 'PENDING'", id);
                }
            }
            """;

    /**
     * A conditional claim (PENDING to RUNNING, its row count read) is never the record the summary names: the summary
     * of a method that claims, charges, then writes DONE names the DONE write (line 13), not the claim (line 8); a
     * method whose only state write is a claim records nothing; the claim call's record role says it is the claim's.
     */
    @Test
    void theSummaryNamesTheDoneWriteNotTheClaim() throws Exception {
        Explanation.Method run = explain(CLAIM_THEN_DONE, "", 9);
        assertThat(run.summary().record()).isEqualTo("jdbc.update() updates bill_task.status");
        assertThat(run.summary().recordEvidence().entry()).contains("SET status = 'DONE'")
                .doesNotContain("'RUNNING' WHERE");
        assertThat(role(run, 8, "jdbc.update()", "record").detail()).isEqualTo(
                "jdbc.update() updates bill_task.status, as part of its claim (below): a claim takes the item, it is "
                        + "no record that the item's work is done");
        assertThat(role(run, 13, "jdbc.update()", "record").detail())
                .isEqualTo("jdbc.update() updates bill_task.status");
        assertThat(role(run, 8, "jdbc.update()", "claim")).isNotNull();

        Explanation.Method claimOnly = explain(CLAIM_THEN_DONE, "", 16);
        assertThat(claimOnly.summary().record()).isNull();
        assertThat(claimOnly.summary().recordEvidence()).isNull();
    }
}
