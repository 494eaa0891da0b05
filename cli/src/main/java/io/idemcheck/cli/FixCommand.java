package io.idemcheck.cli;

import io.idemcheck.core.engine.ProgressListener;
import io.idemcheck.core.engine.ScanRequest;
import io.idemcheck.core.finding.Finding;
import io.idemcheck.core.finding.ScanResult;
import io.idemcheck.core.fix.FixApplier;
import io.idemcheck.core.rule.Rule;
import io.idemcheck.core.rule.RuleRegistry;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.InvalidPathException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.Callable;
import java.util.concurrent.TimeUnit;

/**
 * {@code idemcheck fix [PATH...] [--rule ID...] [--dry-run | --apply] [--force]}: scans, then prints the unified diff
 * of every mechanical fix (the default, {@code --dry-run}) or writes it ({@code --apply}). Fixes that need a human
 * decision (templates) are counted, not applied.
 */
@Command(name = "fix", mixinStandardHelpOptions = true, versionProvider = IdemcheckCli.VersionProvider.class,
        description = "Shows (default) or applies the mechanical fixes of the findings.",
        footer = {"", "Exit codes: --dry-run: 0 nothing to fix, 4 fixes pending; --apply: 0 every mechanical fix was "
                + "applied, 4 some could not be (overlapping edits); 2 usage error or files with uncommitted changes "
                + "(without --force); 1 tool failure."})
final class FixCommand implements Callable<Integer> {

    private final IdemcheckCli cli;

    @Parameters(paramLabel = "PATH", arity = "0..*",
            description = "Files or directories to scan (default: the current directory).")
    List<String> paths = new ArrayList<>();

    @Option(names = "--rule", paramLabel = "ID", split = ",",
            description = "Only fixes of these rules (an id such as IDEM005 or a rule name); repeatable.")
    List<String> ruleIds = new ArrayList<>();

    @Option(names = "--dry-run", description = "Print the unified diff of the fixes (the default).")
    boolean dryRun;

    @Option(names = "--apply", description = "Write the fixes to the files.")
    boolean apply;

    @Option(names = "--force", description = "With --apply: also write files that have uncommitted changes, or "
            + "when git cannot tell.")
    boolean force;

    @Option(names = "--config", paramLabel = "FILE",
            description = "Configuration file, as for 'scan' (default: idemcheck.yml in the first PATH or a folder "
                    + "above it, up to the top of the git work tree): its rules, excludes and suppressions apply.")
    String config;

    @Option(names = "--source-root", paramLabel = "DIR",
            description = "Directory that paths are relative to (default: the top of the git work tree holding the "
                    + "first PATH; outside one, the current directory when it holds the first PATH, else that "
                    + "PATH's folder).")
    String sourceRoot;

    @Option(names = "--debug", description = "Print the stack trace when the tool fails.")
    boolean debug;

    FixCommand(IdemcheckCli cli) {
        this.cli = cli;
    }

    @Override
    public Integer call() throws IOException {
        if (dryRun && apply) {
            throw new UsageException("--dry-run and --apply cannot be used together");
        }
        ScanTargets targets = ScanTargets.of(paths, sourceRoot);
        List<Path> scanPaths = targets.paths();
        Path root = targets.root();
        RuleRegistry rules = selectRules(cli.rules.get(), ruleIds);
        ScanResult result;
        try {
            result = cli.engine.apply(new ScanRequest(scanPaths, root, 0, rules, ProgressListener.NONE,
                    ScanTargets.loadConfig(config, scanPaths.get(0))));
        } catch (IllegalArgumentException e) {
            throw UsageException.of(e, "scanning");
        }
        List<Finding> mechanical = result.findings().stream().filter(f -> f.fix() != null && f.fix().mechanical())
                .toList();
        long manual = result.findings().size() - mechanical.size();
        FixApplier.Plan plan = FixApplier.plan(result.sourceRoot(), mechanical);
        String counts = mechanical.size() + " mechanical fix" + (mechanical.size() == 1 ? "" : "es") + " in "
                + plan.after().size() + " file" + (plan.after().size() == 1 ? "" : "s") + "; " + manual
                + " finding" + (manual == 1 ? "" : "s") + " need" + (manual == 1 ? "s" : "")
                + " a human (see 'idemcheck scan')";
        if (!apply) {
            cli.out.print(FixApplier.diff(plan));
            cli.out.println("idemcheck: " + counts + (plan.after().isEmpty() ? "" : "; run with --apply to write them"));
            cli.out.flush();
            return plan.after().isEmpty() ? ExitCode.OK : ExitCode.FINDINGS;
        }
        if (!force && !plan.after().isEmpty()) {
            List<String> dirty = dirtyFiles(result.sourceRoot(), plan.after().keySet());
            if (!dirty.isEmpty()) {
                throw new UsageException("refusing to write files with uncommitted changes: " + String.join(", ", dirty)
                        + " (commit or stash them, or use --force)");
            }
        }
        FixApplier.write(result.sourceRoot(), plan);
        for (Map.Entry<String, String> e : plan.after().entrySet()) {
            cli.out.println("fixed " + e.getKey());
        }
        cli.out.println("idemcheck: applied " + counts + (plan.skipped() > 0 ? "; " + plan.skipped()
                + " overlapping edit(s) not applied: run 'idemcheck fix' again" : ""));
        cli.out.flush();
        return plan.skipped() > 0 ? ExitCode.FINDINGS : ExitCode.OK;
    }

