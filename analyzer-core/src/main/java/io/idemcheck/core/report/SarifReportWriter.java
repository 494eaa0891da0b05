package io.idemcheck.core.report;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.idemcheck.core.Version;
import io.idemcheck.core.finding.Diagnostic;
import io.idemcheck.core.finding.Finding;
import io.idemcheck.core.finding.Fingerprints;
import io.idemcheck.core.finding.Fix;
import io.idemcheck.core.finding.Location;
import io.idemcheck.core.finding.ScanResult;
import io.idemcheck.core.finding.Severity;
import io.idemcheck.core.finding.SuppressedFinding;
import io.idemcheck.core.finding.RuleDescriptor;

import java.io.IOException;
import java.io.Writer;
import java.net.URI;
import java.net.URISyntaxException;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * SARIF 2.1.0 writer, shaped for GitHub code scanning:
 * <ul>
 *   <li>one run; {@code tool.driver.rules} lists every enabled rule in id order, with help text and markdown from the
 *       rule doc, {@code tags}, {@code precision} and {@code problem.severity}; {@code helpUri} only when a docs base
 *       URL was given;</li>
 *   <li>one result per finding with exactly one (primary) location, {@code relatedLocations}, a code flow when the
 *       finding has one, {@code partialFingerprints["idemcheck/v1"]} (never {@code primaryLocationLineHash}) and
 *       {@code fixes} only when the fix has mechanical edits;</li>
 *   <li>URIs relative to {@code %SRCROOT%}, which {@code originalUriBaseIds} maps to the absolute source root;</li>
 *   <li>diagnostics as {@code invocations[0].toolExecutionNotifications}.</li>
 * </ul>
 */
public final class SarifReportWriter implements ReportWriter {

    public static final String SCHEMA_URI = "https://json.schemastore.org/sarif-2.1.0.json";
    public static final String SARIF_VERSION = "2.1.0";
    public static final String SRCROOT = "%SRCROOT%";
    public static final String AUTOMATION_ID = "idemcheck/";

    private static final JsonNodeFactory F = JsonNodeFactory.instance;

    /** Orders results by file, position, rule, then fingerprint, so equal inputs give byte-equal reports. */
    static final Comparator<Finding> RESULT_ORDER = Comparator
            .comparing((Finding f) -> f.primary().path())
            .thenComparingInt(f -> f.primary().startLine())
            .thenComparingInt(f -> f.primary().startColumn())
            .thenComparing(Finding::ruleId)
            .thenComparing(f -> Objects.toString(f.fingerprint(), ""))
            .thenComparing(f -> Objects.toString(f.message(), ""));

    private final String docsBaseUrl;
    private final boolean showSuppressed;

    /** A writer without {@code helpUri}s. */
    public SarifReportWriter() {
        this(null);
    }

    /**
     * @param docsBaseUrl absolute base URL of the rule docs (e.g. "https://github.com/idemcheck/idemcheck/blob/main/rules/docs/");
     *                    each rule's {@code helpUri} is this plus "&lt;Name&gt;.md". Null or blank for none.
     * @throws IllegalArgumentException when the URL is not absolute
     */
    public SarifReportWriter(String docsBaseUrl) {
        this(docsBaseUrl, false);
    }

    /**
     * @param docsBaseUrl    as {@link #SarifReportWriter(String)}
     * @param showSuppressed also write suppressed findings, as results with {@code suppressions} (kind
     *                       {@code inSource} for annotations and comments, {@code external} for the configuration
     *                       file and the baseline, the reason as {@code justification}). Off by default because
     *                       GitHub code scanning shows them as alerts.
     */
    public SarifReportWriter(String docsBaseUrl, boolean showSuppressed) {
        this.docsBaseUrl = normaliseBase(docsBaseUrl);
        this.showSuppressed = showSuppressed;
    }

