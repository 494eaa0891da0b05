package io.idemcheck.cli;

import io.idemcheck.core.config.ProjectConfig;
import io.idemcheck.core.discovery.SourceDiscovery;
import io.idemcheck.core.engine.Analyzer;
import io.idemcheck.core.engine.ProgressListener;
import io.idemcheck.core.engine.ScanRequest;
import io.idemcheck.core.explain.ExplainJsonWriter;
import io.idemcheck.core.explain.ExplainTextWriter;
import io.idemcheck.core.explain.Explainer;
import io.idemcheck.core.explain.Explanation;
import io.idemcheck.core.finding.ScanResult;
import io.idemcheck.core.model.Project;
import io.idemcheck.core.rule.RuleRegistry;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStreamWriter;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Callable;
import java.util.concurrent.atomic.AtomicReference;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import static io.idemcheck.core.util.Texts.firstLine;

/**
 * {@code idemcheck explain FILE[:LINE]}: scans the project that holds FILE, then prints, for each method at LINE (or
 * every method of FILE), what each call is taken to be and why, the method's summary, whether it runs unattended,
 * and each rule's verdict with the condition it found missing. Output format: docs/explain.md.
 */
@Command(name = "explain", mixinStandardHelpOptions = true, versionProvider = IdemcheckCli.VersionProvider.class,
        description = {"Explains what idemcheck sees in the methods at FILE:LINE (every method of FILE without "
                + "LINE): each call's role (effect, record, claim, completion, key, lock, read, write, runtime) and what decided it "
                + "(catalog entry, name pattern, SQL statement, idemcheck.yml line), the method's summary and the "
                + "effects it reaches with their call chain, whether it is a job entry point or reachable from one, "
                + "and for each rule whether it fired there and, if not, which condition was missing.",
                "The whole project is scanned, as 'scan' would (see --project)."},
        footer = {"", "Exit codes: 0 explained; 2 usage error (no such file, not a Java file, LINE out of range or "
                + "in no method, a bad option); 1 tool failure."})
final class ExplainCommand implements Callable<Integer> {

    /** Files whose presence marks a project's root directory. */
    static final List<String> PROJECT_MARKERS = List.of("pom.xml", "build.gradle", "build.gradle.kts",
            "settings.gradle", "settings.gradle.kts", ".git");
    private static final Pattern WITH_LINE = Pattern.compile("(.+):([^:/\\\\]*)");

    private final IdemcheckCli cli;

    @Parameters(index = "0", paramLabel = "FILE[:LINE[:COL]]",
            description = "A Java source file, optionally with a 1-based line (Job.java:33); a column after it, as "
                    + "'scan' prints locations (Job.java:33:5), is accepted and ignored.")
    String location;

    @Option(names = "--project", paramLabel = "DIR",
            description = "The project to scan (default: the nearest folder above FILE with a pom.xml, a Gradle "
                    + "build file or .git; give the root of a multi-module build here to scan all of it).")
    String project;

    @Option(names = "--config", paramLabel = "FILE",
            description = "Configuration file (default: idemcheck.yml in the project or a folder above it, up to the "
                    + "top of the git work tree).")
    String config;

    @Option(names = {"-f", "--format"}, paramLabel = "FORMAT", defaultValue = "text",
            description = "Output format: text or json (default: ${DEFAULT-VALUE}).")
    String format;

    @Option(names = "--threads", paramLabel = "N", defaultValue = "0",
            description = "Parser and rule threads, 0 to 32767; 0 means one per core (default: ${DEFAULT-VALUE}).")
    int threads;

    @Option(names = "--debug", description = "Print the stack trace when the tool fails.")
    boolean debug;

    /**
     * Not an option of explain: taken only to refuse it in one line that says why (a scan's {@code --cache FILE}
     * copied to explain was "unknown options: '--cache', 'FILE'").
     */
    @Option(names = "--cache", paramLabel = "FILE", hidden = true, arity = "0..1", fallbackValue = "")
    String cache;

