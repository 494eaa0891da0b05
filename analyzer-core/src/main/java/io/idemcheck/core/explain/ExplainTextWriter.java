package io.idemcheck.core.explain;

import io.idemcheck.core.summary.Evidence;

import java.io.IOException;
import java.io.PrintWriter;
import java.io.Writer;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * Writes an {@link Explanation} for a reader: per method, whether it runs unattended, its summary with every effect it
 * reaches and the chain down to it, each call with a role (and the evidence that decided it), the calls without one
 * on one line, and each rule's verdict with the conditions it checked.
 */
public final class ExplainTextWriter {

    /** Writes {@code e} to {@code out} and flushes it; {@code out} stays open. */
    public void write(Explanation e, Writer out) throws IOException {
        PrintWriter w = new PrintWriter(out);
        w.println("explain " + e.file() + (e.line() == null ? "" : ":" + e.line()) + "   (project: "
                + (e.project().isEmpty() ? "." : e.project()) + ")");
        for (String d : e.diagnostics()) {
            w.println("  diagnostic: " + d);
        }
        for (Explanation.Method m : e.methods()) {
            w.println();
            method(w, m);
        }
        w.flush();
    }

    private void method(PrintWriter w, Explanation.Method m) {
        w.println(m.name() + "   lines " + m.startLine() + "-" + m.endLine() + "   " + m.id()
                + (m.test() ? "   (test code)" : ""));
        Explanation.Runs r = m.runs();
        if (r.entryPoint() != null) {
            w.println("  runs unattended: a job entry point (" + r.entryPoint() + ")");
        } else if (r.reachable()) {
            w.println("  runs unattended: reachable from a job entry point:");
            for (Explanation.Hop h : r.chain()) {
                w.println("      " + h.path() + ":" + h.line() + "  " + h.label());
            }
        } else {
            w.println("  runs unattended: no (not a job entry point, not reachable from one)");
        }
        summary(w, m.summary(), m.name());
        calls(w, m.calls());
        w.println("  rules:");
        for (Explanation.RuleVerdict v : m.rules()) {
            rule(w, v, m.path());
        }
    }

    private void summary(PrintWriter w, Explanation.Summary s, String name) {
        List<String> facts = new ArrayList<>();
        facts.add(s.writesDatabase() ? "writes the database" : "does not write the database");
        facts.add(s.transaction() != null ? "transactional: " + s.transaction() : "no transaction declared");
        if (s.returnsClaim()) {
            facts.add("returns a claim's result");
        }
        if (s.opaque()) {
            facts.add("calls code the engine cannot see into");
        }
        w.println("  summary: " + String.join("; ", facts));
        w.println("    records the item's state: " + (s.record() == null ? "no"
                : s.record() + evidence(s.recordEvidence())));
        w.println("    unrecorded effects passed to callers: " + (s.unrecordedEffects().isEmpty() ? "none"
                : s.unrecordedEffects().stream().map(x -> x.kind() + " " + x.leaf() + "()").toList()));
        if (s.reaches().isEmpty()) {
            w.println("    effects reached: none");
            return;
        }
        long recorded = s.reaches().stream().filter(x -> x.recorded() != null).count();
        w.println("    effects reached (" + s.reaches().size() + (recorded == 0 ? ""
                : ", " + recorded + " recorded by a callee before returning here") + "):");
        for (Explanation.Effect x : s.reaches()) {
            w.println("      " + x.kind() + ": " + x.leaf() + "() (a repetition " + x.verb() + ")"
                    + keyedBy(x, name));
            for (Explanation.Hop h : x.chain()) {
                w.println("        " + h.path() + ":" + h.line() + "  " + h.label());
            }
            w.println("        recognised by " + basis(x.basis()) + evidence(x.evidence()));
            if (x.recorded() != null) {
                w.println("        " + x.recorded() + ", before it returns here");
            }
        }
    }