    /**
     * Checks a docs base URL and adds a trailing '/'; null or blank gives null.
     *
     * @throws IllegalArgumentException when it is not an absolute URI with a scheme and a host or path
     */
    public static String normaliseBase(String url) {
        if (url == null || url.isBlank()) {
            return null;
        }
        String u = url.trim();
        try {
            URI uri = new URI(u);
            if (!uri.isAbsolute() || uri.isOpaque()) {
                throw new IllegalArgumentException("not an absolute URL: '" + url + "'");
            }
        } catch (URISyntaxException e) {
            throw new IllegalArgumentException("not a valid URL: '" + url + "'");
        }
        return u.endsWith("/") ? u : u + "/";
    }

    @Override
    public void write(ScanResult result, Writer out) throws IOException {
        JsonTrees.write(toSarif(result), out);
        out.write("\n");
        out.flush();
    }

    /** The SARIF log as a Jackson tree. */
    public JsonNode toSarif(ScanResult r) {
        ObjectNode log = F.objectNode();
        log.put("$schema", SCHEMA_URI);
        log.put("version", SARIF_VERSION);
        ObjectNode run = log.putArray("runs").addObject();

        ObjectNode driver = run.putObject("tool").putObject("driver");
        driver.put("name", Version.NAME);
        driver.put("version", Version.version());
        driver.put("semanticVersion", Version.version());
        driver.put("informationUri", Version.INFORMATION_URI);
        ArrayNode rules = driver.putArray("rules");
        Map<String, Integer> ruleIndex = new HashMap<>();
        List<RuleDescriptor> sortedRules = new ArrayList<>(r.rules());
        sortedRules.sort(Comparator.comparing(RuleDescriptor::id));
        for (RuleDescriptor d : sortedRules) {
            ruleIndex.putIfAbsent(d.id(), rules.size());
            rules.add(rule(d));
        }

        run.putObject("automationDetails").put("id", AUTOMATION_ID);
        if (r.sourceRoot() != null) {
            run.putObject("originalUriBaseIds").putObject(SRCROOT)
                    .put("uri", ReportUris.directoryUri(r.sourceRoot()));
        }

        ObjectNode invocation = run.putArray("invocations").addObject();
        invocation.put("executionSuccessful", true);
        ArrayNode notifications = invocation.putArray("toolExecutionNotifications");
        for (Diagnostic d : r.diagnostics()) {
            notifications.add(notification(d));
        }

        ArrayNode results = run.putArray("results");
        List<Finding> findings = new ArrayList<>(r.findings());
        findings.sort(RESULT_ORDER);
        for (Finding f : findings) {
            results.add(result(f, ruleIndex.get(f.ruleId())));
        }
        if (showSuppressed) {
            List<SuppressedFinding> sup = new ArrayList<>(r.suppressed());
            sup.sort(Comparator.comparing(SuppressedFinding::finding, RESULT_ORDER));
            for (SuppressedFinding sf : sup) {
                ObjectNode o = result(sf.finding(), ruleIndex.get(sf.finding().ruleId()));
                ObjectNode s = o.putArray("suppressions").addObject();
                s.put("kind", sf.kind().sarifKind());
                s.put("status", "accepted");
                if (sf.justification() != null) {
                    s.put("justification", sf.justification());
                }
                s.putObject("properties").put("idemcheck/suppressedBy", sf.kind().label());
                results.add(o);
            }
        }
        run.put("columnKind", "utf16CodeUnits");
        return log;
    }