    ExplainCommand(IdemcheckCli cli) {
        this.cli = cli;
    }

    @Override
    public Integer call() throws IOException {
        if (cache != null) {
            throw new UsageException("--cache: explain has no analysis cache (it scans the project afresh each "
                    + "time); leave --cache out, it is a 'scan' option");
        }
        boolean json = parseFormat(format);
        ScanTargets.checkThreads(threads);
        Target target = parseLocation(location);
        Path projectDir = projectDir(target);
        ProjectConfig projectConfig = ScanTargets.loadConfig(config, projectDir);
        RuleRegistry rules = cli.rules.get();
        Path root = explainRoot(projectDir);
        ScanRequest request = new ScanRequest(List.of(projectDir), root, threads, rules, ProgressListener.NONE,
                projectConfig);
        AtomicReference<Project> model = new AtomicReference<>();
        ScanResult result;
        try {
            result = new Analyzer().scan(request, model::set);
        } catch (IllegalArgumentException e) {
            throw UsageException.of(e, "scanning");
        }
        if (model.get() == null) {
            throw new IllegalStateException("the engine built no project model");
        }
        Explanation explanation;
        try {
            explanation = new Explainer(model.get(), result, rules.rules(), projectConfig)
                    .explain(target.file(), target.line(), projectDir);
        } catch (IllegalArgumentException e) {
            throw UsageException.of(e, "explaining " + location);
        }
        Writer w = new OutputStreamWriter(cli.out, StandardCharsets.UTF_8);
        if (json) {
            new ExplainJsonWriter().write(explanation, w);
        } else {
            new ExplainTextWriter().write(explanation, w);
        }
        w.flush();
        return ExitCode.OK;
    }

    /**
     * The file (absolute, normalised, an existing .java file), the line (null: the whole file) and the file as the
     * user wrote it, without LINE or COL.
     */
    record Target(Path file, Integer line, String fileArg) {
    }

    /**
     * Parses {@code FILE[:LINE[:COL]]}, the last form being what {@code scan} prints. A suffix after the last ':' is a
     * line when the whole argument is not itself an existing file; when what is left is not an existing file either
     * and also ends in {@code :N}, the two suffixes are LINE:COL and the column is ignored (every method enclosing the
     * line is explained).
     *
     * @throws UsageException for a missing file, a directory, a file that is not Java, or a line that is not a number
     *                        from 1 to the file's line count
     */
    static Target parseLocation(String arg) {
        String fileArg = arg;
        String lineArg = null;
        Matcher mt = WITH_LINE.matcher(arg);
        if (mt.matches() && !Files.exists(ScanTargets.toPath(arg, "FILE"))) {
            fileArg = mt.group(1);
            lineArg = mt.group(2);
            Matcher col = WITH_LINE.matcher(fileArg);
            if (lineArg.strip().matches("\\d+") && col.matches() && col.group(2).strip().matches("\\d+")
                    && !Files.exists(ScanTargets.toPath(fileArg, "FILE"))) {
                fileArg = col.group(1);
                lineArg = col.group(2);
            }
        }
        Path file = ScanTargets.toPath(fileArg, "FILE");
        if (!Files.exists(file)) {
            badSuffix(arg);
            throw new UsageException("file '" + fileArg + "' does not exist");
        }
        if (Files.isDirectory(file)) {
            throw new UsageException("'" + fileArg + "' is a directory; explain takes one Java file (FILE[:LINE])");
        }
        file = file.toAbsolutePath().normalize();
        if (lineArg == null) {
            return new Target(file, null, fileArg);
        }
        int line;
        try {
            line = Integer.parseInt(lineArg.strip());
        } catch (NumberFormatException e) {
            throw new UsageException("line '" + lineArg + "' in '" + arg + "' is not a number (expected FILE or "
                    + "FILE:LINE)");
        }
        int lines = lineCount(file);
        if (line < 1 || line > lines) {
            throw new UsageException("line " + line + " is out of range: '" + fileArg + "' has " + lines + " line"
                    + (lines == 1 ? "" : "s"));
        }
        return new Target(file, line, fileArg);
    }

