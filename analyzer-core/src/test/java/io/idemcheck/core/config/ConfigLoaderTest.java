package io.idemcheck.core.config;

import io.idemcheck.core.finding.Severity;
import io.idemcheck.core.facts.EffectKind;
import org.junit.jupiter.api.Test;

import java.nio.file.Path;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class ConfigLoaderTest {

    static ProjectConfig parse(String yaml) {
        return ConfigLoader.parse(yaml, Path.of("/p/idemcheck.yml"), "idemcheck.yml");
    }

    @Test
    void readsEveryKey() {
        ProjectConfig c = parse("""
                rules:
                  IDEM001: warning
                  SideEffectBeforeStatusRecord: on
                  IDEM000: off
                include: ["src/**"]
                exclude:
                  - "**/generated/**"
                effects:
                  - pattern: "com.acme.billing.BillingClient#charge(*)"
                    kind: payment
                  - {pattern: "com.acme.sms.*Client#send*", kind: message, verb: "sends the SMS again"}
                records: ["com.acme.TaskDao#finish(*)"]
                claims: ["com.acme.TaskDao#tryStart(id)"]
                keyCarriers:
                  - pattern: "com.acme.billing.BillingClient#charge(*, *)"
                    parameter: 1
                locks: ["com.acme.Lock#tryAcquire()"]
                statusColumns: ["lifecycle", "*_phase"]
                stateValues: ["SETTLED"]
                suppressions:
                  - rule: IDEM001
                    path: "src/main/java/com/acme/legacy/**"
                    reason: "legacy exporter, replaced in Q3"
                """);
        assertThat(c.rule("IDEM001", "X").severity()).isEqualTo(Severity.WARNING);
        assertThat(c.enabled("IDEM000", "Suppressions")).isFalse();
        assertThat(c.enabled("IDEM001", "SideEffectBeforeStatusRecord")).isTrue();
        assertThat(c.effects()).hasSize(2);
        assertThat(c.effects().get(1).verb()).isEqualTo("sends the SMS again");
        assertThat(c.keyCarriers().get(0).parameter()).isEqualTo(1);
        assertThat(c.keyCarriers().get(0).pattern().arity()).isEqualTo(2);
        assertThat(c.claims().get(0).arity()).isEqualTo(1);
        assertThat(c.locks().get(0).arity()).isZero();
        assertThat(c.statusColumns()).containsExactly("lifecycle", "*_phase");
        assertThat(c.suppressions().get(0).line()).isEqualTo(21);
        assertThat(c.accepts(Path.of("/p/src/main/java/A.java"), "x")).isTrue();
        assertThat(c.accepts(Path.of("/p/src/generated/A.java"), "x")).isFalse();
        assertThat(c.accepts(Path.of("/p/other/A.java"), "x")).isFalse();
    }

    @Test
    void emptyFileIsNoConfiguration() {
        ProjectConfig c = parse("# nothing yet\n");
        assertThat(c.effects()).isEmpty();
        assertThat(c.file()).isEqualTo(Path.of("/p/idemcheck.yml"));
    }

    @Test
    void unknownKeyNamesFileLineAndKey() {
        assertThatThrownBy(() -> parse("""
                rules:
                  IDEM001: error
                include: []
                exclude: []
                effects: []
                records: []
                sideEffect: []
                """)).isInstanceOf(ConfigException.class)
                .hasMessage("idemcheck.yml:7: unknown key 'sideEffect' (expected one of: rules, include, exclude, "
                        + "effects, records, claims, keyCarriers, locks, entryPoints, statusColumns, stateValues, "
                        + "inProgressValues, suppressions)");
    }

    @Test
    void numericStateValuesAreRejectedAndStatusColumnsAreCaseFolded() {
        assertThatThrownBy(() -> parse("stateValues: [\"SETTLED\", 2]\n")).isInstanceOf(ConfigException.class)
                .hasMessage("idemcheck.yml:1: stateValues: 2 is not a state name: a state value is the word a status "
                        + "column holds (SETTLED); numeric status codes are not read");
        assertThatThrownBy(() -> parse("stateValues:\n  - SETTLED\n  - 1\n"))
                .hasMessageStartingWith("idemcheck.yml:3: stateValues: 1 is not a state name");
        assertThat(parse("statusColumns: [\"Lifecycle\", \"*_Phase\"]\n").statusColumns())
                .containsExactly("lifecycle", "*_phase");
    }

    @Test
    void everyEffectKindIsAcceptedAndKeptAsWritten() {
        for (EffectKind k : EffectKind.values()) {
            ProjectConfig c = parse("effects:\n  - {pattern: \"a.B#c\", kind: " + k.label() + "}\n");
            assertThat(c.effects()).singleElement().extracting(ProjectConfig.Effect::kind).isEqualTo(k.label());
        }
        assertThat(EffectKind.labels()).contains("file", "db-increment");
        assertThatThrownBy(() -> parse("effects:\n  - {pattern: \"a.B#c\", kind: teleport}\n"))
                .hasMessage("idemcheck.yml:2: effects: kind 'teleport' is not one of payment, message, http, mail, "
                        + "order, file, db-insert, db-increment");
    }

    @Test
    void brokenYamlIsOneLineNamingTheProblemAndItsLine() {
        assertThatThrownBy(() -> parse("# effects\neffects: [\n  {pattern: \"a.B#c\", kind: payment\n"))
                .hasMessage("idemcheck.yml:3: not valid YAML: the '{' opened at line 3 is never closed (expected ',' "
                        + "or '}', but got <stream end> at line 4)");
        assertThatThrownBy(() -> parse("effects: [\"a\", \"b\"\nrules: {}\n"))
                .hasMessageStartingWith("idemcheck.yml:2: not valid YAML: ")
                .hasMessageNotContaining("\n");
        assertThatThrownBy(() -> parse("stateValues: 'SETTLED\n"))
                .hasMessage("idemcheck.yml:1: not valid YAML: the quoted string opened at line 1 is never closed "
                        + "(found unexpected end of stream at line 2)");
        assertThatThrownBy(() -> parse("rules: a\n b: c\n"))
                .hasMessage("idemcheck.yml:2: not valid YAML: mapping values are not allowed here");
    }

    @Test
    void badValuesAreErrorsNeverDefaults() {
        assertThatThrownBy(() -> parse("effects:\n  - pattern: \"com.acme.Billing\"\n    kind: payment\n"))
                .hasMessageStartingWith("idemcheck.yml:2: effects: bad pattern 'com.acme.Billing'");
        assertThatThrownBy(() -> parse("effects:\n  - pattern: \"a.B#c\"\n    kind: teleport\n"))
                .hasMessageStartingWith("idemcheck.yml:3: effects: kind 'teleport' is not one of");
        assertThatThrownBy(() -> parse("effects:\n  - pattern: \"a.B#c\"\n"))
                .hasMessageStartingWith("idemcheck.yml:2: effects: missing key 'kind'");
        assertThatThrownBy(() -> parse("rules:\n  IDEM001: loud\n"))
                .hasMessageStartingWith("idemcheck.yml:2: rules: IDEM001: expected off, on, error, warning or note");
        assertThatThrownBy(() -> parse("include: \"src/**\"\n"))
                .hasMessageStartingWith("idemcheck.yml:1: 'include' must be a list");
        assertThatThrownBy(() -> parse("keyCarriers:\n  - pattern: \"a.B#c(x)\"\n    parameter: 3\n"))
                .hasMessageStartingWith("idemcheck.yml:3: keyCarriers: parameter 3 is beyond");
        assertThatThrownBy(() -> parse("suppressions:\n  - rule: IDEM001\n    path: \"**\"\n"))
                .hasMessageStartingWith("idemcheck.yml:2: suppressions: missing key 'reason'");
        assertThatThrownBy(() -> parse("suppressions:\n  - rule: IDEM001\n    path: \"**\"\n    reason: \"\"\n"))
                .hasMessageStartingWith("idemcheck.yml:4: suppressions: 'reason' must say why");
        assertThatThrownBy(() -> parse("rules:\n  IDEM001: on\n  IDEM001: off\n"))
                .hasMessageStartingWith("idemcheck.yml:3: duplicate key 'IDEM001'");
        assertThatThrownBy(() -> parse("- a\n- b\n")).hasMessageStartingWith("idemcheck.yml:1: expected a mapping");
        assertThatThrownBy(() -> parse("effects: [\n")).hasMessageStartingWith("idemcheck.yml:");
    }

    @Test
    void methodPatterns() {
        MethodPattern p = MethodPattern.parse("com.acme.sms.*Client#send*");
        assertThat(p.matches("com.acme.sms.AliyunSmsClient", "sendBatch", 3)).isTrue();
        assertThat(p.matches("com.acme.sms.sub.AliyunSmsClient", "send", 1)).isFalse();
        assertThat(p.matches("com.acme.sms.SmsGateway", "send", 1)).isFalse();
        assertThat(p.matches("AliyunSmsClient", "send", 1)).isTrue(); // unresolved: by simple name
        MethodPattern q = MethodPattern.parse("com.acme.**.BillingClient#charge(a, b)");
        assertThat(q.matches("com.acme.x.y.BillingClient", "charge", 2)).isTrue();
        assertThat(q.matches("com.acme.x.y.BillingClient", "charge", 1)).isFalse();
        assertThat(MethodPattern.parse("BillingClient#charge()").matches("org.x.BillingClient", "charge", 0)).isTrue();
        assertThatThrownBy(() -> MethodPattern.parse("#charge")).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> MethodPattern.parse("a.B#c(,)")).isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void globs() {
        assertThat(Glob.of("**/generated/**").matches("generated/A.java")).isTrue();
        assertThat(Glob.of("**/generated/**").matches("src/generated/x/A.java")).isTrue();
        assertThat(Glob.of("src/*.sql").matches("src/a/b.sql")).isFalse();
        assertThat(Glob.of("legacy/").matches("legacy/a/B.java")).isTrue();
    }

    @Test
    void entryPointsAreReadInTheCatalogsShapeWithTheirLines() {
        ProjectConfig c = parse("""
                entryPoints:
                  methodAnnotations: ["@com.acme.sched.NightlyJob", "Hourly"]
                  typeAnnotationsWithMethod:
                    - {annotation: BatchJob, method: run}
                  interfaces:
                    - type: com.acme.sched.JobHandler
                      method: handle
                      params: [JobContext, "*"]
                """);
        assertThat(c.entryPoints()).extracting(ProjectConfig.EntryPoint::reason).containsExactly(
                "idemcheck.yml entryPoints @NightlyJob at line 2", "idemcheck.yml entryPoints @Hourly at line 2",
                "idemcheck.yml entryPoints @BatchJob run at line 4",
                "idemcheck.yml entryPoints JobHandler.handle at line 6");
        ProjectConfig.EntryPoint handler = c.entryPoints().get(3);
        assertThat(handler.params()).containsExactly("JobContext", "*");
        assertThat(handler.paramsMatch(java.util.List.of("JobContext", "long"))).isTrue();
        assertThat(handler.paramsMatch(java.util.List.of("String"))).isFalse();
        assertThat(c.entryPoints().get(2).params()).isNull();
    }

    @Test
    void badEntryPointsAreErrorsNamingTheKeyAndLine() {
        assertThatThrownBy(() -> parse("entryPoints:\n  annotations: [NightlyJob]\n"))
                .isInstanceOf(ConfigException.class)
                .hasMessage("idemcheck.yml:2: entryPoints: unknown key 'annotations' (expected one of: "
                        + "methodAnnotations, typeAnnotationsWithMethod, interfaces)");
        assertThatThrownBy(() -> parse("entryPoints: [NightlyJob]\n"))
                .hasMessage("idemcheck.yml:1: 'entryPoints' must be a mapping (key: value lines)");
        assertThatThrownBy(() -> parse("entryPoints:\n  interfaces:\n    - {type: JobHandler}\n"))
                .hasMessage("idemcheck.yml:3: entryPoints.interfaces: missing key 'method'");
        assertThatThrownBy(() -> parse("entryPoints:\n  methodAnnotations: [\"Nightly Job\"]\n"))
                .hasMessage("idemcheck.yml:2: entryPoints.methodAnnotations: 'Nightly Job' is not a type or "
                        + "annotation name");
    }

    @Test
    void inProgressValuesAreStateNamesAndNotAlsoTerminal() {
        ProjectConfig c = parse("stateValues: [SETTLED]\ninProgressValues: [\"grabbed\", PICKED]\n");
        assertThat(c.inProgressValues()).containsExactly("grabbed", "PICKED");
        assertThat(c.stateValues()).containsExactly("SETTLED");
        assertThatThrownBy(() -> parse("inProgressValues: [3]\n"))
                .hasMessage("idemcheck.yml:1: inProgressValues: 3 is not a state name: a state value is the word a "
                        + "status column holds (GRABBED); numeric status codes are not read");
        assertThatThrownBy(() -> parse("stateValues: [settled]\ninProgressValues:\n  - SETTLED\n"))
                .hasMessage("idemcheck.yml:3: inProgressValues: 'SETTLED' is also in stateValues (line 1): a state "
                        + "is either one work ends in or one work is under way in");
    }
}