    private ObjectNode rule(RuleDescriptor d) {
        ObjectNode o = F.objectNode();
        o.put("id", d.id());
        o.put("name", d.name());
        o.putObject("shortDescription").put("text", limit(d.summary()));
        o.putObject("fullDescription").put("text", limit(d.fullDescription()));
        String md = d.docMarkdown() == null || d.docMarkdown().isBlank() ? d.summary() : d.docMarkdown();
        ObjectNode help = o.putObject("help");
        help.put("text", MarkdownText.toPlainText(md));
        help.put("markdown", md);
        if (docsBaseUrl != null) {
            o.put("helpUri", docsBaseUrl + d.name() + ".md");
        }
        o.putObject("defaultConfiguration").put("level", d.defaultSeverity().sarifLevel());
        ObjectNode props = o.putObject("properties");
        ArrayNode tags = props.putArray("tags");
        d.tags().forEach(tags::add);
        if (d.precision() != null) {
            props.put("precision", d.precision());
        }
        props.put("problem.severity", problemSeverity(d.defaultSeverity()));
        return o;
    }

    /** GitHub's {@code problem.severity}: error, warning or recommendation. */
    public static String problemSeverity(Severity s) {
        return switch (s) {
            case ERROR -> "error";
            case WARNING -> "warning";
            case NOTE -> "recommendation";
        };
    }

    private static ObjectNode result(Finding f, Integer ruleIndex) {
        ObjectNode o = F.objectNode();
        o.put("ruleId", f.ruleId());
        if (ruleIndex != null) {
            o.put("ruleIndex", ruleIndex);
        }
        o.put("level", f.severity().sarifLevel());
        ObjectNode msg = o.putObject("message");
        msg.put("text", f.message());
        Fix fix = f.fix();
        if (fix != null) {
            msg.put("markdown", messageMarkdown(f.message(), fix));
        }

        ObjectNode primary = location(f.primary());
        if (contextIsProperSuperset(f.primary(), f.snippet())) {
            ObjectNode ctx = ((ObjectNode) primary.get("physicalLocation")).putObject("contextRegion");
            ctx.put("startLine", f.primary().startLine());
            ctx.putObject("snippet").put("text", firstLine(f.snippet()));
        }
        if (f.enclosing() != null && !f.enclosing().isBlank()) {
            primary.putArray("logicalLocations").addObject().put("fullyQualifiedName", f.enclosing());
        }
        o.putArray("locations").add(primary);

        if (!f.related().isEmpty()) {
            ArrayNode related = o.putArray("relatedLocations");
            int id = 1;
            for (Location l : f.related()) {
                ObjectNode rl = location(l);
                rl.put("id", id++);
                rl.putObject("message").put("text", l.label() == null ? "related location" : l.label());
                related.add(rl);
            }
        }

        if (!f.flow().isEmpty()) {
            ArrayNode steps = o.putArray("codeFlows").addObject().putArray("threadFlows").addObject()
                    .putArray("locations");
            int order = 1;
            for (Location l : f.flow()) {
                ObjectNode step = steps.addObject();
                ObjectNode loc = location(l);
                loc.putObject("message").put("text", l.label() == null ? "step " + order : l.label());
                step.set("location", loc);
                step.put("executionOrder", order++);
            }
        }

        if (f.fingerprint() != null && !f.fingerprint().isBlank()) {
            o.putObject("partialFingerprints").put(Fingerprints.SARIF_KEY, f.fingerprint());
        }

        if (fix != null && !fix.edits().isEmpty()) {
            ObjectNode sf = o.putArray("fixes").addObject();
            if (fix.description() != null) {
                sf.putObject("description").put("text", fix.description());
            }
            ArrayNode changes = sf.putArray("artifactChanges");
            Map<String, ArrayNode> byPath = new LinkedHashMap<>();
            for (Fix.Edit e : fix.edits()) {
                ArrayNode replacements = byPath.computeIfAbsent(e.region().path(), p -> {
                    ObjectNode change = changes.addObject();
                    change.set("artifactLocation", artifactLocation(p));
                    return change.putArray("replacements");
                });
                ObjectNode rep = replacements.addObject();
                rep.set("deletedRegion", region(e.region()));
                rep.putObject("insertedContent").put("text", e.replacement() == null ? "" : e.replacement());
            }
        }

        ObjectNode props = F.objectNode();
        if (f.ruleName() != null) {
            props.put("ruleName", f.ruleName());
        }
        if (f.enclosing() != null && !f.enclosing().isBlank()) {
            props.put("enclosing", f.enclosing());
        }
        if (fix != null) {
            if (fix.description() != null) {
                props.put("fixDescription", fix.description());
            }
            if (fix.template() != null) {
                props.put("fixTemplate", fix.template());
            }
        }
        if (!props.isEmpty()) {
            o.set("properties", props);
        }
        return o;
    }