    /**
     * For a FILE[:LINE[:COL]] whose FILE was not found: when a prefix of {@code arg} before a ':' is an existing file,
     * what follows is a malformed location (Job.java:16:x, Job.java:x): a usage error naming it.
     */
    private static void badSuffix(String arg) {
        for (int i = arg.lastIndexOf(':'); i > 0; i = arg.lastIndexOf(':', i - 1)) {
            String prefix = arg.substring(0, i);
            Path p;
            try {
                p = ScanTargets.toPath(prefix, "FILE");
            } catch (UsageException e) {
                continue;
            }
            if (Files.isRegularFile(p)) {
                throw new UsageException("bad location in '" + arg + "': LINE or LINE:COLUMN (numbers) expected after '"
                        + prefix + "', got '" + arg.substring(i + 1) + "'");
            }
        }
    }

    /** The number of lines of {@code file} as an editor counts them (a final line without newline counts). */
    private static int lineCount(Path file) {
        int lines = 0;
        int last = '\n';
        try (InputStream in = Files.newInputStream(file)) {
            byte[] buf = new byte[8192];
            int n;
            while ((n = in.read(buf)) > 0) {
                for (int i = 0; i < n; i++) {
                    if (buf[i] == '\n') {
                        lines++;
                    }
                }
                last = buf[n - 1];
            }
        } catch (IOException e) {
            throw new UsageException("cannot read '" + file + "' (" + firstLine(e.getMessage()) + ")");
        }
        return last == '\n' ? lines : lines + 1;
    }

    /** {@code --project}, validated, or the project found above {@code file} ({@link #findProject}). */
    private Path projectDir(Target target) {
        Path file = target.file();
        if (project == null) {
            return findProject(file);
        }
        Path dir = ScanTargets.toPath(project, "--project").toAbsolutePath().normalize();
        if (!Files.isDirectory(dir)) {
            throw new UsageException("--project: '" + project + "' is not a directory");
        }
        if (!file.startsWith(dir)) {
            throw new UsageException("--project: '" + project + "' does not contain '" + target.fileArg() + "'");
        }
        return dir;
    }

    /**
     * The project that holds {@code file}: the nearest folder above it with a {@code pom.xml}, a Gradle build file or
     * a {@code .git}; without one, the folder holding the Maven-style {@code src/main} or {@code src/test} tree the
     * file is in (a template or mapper under {@code src/main/resources} is explained with the Java code that runs it);
     * the file's own folder when there is neither. A module of a multi-module build is a project of its own here;
     * give {@code --project} to scan the whole build.
     */
    static Path findProject(Path file) {
        Path dir = file.getParent();
        for (Path d = dir; d != null; d = d.getParent()) {
            for (String n : PROJECT_MARKERS) {
                if (Files.exists(d.resolve(n))) {
                    return d;
                }
            }
        }
        for (Path d = dir; d != null && d.getParent() != null; d = d.getParent()) {
            if (d.getFileName().toString().equals("src")
                    && (file.startsWith(d.resolve("main")) || file.startsWith(d.resolve("test")))) {
                return d.getParent();
            }
        }
        return dir;
    }

    private static boolean parseFormat(String s) {
        String f = s == null ? "" : s.strip().toLowerCase(Locale.ROOT);
        if (!f.equals("text") && !f.equals("json")) {
            throw new UsageException("--format: unknown value '" + s + "' (expected text or json)");
        }
        return f.equals("json");
    }

    /**
     * What explain's paths are relative to: the top of the git work tree holding the project, else the project itself
     * (never the current directory: the same project explained from two folders gives the same paths).
     */
    static Path explainRoot(Path projectDir) {
        Path top = SourceDiscovery.gitWorkTreeTop(projectDir);
        return top != null ? top : projectDir.toAbsolutePath().normalize();
    }
}
