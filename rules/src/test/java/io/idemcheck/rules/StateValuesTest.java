package io.idemcheck.rules;

import io.idemcheck.core.config.ConfigLoader;
import io.idemcheck.core.config.ProjectConfig;
import io.idemcheck.core.engine.Analyzer;
import io.idemcheck.core.engine.ProgressListener;
import io.idemcheck.core.engine.ScanRequest;
import io.idemcheck.core.finding.ScanResult;
import io.idemcheck.core.rule.RuleRegistry;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * idemcheck.yml's {@code stateValues} reach the rules: a conditional UPDATE whose row count is discarded is a claim
 * IDEM005 reports while its target state is unknown, and a completion it does not report once the project says the
 * state is one its items end in.
 */
class StateValuesTest {

    @TempDir
    Path tmp;

    static final String JOB = """
            package com.acme;
            import org.springframework.jdbc.core.JdbcTemplate;
            import org.springframework.scheduling.annotation.Scheduled;
            public class RedeemJob {
                private JdbcTemplate jdbc;
                @Scheduled(fixedDelay = 5000)
                public void run(long id, long version) {
                    jdbc.update("UPDATE coupon SET status = 'REDEEMED' WHERE id = ? AND version = ?", id, version);
                    jdbc.update("UPDATE coupon_batch SET used_count = used_count + 1 WHERE id = ?", id);
                }
            }
            """;

    private ScanResult scan(String config, String dir) throws Exception {
        Path root = tmp.resolve(dir);
        Path src = Files.createDirectories(root.resolve("src/main/java/com/acme"));
        Files.writeString(src.resolve("RedeemJob.java"), JOB);
        ProjectConfig cfg = null;
        if (config != null) {
            Files.writeString(root.resolve("idemcheck.yml"), config);
            cfg = ConfigLoader.load(root.resolve("idemcheck.yml"));
        }
        return new Analyzer().scan(new ScanRequest(List.of(root), root, 1,
                RuleRegistry.of(List.of(new IgnoredClaimResult())), ProgressListener.NONE, cfg));
    }

    @Test
    void aStateValueMakesAConditionalMoveToItACompletionNotAClaim() throws Exception {
        assertThat(scan(null, "plain").findings()).singleElement().satisfies(f -> {
            assertThat(f.ruleId()).isEqualTo("IDEM005");
            assertThat(f.primary().startLine()).isEqualTo(8);
        });
        assertThat(scan("stateValues: [\"redeemed\"]\n", "completion").findings()).isEmpty();
        assertThat(scan("stateValues: [\"SETTLED\"]\n", "other").findings()).as("another state: still a claim").hasSize(1);
    }
}