    private static String messageMarkdown(String message, Fix fix) {
        StringBuilder sb = new StringBuilder(message == null ? "" : message);
        if (fix.description() != null && !fix.description().isBlank()) {
            sb.append("\n\n**Fix:** ").append(fix.description());
        }
        if (fix.template() != null && !fix.template().isBlank()) {
            sb.append("\n\n```java\n").append(fix.template().stripTrailing()).append("\n```");
        }
        return sb.toString();
    }

    private static ObjectNode notification(Diagnostic d) {
        ObjectNode n = F.objectNode();
        n.put("level", TextReportWriter.level(d.kind()));
        n.putObject("message").put("text", d.message() == null ? d.kind().name() : d.message());
        n.putObject("descriptor").put("id", d.kind().name());
        if (d.ruleId() != null) {
            n.putObject("associatedRule").put("id", d.ruleId());
        }
        if (d.path() != null) {
            ObjectNode phys = n.putArray("locations").addObject().putObject("physicalLocation");
            phys.set("artifactLocation", artifactLocation(d.path()));
            if (d.line() > 0) {
                ObjectNode region = phys.putObject("region");
                region.put("startLine", d.line());
                if (d.column() > 0) {
                    region.put("startColumn", d.column());
                }
            }
        }
        ObjectNode props = n.putObject("properties");
        props.put("blocksAnalysis", d.kind().blocksAnalysis());
        if (d.method() != null) {
            props.put("method", d.method());
        }
        return n;
    }

    private static ObjectNode location(Location l) {
        ObjectNode o = F.objectNode();
        ObjectNode phys = o.putObject("physicalLocation");
        phys.set("artifactLocation", artifactLocation(l.path()));
        phys.set("region", region(l));
        return o;
    }

    private static ObjectNode artifactLocation(String path) {
        ObjectNode a = F.objectNode();
        a.put("uri", ReportUris.relative(path));
        a.put("uriBaseId", SRCROOT);
        return a;
    }

    private static ObjectNode region(Location l) {
        ObjectNode r = F.objectNode();
        r.put("startLine", l.startLine());
        r.put("startColumn", l.startColumn());
        r.put("endLine", l.endLine());
        r.put("endColumn", Math.max(l.endColumn(), 1));
        return r;
    }

    /**
     * True when the whole line {@code snippet} (the primary location's first line) is a proper superset of the
     * region, as SARIF 3.30.5 requires of a {@code contextRegion} (the validator's SARIF1008): the region is on that
     * one line and leaves some of it out. A region over several lines, or over exactly the whole line, gets no
     * contextRegion.
     */
    static boolean contextIsProperSuperset(Location region, String snippet) {
        if (snippet == null || snippet.isBlank() || region.endLine() != region.startLine()) {
            return false;
        }
        int lineEnd = firstLine(snippet).length() + 1; // SARIF endColumn: the column after the region
        return region.startColumn() > 1 || Math.max(region.endColumn(), 1) < lineEnd;
    }

    private static String firstLine(String s) {
        int nl = s.indexOf('\n');
        String t = nl >= 0 ? s.substring(0, nl) : s;
        return t.endsWith("\r") ? t.substring(0, t.length() - 1) : t;
    }

    /** GitHub shows at most 1024 characters of a description. */
    private static String limit(String s) {
        if (s == null) {
            return "";
        }
        return s.length() > 1024 ? s.substring(0, 1021) + "..." : s;
    }
}