    private void calls(PrintWriter w, List<Explanation.Call> calls) {
        w.println("  calls:");
        List<String> plain = new ArrayList<>();
        for (Explanation.Call c : calls) {
            if (c.roles().isEmpty()) {
                plain.add(c.call() + " " + c.line());
                continue;
            }
            w.println("    " + c.line() + ":" + c.column() + "  " + c.call() + "   receiver " + c.receiver().type()
                    + " (" + c.receiver().kind().toLowerCase(Locale.ROOT) + ")");
            for (Explanation.Role role : c.roles()) {
                w.println("        " + role.role() + ": " + role.detail());
                if (role.evidence() != null) {
                    w.println("          because " + describe(role.evidence()));
                }
                if (role.effect() != null) {
                    for (Explanation.Hop h : role.effect().chain()) {
                        w.println("          " + h.path() + ":" + h.line() + "  " + h.label());
                    }
                }
            }
            for (String ctx : c.context()) {
                w.println("        " + ctx);
            }
        }
        if (!plain.isEmpty()) {
            w.println("    no role (call and line): " + String.join(", ", plain));
        }
    }

    private void rule(PrintWriter w, Explanation.RuleVerdict v, String methodPath) {
        String status = switch (v.status()) {
            case "fired" -> "FIRED";
            case "suppressed" -> "fired, but suppressed";
            case "off" -> "off (idemcheck.yml)";
            default -> "not fired";
        };
        w.println("    " + v.id() + " " + v.name() + ": " + status
                + (!v.explained() && !v.status().equals("off") ? "  (the rule gives no account of its conditions)"
                : ""));
        for (Explanation.FindingRef f : v.findings()) {
            w.println("      finding at " + where(f, methodPath) + " (" + f.severity() + "): " + f.message());
        }
        for (Explanation.FindingRef f : v.suppressed()) {
            w.println("      suppressed finding at " + where(f, methodPath) + " [" + f.justification() + "]: "
                    + f.message());
        }
        for (Explanation.FindingRef f : v.elsewhere()) {
            w.println("      reported at " + f.path() + ":" + f.line() + ", involving this method: " + f.message());
        }
        for (Explanation.Step s : v.steps()) {
            String mark = switch (s.kind()) {
                case "held" -> "held   ";
                case "missing" -> "MISSING";
                case "fired" -> "fired  ";
                default -> "note   ";
            };
            w.println("      " + mark + " " + s.subject() + (s.line() > 0 ? " (line " + s.line() + ")" : "") + ": "
                    + s.text());
        }
    }

    /**
     * ", keyed by parameter index 2 of PaymentClient.refund() (0-based, as idemcheck.yml's parameter)": the key
     * parameter belongs to the method the chain's first call enters (the summary that passed the effect up), or to
     * the explained method {@code name} when the effect is its own call; empty when the effect has no key.
     */
    static String keyedBy(Explanation.Effect x, String name) {
        if (x.keyParam() < 0) {
            return "";
        }
        String of = name;
        if (x.chain().size() > 1) {
            String label = x.chain().get(0).label();
            int at = label.lastIndexOf(" calls ");
            of = at < 0 ? null : label.substring(at + " calls ".length());
        }
        return ", keyed by parameter index " + x.keyParam() + (of == null ? "" : " of " + of)
                + " (0-based, as idemcheck.yml's parameter)";
    }

    /** "line 34" for a finding in the method's own file, "path:16" for one reported in another file. */
    private static String where(Explanation.FindingRef f, String methodPath) {
        return f.path().equals(methodPath) ? "line " + f.line() : f.path() + ":" + f.line();
    }

    private static String basis(String basis) {
        return switch (basis == null ? "" : basis) {
            case "config" -> "idemcheck.yml";
            case "catalog" -> "the catalog's library types";
            case "annotation" -> "a type annotation";
            case "sql" -> "its SQL";
            case "name" -> "its method name";
            default -> String.valueOf(basis);
        };
    }

    private static String evidence(Evidence e) {
        return e == null ? "" : " [" + describe(e) + "]";
    }

    /** The evidence in one line: "source: entry at path:line". */
    static String describe(Evidence e) {
        return e.source() + ": " + e.entry() + (e.path() == null ? "" : " at " + e.path()
                + (e.line() > 0 ? ":" + e.line() : ""));
    }
}
