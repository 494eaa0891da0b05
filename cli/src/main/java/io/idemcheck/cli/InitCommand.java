package io.idemcheck.cli;

import io.idemcheck.core.facts.EffectKind;
import io.idemcheck.core.config.ProjectConfig;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.InvalidPathException;
import java.nio.file.Path;
import java.util.concurrent.Callable;

import static io.idemcheck.core.util.Texts.firstLine;

/** {@code idemcheck init [DIR]}: writes a commented starting {@code idemcheck.yml}. */
@Command(name = "init", mixinStandardHelpOptions = true, versionProvider = IdemcheckCli.VersionProvider.class,
        description = "Writes a commented starting idemcheck.yml into DIR (default: the current directory).")
final class InitCommand implements Callable<Integer> {

    /** The starting file; it is valid as written (a test loads it). */
    static final String TEMPLATE = """
            # idemcheck.yml: idemcheck's configuration for this project (docs/configuration.md lists every key).
            # idemcheck finds it in the scanned folder or a folder above it, up to the top of the git work tree;
            # 'idemcheck scan --config FILE' and the Maven plugin's configFile name another file.
            # Every key is optional. An unknown key or a malformed value is an error, never ignored.

            # Rules by id or name: off, on (the rule's own severity), error, warning or note.
            rules:
              IDEM001: on
              # IDEM000: off   # notes about suppressions without a reason, or that suppress nothing

            # Which files are scanned: globs relative to this file's folder ('*' within a folder, '**' across folders).
            # With include, only matching files are scanned; exclude removes files.
            include: []
            exclude:
              - "**/generated/**"

            # Your own vocabulary. A method pattern is Type#method(params):
            #   Type    fully qualified, '*' within a name segment, '**' across segments; no package = any package
            #   method  a name with '*' globs
            #   params  optional; only the count matters: () none, (a, b) two, (*) or (..) any
            # Calls that have a side effect a restart would repeat (kind: %KINDS%):
            effects: []
            #  - pattern: "com.acme.billing.BillingClient#charge(*)"
            #    kind: payment
            #  - pattern: "com.acme.sms.*Client#send*"
            #    kind: message

            # Calls that record an item's state (the DONE write):
            records: []
            #  - "com.acme.task.TaskDao#finish(*)"

            # Calls that claim an item before the work (a conditional update whose result is checked):
            claims: []
            #  - "com.acme.task.TaskDao#tryStart(*)"

            # Your own distributed-lock API (read as a known library lock such as Redisson's RLock is; IDEM009):
            locks: []
            #  - "com.acme.lock.DistributedLock#tryAcquire(*)"

            # Your own job triggers, shaped as the catalog's entryPoints: methods run unattended like @Scheduled ones.
            entryPoints: {}
            #  methodAnnotations: ["NightlyJob"]
            #  interfaces:
            #    - {type: "com.acme.sched.JobHandler", method: "handle"}

            # Parameters that carry an idempotency key (parameter: 0 is the first argument):
            keyCarriers: []
            #  - pattern: "com.acme.billing.BillingClient#charge(*, *)"
            #    parameter: 1

            # Status-like column names beyond the built-in ones (status, state, *_status, ...):
            statusColumns: []
            #  - "lifecycle"
            # Terminal (completion) states work items end in, beyond DONE, SUCCESS, ...:
            stateValues: []
            #  - "SETTLED"
            # In-progress states a claim moves items into while they are worked on, beyond RUNNING, PROCESSING, ...:
            inProgressValues: []
            #  - "GRABBED"

            # Accepted findings by rule and path glob, for code you do not own or project-level findings.
            # The reason is required. Prefer '// idemcheck:ignore IDEM001 -- reason' next to the code.
            suppressions: []
            #  - rule: IDEM001
            #    path: "src/main/java/com/acme/legacy/**"
            #    reason: "legacy exporter, replaced in Q3; downstream dedupes on order_no"
            """.replace("%KINDS%", String.join(", ", EffectKind.labels()));

    private final IdemcheckCli cli;

    @Parameters(paramLabel = "DIR", arity = "0..1", description = "Folder to write idemcheck.yml into.")
    String dir;

    @Option(names = "--force", description = "Overwrite an existing idemcheck.yml.")
    boolean force;

    @Option(names = "--debug", description = "Print the stack trace when the tool fails.")
    boolean debug;

    InitCommand(IdemcheckCli cli) {
        this.cli = cli;
    }

    @Override
    public Integer call() {
        Path folder;
        try {
            folder = Path.of(dir == null ? "." : dir).toAbsolutePath().normalize();
        } catch (InvalidPathException e) {
            throw new UsageException("invalid path '" + dir + "'");
        }
        if (!Files.isDirectory(folder)) {
            throw new UsageException("'" + (dir == null ? "." : dir) + "' is not a directory");
        }
        Path file = folder.resolve(ProjectConfig.FILE_NAME);
        if (Files.exists(file) && !force) {
            throw new UsageException("'" + file + "' already exists (use --force to overwrite it)");
        }
        try {
            Files.writeString(file, TEMPLATE, StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UsageException("cannot write '" + file + "' (" + firstLine(e.getMessage()) + ")");
        }
        cli.out.println("idemcheck: wrote " + file);
        cli.out.flush();
        return ExitCode.OK;
    }
}
