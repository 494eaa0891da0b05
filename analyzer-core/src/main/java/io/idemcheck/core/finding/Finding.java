package io.idemcheck.core.finding;

import java.util.List;

/**
 * One result of one rule at one place: the unit every report writes and every baseline keys.
 *
 * @param ruleId      "IDEMnnn"
 * @param ruleName    the rule's readable name, e.g. "SideEffectBeforeStatusRecord"
 * @param severity    effective severity
 * @param message     plain-words explanation of what a crash or second run does here
 * @param primary     where the finding is shown (for IDEM001: the side-effect call)
 * @param related     other places that explain it (the record, each hop of the call chain)
 * @param flow        ordered steps from cause to consequence (SARIF codeFlow); may be empty
 * @param enclosing   enclosing element, "com.acme.Job#run(List)", a mapper statement id or a table; may be empty
 * @param fingerprint stable, line-free identity (see {@link Fingerprints})
 * @param fix         suggested remedy; may be null
 * @param snippet     text of the primary location's first line, filled by the engine for reports; may be null
 */
public record Finding(String ruleId, String ruleName, Severity severity, String message, Location primary,
                      List<Location> related, List<Location> flow, String enclosing, String fingerprint, Fix fix,
                      String snippet) implements java.io.Serializable {

    public Finding {
        related = List.copyOf(related);
        flow = List.copyOf(flow);
    }

    public Finding withSnippet(String s) {
        return new Finding(ruleId, ruleName, severity, message, primary, related, flow, enclosing, fingerprint, fix, s);
    }
}