    static RuleRegistry selectRules(RuleRegistry all, List<String> wanted) {
        if (wanted.isEmpty()) {
            return all;
        }
        Set<String> want = new LinkedHashSet<>();
        wanted.forEach(w -> want.add(w.trim().toUpperCase(Locale.ROOT)));
        List<Rule> chosen = new ArrayList<>();
        Set<String> known = new LinkedHashSet<>();
        for (Rule r : all.rules()) {
            String id = r.info().id().toUpperCase(Locale.ROOT);
            String name = r.info().name().toUpperCase(Locale.ROOT);
            if (want.contains(id) || want.contains(name)) {
                chosen.add(r);
                known.add(want.contains(id) ? id : name);
            }
        }
        for (String w : want) {
            if (!known.contains(w)) {
                throw new UsageException("--rule: unknown rule '" + w + "' (see 'idemcheck rules')");
            }
        }
        return RuleRegistry.of(chosen);
    }

    /**
     * Files among {@code paths} that exist and have uncommitted changes ({@code git status --porcelain}). Throws a
     * usage error when git is not installed or the root is not in a git work tree: then only --force may write.
     */
    static List<String> dirtyFiles(Path root, Set<String> paths) {
        List<String> existing = paths.stream().filter(p -> Files.exists(root.resolve(p))).toList();
        if (existing.isEmpty()) {
            return List.of();
        }
        String inside = git(root, List.of("rev-parse", "--is-inside-work-tree"));
        if (inside == null) {
            throw new UsageException("git is not available, so uncommitted changes cannot be detected; use --force "
                    + "to write anyway");
        }
        if (!inside.strip().equals("true")) {
            throw new UsageException("'" + root + "' is not in a git work tree, so uncommitted changes cannot be "
                    + "detected; use --force to write anyway");
        }
        List<String> args = new ArrayList<>(List.of("status", "--porcelain", "--"));
        args.addAll(existing);
        String out = git(root, args);
        if (out == null) {
            throw new UsageException("git status failed in '" + root + "'; use --force to write anyway");
        }
        List<String> dirty = new ArrayList<>();
        for (String p : existing) {
            for (String line : out.split("\\R")) {
                if (line.length() > 3 && line.substring(3).trim().replace("\"", "").endsWith(p)) {
                    dirty.add(p);
                    break;
                }
            }
        }
        return dirty;
    }

    /** git's stdout, or null when git is missing, fails or hangs. */
    private static String git(Path dir, List<String> args) {
        List<String> cmd = new ArrayList<>();
        cmd.add("git");
        cmd.addAll(args);
        try {
            Process p = new ProcessBuilder(cmd).directory(dir.toFile()).redirectErrorStream(false).start();
            p.getOutputStream().close();
            byte[] out;
            try (InputStream in = p.getInputStream()) {
                out = in.readAllBytes();
            }
            p.getErrorStream().readAllBytes();
            if (!p.waitFor(30, TimeUnit.SECONDS)) {
                p.destroyForcibly();
                return null;
            }
            return p.exitValue() == 0 ? new String(out, StandardCharsets.UTF_8) : "";
        } catch (IOException e) {
            return null;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return null;
        }
    }

}
