package io.idemcheck.core.summary;

import io.idemcheck.core.facts.EffectKind;
import io.idemcheck.core.index.MethodRef;
import io.idemcheck.core.model.Project;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The classifiers keep what decided a call's role ({@link Evidence}) on the fact they return: the catalog entry and
 * the method pattern that matched, the name pattern, the SQL statement with its file and line, the idemcheck.yml line.
 */
class EvidenceTest {

    @TempDir
    Path tmp;

    private Project scan(String config, String... pathAndText) throws Exception {
        return SummaryFixture.scanWithConfig(tmp, config, pathAndText);
    }

    private static CallInfo call(Project p, String method, String name) {
        return SummaryFixture.info(p, method, name);
    }

    private static MethodRef method(Project p, String name) {
        return SummaryFixture.method(p, name);
    }

    static final String JOB = """
            package com.acme;
            import java.util.List;
            import org.springframework.web.client.RestTemplate;
            public class Job {
                private TaskMapper taskMapper;
                private RestTemplate restTemplate;
                private Gateway gateway;
                private TaskDao taskDao;
                public void run() {
                    for (Task t : taskMapper.selectPending()) {
                        if (taskMapper.markRunning(t.getId()) == 1) {
                            restTemplate.postForObject("http://pay/charge", t, String.class);
                            gateway.chargeCard(t.getId());
                            taskMapper.touch(t.getId(), "DONE");
                            taskDao.markDone(t.getId());
                            finish(t);
                        }
                    }
                }
                void finish(Task t) {
                    taskMapper.touch(t.getId(), "DONE");
                }
            }
            interface TaskMapper {
                List<Task> selectPending();
                int markRunning(long id);
                int touch(long id, String status);
            }
            class Task { long id; long getId() { return id; } }
            """;

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
              <update id="touch">
                UPDATE task SET status = #{status} WHERE id = #{id}
              </update>
            </mapper>
            """;

    @Test
    void eachRoleKeepsTheEntryThatDecidedIt() throws Exception {
        Project p = scan(null, "src/main/java/com/acme/Job.java", JOB, "src/main/resources/mapper/TaskMapper.xml", XML);

        Evidence http = call(p, "run", "postForObject").effect().evidence();
        assertThat(http).isEqualTo(new Evidence("catalog", "catalog.json effectTypes",
                "org.springframework.web.client.RestTemplate#post* (http)", null, 0));

        Evidence byName = call(p, "run", "chargeCard").effect().evidence();
        assertThat(byName).isEqualTo(new Evidence("name", "catalog.json effectMethodNames", "charge* (payment)",
                null, 0));

        CallInfo touch = call(p, "run", "touch");
        assertThat(touch.recordEvidence().basis()).isEqualTo("sql");
        assertThat(touch.recordEvidence().source()).isEqualTo("SQL (mapper xml)");
        assertThat(touch.recordEvidence().entry())
                .isEqualTo("com.acme.TaskMapper.touch: UPDATE task SET status = ? WHERE id = ?");
        assertThat(touch.recordEvidence().path()).isEqualTo("src/main/resources/mapper/TaskMapper.xml");
        assertThat(touch.recordEvidence().line()).isEqualTo(10);
        assertThat(touch.basis()).isEqualTo("sql");
        assertThat(touch.claimEvidence()).isNull();

        CallInfo claim = call(p, "run", "markRunning");
        assertThat(claim.claim()).isTrue();
        assertThat(claim.claimEvidence().basis()).isEqualTo("sql");
        assertThat(claim.claimEvidence().entry()).startsWith("com.acme.TaskMapper.markRunning: UPDATE task SET "
                + "status = 'RUNNING'");
        assertThat(claim.claimEvidence().line()).isEqualTo(7);
        assertThat(claim.recordEvidence()).as("a conditional status write is also a record").isNotNull();
        assertThat(claim.recordEvidence().entry()).isEqualTo(claim.claimEvidence().entry());

        CallInfo done = call(p, "run", "markDone");
        assertThat(done.recordEvidence()).isEqualTo(new Evidence("name", "catalog.json recordMethodNames",
                "markDone*", null, 0));
        assertThat(done.basis()).isEqualTo("name");

        CallInfo viaHelper = call(p, "run", "finish");
        assertThat(viaHelper.recordEvidence().basis()).isEqualTo("call");
        assertThat(viaHelper.recordEvidence().source()).isEqualTo("summary of Job.finish()");
        assertThat(viaHelper.recordEvidence().entry()).isEqualTo("Job.finish() (SQL (mapper xml): "
                + "com.acme.TaskMapper.touch: UPDATE task SET status = ? WHERE id = ? [TaskMapper.xml:10])");
        assertThat(p.semantics().summary(method(p, "finish")).recordEvidence()).isEqualTo(touch.recordEvidence());
    }

    @Test
    void idemcheckYmlEntriesKeepTheirLine() throws Exception {
        String config = """
                # project vocabulary
                effects:
                  - {pattern: "com.acme.Billing#bill(*)", kind: payment}
                records:
                  - "com.acme.Ledger#close(*)"
                claims:
                  - "com.acme.Ledger#take(*)"
                """;
        String job = """
                package com.acme;
                public class Job {
                    private Billing billing;
                    private Ledger ledger;
                    public void run(long id) {
                        if (ledger.take(id)) {
                            billing.bill(id);
                            ledger.close(id);
                        }
                    }
                }
                interface Billing { void bill(long id); }
                interface Ledger { boolean take(long id); void close(long id); }
                """;
        Project p = scan(config, "src/main/java/com/acme/Job.java", job);
        String file = tmp.resolve("idemcheck.yml").toAbsolutePath().toString();
        assertThat(call(p, "run", "bill").effect().evidence()).isEqualTo(new Evidence("config",
                "idemcheck.yml effects", "com.acme.Billing#bill(*)", file, 3));
        assertThat(call(p, "run", "close").recordEvidence()).isEqualTo(new Evidence("config",
                "idemcheck.yml records", "com.acme.Ledger#close(*)", file, 5));
        assertThat(call(p, "run", "close").recordKind()).as("what a declared record writes is not visible")
                .isEqualTo(RecordKind.DECLARED);
        assertThat(call(p, "run", "take").claimEvidence()).isEqualTo(new Evidence("config",
                "idemcheck.yml claims", "com.acme.Ledger#take(*)", file, 7));
    }

    @Test
    void anIdemcheckYmlEffectOfEveryKindIsAnEffectOfThatKind() throws Exception {
        StringBuilder config = new StringBuilder("effects:\n");
        StringBuilder calls = new StringBuilder();
        StringBuilder methods = new StringBuilder();
        for (EffectKind k : EffectKind.values()) {
            String name = "do" + k.name().replace("_", "");
            config.append("  - {pattern: \"com.acme.Port#").append(name).append("(*)\", kind: ").append(k.label())
                    .append("}\n");
            calls.append("        port.").append(name).append("(id);\n");
            methods.append(" void ").append(name).append("(long id);");
        }
        String job = "package com.acme;\npublic class Job {\n    private Port port;\n    public void run(long id) {\n"
                + calls + "    }\n}\ninterface Port {" + methods + " }\n";
        Project p = scan(config.toString(), "src/main/java/com/acme/Job.java", job);
        for (EffectKind k : EffectKind.values()) {
            CallInfo ci = call(p, "run", "do" + k.name().replace("_", ""));
            assertThat(ci.effectKind()).as(k.label()).isEqualTo(k);
            assertThat(ci.effect().decidedBy()).isEqualTo(Basis.CONFIG);
        }
    }
}
