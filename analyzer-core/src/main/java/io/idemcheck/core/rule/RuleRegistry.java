package io.idemcheck.core.rule;

import io.idemcheck.core.catalog.Catalog;
import io.idemcheck.core.finding.RuleDescriptor;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.ServiceLoader;

/**
 * The rules found on the class path with {@link ServiceLoader}, sorted by id. Doc pages are read from the class-path
 * resource {@code io/idemcheck/rules/docs/<Name>.md} (the rules module packages {@code rules/docs/} there).
 */
public final class RuleRegistry {

    private final List<Rule> rules;

    private RuleRegistry(List<Rule> rules) {
        this.rules = List.copyOf(rules);
    }

    /** Loads every registered rule with the context class loader (or this class's loader). */
    public static RuleRegistry load() {
        ClassLoader cl = Thread.currentThread().getContextClassLoader();
        if (cl == null) {
            cl = RuleRegistry.class.getClassLoader();
        }
        return load(cl);
    }

    /**
     * Loads every rule registered for {@code loader}. The built-in catalog is loaded and validated first, so that a
     * bad catalog is its own one-line {@link io.idemcheck.core.catalog.CatalogException} rather than a
     * ServiceConfigurationError from the first rule whose initialisation reads it.
     */
    public static RuleRegistry load(ClassLoader loader) {
        Catalog.builtin();
        List<Rule> list = new ArrayList<>();
        for (Rule r : ServiceLoader.load(Rule.class, loader)) {
            list.add(r);
        }
        list.sort(Comparator.comparing(r -> r.info().id()));
        return new RuleRegistry(list);
    }

    /** A registry of exactly these rules (tests). */
    public static RuleRegistry of(List<Rule> rules) {
        List<Rule> list = new ArrayList<>(rules);
        list.sort(Comparator.comparing(r -> r.info().id()));
        return new RuleRegistry(list);
    }

    public List<Rule> rules() {
        return rules;
    }

    /** Descriptors of all rules, in id order. */
    public List<RuleDescriptor> descriptors() {
        return rules.stream().map(RuleRegistry::describe).toList();
    }

    /** The descriptor of one rule, with its doc page loaded from the rule class's loader. */
    public static RuleDescriptor describe(Rule rule) {
        RuleInfo i = rule.info();
        return new RuleDescriptor(i.id(), i.name(), i.summary(), i.severity(), List.of(i.tags()), i.precision(),
                loadDoc(rule.getClass().getClassLoader(), i.name()));
    }

    /** The Markdown doc of rule {@code name}, or "" when missing. */
    public static String loadDoc(ClassLoader loader, String name) {
        try (InputStream in = loader.getResourceAsStream("io/idemcheck/rules/docs/" + name + ".md")) {
            return in == null ? "" : new String(in.readAllBytes(), StandardCharsets.UTF_8);
        } catch (IOException e) {
            return "";
        }
    }
}
