package io.idemcheck.rules;

import io.idemcheck.core.engine.Analyzer;
import io.idemcheck.core.engine.ProgressListener;
import io.idemcheck.core.engine.ScanRequest;
import io.idemcheck.core.finding.Finding;
import io.idemcheck.core.finding.ScanResult;
import io.idemcheck.core.rule.RuleRegistry;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;

import static org.assertj.core.api.Assertions.assertThat;

/** IDEM007 on samples/noon-batch: fires with its success/failure tests, stops once a kill-midway test is added. */
class NoonBatchSampleTest {

    private static final Path SAMPLE = Path.of("../samples/noon-batch");

    @TempDir
    Path tmp;

    @Test
    void sampleHasNoKillMidwayTest() {
        List<Finding> f = idem007(SAMPLE.toAbsolutePath().normalize());
        assertThat(f).extracting(x -> x.primary().path() + ":" + x.primary().startLine())
                .contains("src/main/java/com/example/noon/job/NoonSettlementJob.java:28");
        assertThat(f).filteredOn(x -> x.primary().path().endsWith("NoonSettlementJob.java")).singleElement()
                .satisfies(x -> assertThat(x.message()).contains("NoonSettlementJobTest")
                        .contains("none kills it between charge() and updateStatus()"));
    }

    @Test
    void aKillMidwayTestSilencesIt() throws IOException {
        Path copy = tmp.resolve("noon-batch");
        copyTree(SAMPLE, copy);
        Files.writeString(copy.resolve("src/test/java/com/example/noon/job/NoonSettlementJobCrashTest.java"), """
                package com.example.noon.job;

                import static org.assertj.core.api.Assertions.assertThat;
                import static org.mockito.Mockito.doCallRealMethod;
                import static org.mockito.Mockito.doThrow;
                import static org.mockito.Mockito.spy;

                import com.example.noon.fakes.FakeNotificationClient;
                import com.example.noon.fakes.FakeOrderMapper;
                import com.example.noon.fakes.FakePaymentClient;
                import com.example.noon.fakes.FakeTaskMapper;
                import com.example.noon.service.OrderService;
                import com.example.noon.service.SettlementService;
                import org.junit.jupiter.api.Test;

                class NoonSettlementJobCrashTest {

                    @Test
                    void aCrashBeforeDoneThenARestartChargesOnce() {
                        FakeTaskMapper taskMapper = spy(new FakeTaskMapper());
                        FakePaymentClient payments = new FakePaymentClient();
                        NoonSettlementJob job = new NoonSettlementJob(taskMapper, new SettlementService(payments,
                                new OrderService(new FakeOrderMapper()), new FakeNotificationClient()));
                        doThrow(new IllegalStateException("killed before DONE")).doCallRealMethod()
                                .when(taskMapper).updateStatus(1L, "DONE");
                        job.run();
                        job.run();
                        assertThat(payments.chargedUsers).containsOnlyOnce(101L);
                    }
                }
                """);
        List<Finding> f = idem007(copy);
        assertThat(f).noneMatch(x -> x.primary().path().endsWith("NoonSettlementJob.java"));
    }

    private static List<Finding> idem007(Path root) {
        ScanResult r = new Analyzer().scan(new ScanRequest(List.of(root), root, 1,
                RuleRegistry.of(List.of(new MissingKillMidwayTest())), ProgressListener.NONE));
        return r.findings().stream().filter(x -> x.ruleId().equals("IDEM007")).toList();
    }

    private static void copyTree(Path from, Path to) throws IOException {
        try (Stream<Path> s = Files.walk(from)) {
            for (Path p : s.filter(p -> !p.toString().contains("/target")).toList()) {
                Path dest = to.resolve(from.relativize(p).toString());
                if (Files.isDirectory(p)) {
                    Files.createDirectories(dest);
                } else {
                    Files.copy(p, dest);
                }
            }
        }
    }
}
