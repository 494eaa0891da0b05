package io.idemcheck.runtime.bench;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Runs a benchmark script of {@code runtime/bench} with {@code mvn} and {@code java} replaced on the PATH by stubs
 * that print {@code STUB-CALLED <tool>} and exit 3, so that a script which gets past its argument checks builds and
 * runs nothing.
 */
final class BenchScripts {

    /** What one run printed and its exit code. */
    record Run(int code, List<String> out, List<String> err) {
    }

    private BenchScripts() {
    }

    /** Runs {@code script} with {@code args} under bash, the stubs written into {@code stubs}; at most 60 s. */
    static Run run(Path stubs, Path script, String... args) throws IOException, InterruptedException {
        for (String tool : new String[]{"mvn", "java"}) {
            Path stub = stubs.resolve(tool);
            Files.write(stub, ("#!/bin/sh\necho STUB-CALLED " + tool + "\nexit 3\n").getBytes(StandardCharsets.UTF_8));
            assertThat(stub.toFile().setExecutable(true)).isTrue();
        }
        List<String> cmd = new ArrayList<>(List.of("bash", script.toString()));
        cmd.addAll(List.of(args));
        ProcessBuilder pb = new ProcessBuilder(cmd);
        pb.environment().put("PATH", stubs + ":" + System.getenv("PATH"));
        Path out = stubs.resolve("out.txt");
        Path err = stubs.resolve("err.txt");
        Process p = pb.redirectOutput(out.toFile()).redirectError(err.toFile()).start();
        assertThat(p.waitFor(60, TimeUnit.SECONDS)).as("script finished").isTrue();
        return new Run(p.exitValue(), Files.readAllLines(out), Files.readAllLines(err));
    }
}
