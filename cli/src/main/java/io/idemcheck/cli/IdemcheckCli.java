package io.idemcheck.cli;

import io.idemcheck.core.Version;
import io.idemcheck.core.catalog.CatalogException;
import io.idemcheck.core.engine.Analyzer;
import io.idemcheck.core.engine.ScanRequest;
import io.idemcheck.core.finding.ScanResult;
import io.idemcheck.core.rule.RuleRegistry;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

import java.io.PrintStream;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.Locale;
import java.util.concurrent.Callable;
import java.util.function.Function;
import java.util.function.Supplier;

import static io.idemcheck.core.util.Texts.firstLine;

/**
 * The {@code idemcheck} command: {@code scan}, {@code fix}, {@code explain}, {@code rules} and {@code init}. It only
 * parses arguments; {@code scan} hands them to a {@link io.idemcheck.core.session.ScanSession} (configuration,
 * engine, baseline, report, decision; shared with the Maven plugin) and turns its outcome into an {@link ExitCode};
 * {@code explain} scans with the engine and prints an {@link io.idemcheck.core.explain.Explanation}.
 */
@Command(name = "idemcheck", mixinStandardHelpOptions = true, versionProvider = IdemcheckCli.VersionProvider.class,
        description = "Finds batch-job code that is not safe to restart.",
        footer = {"", "Exit codes: 0 clean, 1 tool failure, 2 usage error, 4 findings at or above --fail-on, "
                + "5 files not analysed.", "Run 'idemcheck <command> --help' for a command's options."})
public final class IdemcheckCli implements Callable<Integer> {

    final Function<ScanRequest, ScanResult> engine;
    final Supplier<RuleRegistry> rules;
    final PrintStream out;
    final PrintStream err;
    final boolean console;

    @Option(names = "--debug", description = "Print the stack trace when the tool fails.")
    boolean debug;

    /** The real CLI: the engine, the rules on the class path, System.out/err. */
    public IdemcheckCli() {
        this(RuleRegistry::load);
    }

    /** The real CLI with the rules from {@code rules} ({@link EarlyStart}). */
    private IdemcheckCli(Supplier<RuleRegistry> rules) {
        this(request -> new Analyzer().scan(request), rules,
                new PrintStream(System.out, true, StandardCharsets.UTF_8),
                new PrintStream(System.err, true, StandardCharsets.UTF_8), System.console() != null);
    }

    /**
     * Test seam.
     *
     * @param engine  runs a scan (the real one is {@code new Analyzer()::scan})
     * @param rules   supplies the rules for {@code rules} and for scan requests
     * @param out     standard output
     * @param err     standard error
     * @param console whether stderr is a terminal (turns progress on by default when the report goes to a file)
     */
    IdemcheckCli(Function<ScanRequest, ScanResult> engine, Supplier<RuleRegistry> rules, PrintStream out,
                 PrintStream err, boolean console) {
        this.engine = engine;
        this.rules = rules;
        this.out = out;
        this.err = err;
        this.console = console;
    }

    public static void main(String[] args) {
        System.exit(new IdemcheckCli(EarlyStart.rules(args, RuleRegistry::load)).run(args));
    }

    /** Runs the command line and returns the exit code; never throws. */
    public int run(String... args) {
        boolean debugRequested = Arrays.asList(args).contains("--debug");
        try {
            CommandLine cl = new CommandLine(this);
            cl.addSubcommand("scan", new ScanCommand(this));
            cl.addSubcommand("rules", new RulesCommand(this));
            cl.addSubcommand("init", new InitCommand(this));
            cl.addSubcommand("fix", new FixCommand(this));
            cl.addSubcommand("explain", new ExplainCommand(this));
            cl.setOut(new PrintWriter(out, true));
            cl.setErr(new PrintWriter(err, true));
            cl.setParameterExceptionHandler((ex, a) -> {
                CommandLine cmd = ex.getCommandLine();
                String where = cmd == null || cmd.getParent() == null ? "idemcheck" : "idemcheck " + cmd.getCommandName();
                String msg = decapitalise(firstLine(ex.getMessage()));
                if (msg.isBlank()) {
                    msg = "invalid arguments (" + ex.getClass().getSimpleName() + ")";
                }
                if (ex instanceof CommandLine.UnmatchedArgumentException u && cmd != null && cmd.getParent() == null
                        && !u.getUnmatched().isEmpty() && !u.getUnmatched().get(0).startsWith("-")) {
                    msg = "unknown command '" + u.getUnmatched().get(0) + "' (commands: "
                            + String.join(", ", cmd.getSubcommands().keySet()) + ")";
                }
                return error(ExitCode.USAGE, msg + " (see '" + where + " --help')");
            });
            cl.setExecutionExceptionHandler((ex, cmd, parsed) -> handle(ex, debugRequested));
            return cl.execute(args);
        } catch (RuntimeException | Error e) {
            return handle(e, debugRequested);
        }
    }

    private int handle(Throwable ex, boolean debugRequested) {
        if (ex instanceof UsageException) {
            return error(ExitCode.USAGE, firstLine(ex.getMessage()));
        }
        CatalogException bad = CatalogException.in(ex);
        if (bad != null) {
            // a bad catalog.json is a usage error like a bad idemcheck.yml, whether it arrives as itself or wrapped
            // by a rule's initialisation (ServiceConfigurationError, ExceptionInInitializerError)
            if (debugRequested) {
                ex.printStackTrace(err);
            }
            return error(ExitCode.USAGE, firstLine(bad.getMessage()));
        }
        String m = firstLine(ex.getMessage());
        String what = ex.getClass().getSimpleName() + (m.isBlank() ? "" : ": " + m);
        if (debugRequested) {
            err.println("idemcheck: error: unexpected failure: " + what);
            ex.printStackTrace(err);
        } else {
            err.println("idemcheck: error: unexpected failure: " + what + " (run with --debug for details)");
        }
        err.flush();
        return ExitCode.TOOL_FAILURE;
    }

    /** Prints {@code idemcheck: error: MESSAGE} and returns {@code code}; a blank message says so instead. */
    int error(int code, String message) {
        err.println("idemcheck: error: " + (message == null || message.isBlank()
                ? "failed without a message (run with --debug for details)" : message));
        err.flush();
        return code;
    }

    /** No command given. */
    @Override
    public Integer call() {
        return error(ExitCode.USAGE, "missing command: expected scan, rules or init (see 'idemcheck --help')");
    }

    private static String decapitalise(String s) {
        if (s.length() > 1 && Character.isUpperCase(s.charAt(0)) && !Character.isUpperCase(s.charAt(1))) {
            return s.substring(0, 1).toLowerCase(Locale.ROOT) + s.substring(1);
        }
        return s;
    }

    /** "idemcheck &lt;version&gt;". */
    static final class VersionProvider implements CommandLine.IVersionProvider {
        @Override
        public String[] getVersion() {
            return new String[]{Version.NAME + " " + Version.version()};
        }
    }
}
