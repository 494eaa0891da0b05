package io.idemcheck.cli;

import io.idemcheck.core.finding.RuleDescriptor;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

import java.util.List;
import java.util.concurrent.Callable;

/** {@code idemcheck rules}: one line per rule (id, name, default severity, summary). */
@Command(name = "rules", mixinStandardHelpOptions = true, versionProvider = IdemcheckCli.VersionProvider.class,
        description = "Lists the rules: id, name, default severity and summary.")
final class RulesCommand implements Callable<Integer> {

    private final IdemcheckCli cli;

    @Option(names = "--debug", description = "Print the stack trace when the tool fails.")
    boolean debug;

    RulesCommand(IdemcheckCli cli) {
        this.cli = cli;
    }

    @Override
    public Integer call() {
        List<RuleDescriptor> rules = cli.rules.get().descriptors();
        if (rules.isEmpty()) {
            cli.out.println("no rules on the class path");
            cli.out.flush();
            return ExitCode.OK;
        }
        int nameWidth = rules.stream().mapToInt(r -> r.name().length()).max().orElse(4);
        int idWidth = rules.stream().mapToInt(r -> r.id().length()).max().orElse(7);
        String fmt = "%-" + idWidth + "s  %-" + nameWidth + "s  %-7s  %s%n";
        for (RuleDescriptor r : rules) {
            cli.out.printf(fmt, r.id(), r.name(), r.defaultSeverity().label(), r.summary());
        }
        cli.out.flush();
        return ExitCode.OK;
    }
}
