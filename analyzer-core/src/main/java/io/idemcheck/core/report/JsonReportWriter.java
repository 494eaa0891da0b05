package io.idemcheck.core.report;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.idemcheck.core.Version;
import io.idemcheck.core.finding.Diagnostic;
import io.idemcheck.core.finding.Finding;
import io.idemcheck.core.finding.Fix;
import io.idemcheck.core.finding.Location;
import io.idemcheck.core.finding.ScanResult;
import io.idemcheck.core.finding.ScanStats;
import io.idemcheck.core.finding.Severity;
import io.idemcheck.core.finding.SuppressedFinding;
import io.idemcheck.core.finding.RuleDescriptor;

import java.io.IOException;
import java.io.Writer;
import java.util.ArrayList;
import java.util.List;

/**
 * idemcheck's own JSON report, schema version {@value #SCHEMA_VERSION}. The format is documented in
 * {@code docs/json-report.md} and described by {@code docs/json-report.schema.json}. Every documented key is always
 * present (null when it has no value); within a schema version keys are only ever added, never renamed or removed.
 */
public final class JsonReportWriter implements ReportWriter {

    /** Bumped only for incompatible changes. */
    public static final String SCHEMA_VERSION = "1";

    private static final JsonNodeFactory F = JsonNodeFactory.instance;

    private final boolean showSuppressed;

    /** A writer whose {@code suppressed} array stays empty (the summary still counts them). */
    public JsonReportWriter() {
        this(false);
    }

    /** @param showSuppressed list suppressed findings in {@code suppressed} */
    public JsonReportWriter(boolean showSuppressed) {
        this.showSuppressed = showSuppressed;
    }

    @Override
    public void write(ScanResult result, Writer out) throws IOException {
        JsonTrees.write(toJson(result), out);
        out.write("\n");
        out.flush();
    }

    /** The report as a Jackson tree (for callers that embed it). */
    public JsonNode toJson(ScanResult r) {
        ObjectNode root = F.objectNode();
        root.put("schemaVersion", SCHEMA_VERSION);
        ObjectNode tool = root.putObject("tool");
        tool.put("name", Version.NAME);
        tool.put("version", Version.version());
        tool.put("informationUri", Version.INFORMATION_URI);
        root.put("sourceRoot", r.sourceRoot() == null ? null
                : r.sourceRoot().toAbsolutePath().normalize().toString().replace('\\', '/'));

        ArrayNode rules = root.putArray("rules");
        for (RuleDescriptor d : r.rules()) {
            ObjectNode o = rules.addObject();
            o.put("id", d.id());
            o.put("name", d.name());
            o.put("severity", d.defaultSeverity().label());
            o.put("summary", d.summary());
            ArrayNode tags = o.putArray("tags");
            d.tags().forEach(tags::add);
            o.put("precision", d.precision());
        }

        ArrayNode findings = root.putArray("findings");
        List<Finding> sorted = new ArrayList<>(r.findings());
        sorted.sort(SarifReportWriter.RESULT_ORDER);
        for (Finding f : sorted) {
            findings.add(finding(f));
        }

        ArrayNode suppressed = root.putArray("suppressed");
        if (showSuppressed) {
            List<SuppressedFinding> sup = new ArrayList<>(r.suppressed());
            sup.sort(java.util.Comparator.comparing(SuppressedFinding::finding, SarifReportWriter.RESULT_ORDER));
            for (SuppressedFinding sf : sup) {
                ObjectNode o = finding(sf.finding());
                ObjectNode by = o.putObject("suppression");
                by.put("kind", sf.kind().label());
                by.put("justification", sf.justification());
                by.put("where", sf.where());
                suppressed.add(o);
            }
        }

        ArrayNode diagnostics = root.putArray("diagnostics");
        for (Diagnostic d : r.diagnostics()) {
            ObjectNode o = diagnostics.addObject();
            o.put("kind", d.kind().name());
            o.put("level", TextReportWriter.level(d.kind()));
            o.put("blocksAnalysis", d.kind().blocksAnalysis());
            o.put("path", d.path());
            o.put("line", d.line());
            o.put("column", d.column());
            o.put("message", d.message());
            if (d.ruleId() != null) {
                o.put("ruleId", d.ruleId());
            }
            if (d.method() != null) {
                o.put("method", d.method());
            }
        }

        ObjectNode stats = root.putObject("stats");
        ScanStats s = r.stats() == null ? new ScanStats(0, 0, 0, 0, 0, 0) : r.stats();
        stats.put("javaFiles", s.javaFiles());
        stats.put("testFiles", s.testFiles());
        stats.put("parsedFiles", s.parsedFiles());
        stats.put("skippedFiles", s.skippedFiles());
        stats.put("resourceFiles", s.resourceFiles());
        stats.put("millis", s.millis());
        stats.put("cachedFiles", s.cachedFiles());
        stats.put("work", s.work());
        stats.put("reused", s.reused());
        stats.put("unparsedTestFiles", s.unparsedTestFiles());

        ObjectNode summary = root.putObject("summary");
        summary.put("findings", r.findings().size());
        summary.put("errors", count(r, Severity.ERROR));
        summary.put("warnings", count(r, Severity.WARNING));
        summary.put("notes", count(r, Severity.NOTE));
        summary.put("suppressed", r.suppressed().size());
        summary.put("filesNotAnalysed", TextReportWriter.notAnalysedFiles(r));
        summary.put("analysisErrors", r.hasAnalysisErrors());
        return root;
    }

    private static long count(ScanResult r, Severity s) {
        return r.findings().stream().filter(f -> f.severity() == s).count();
    }

    private static ObjectNode finding(Finding f) {
        ObjectNode o = F.objectNode();
        o.put("ruleId", f.ruleId());
        o.put("ruleName", f.ruleName());
        o.put("severity", f.severity().label());
        o.put("message", f.message());
        o.set("location", location(f.primary()));
        ArrayNode related = o.putArray("related");
        f.related().forEach(l -> related.add(location(l)));
        ArrayNode flow = o.putArray("flow");
        f.flow().forEach(l -> flow.add(location(l)));
        o.put("enclosing", f.enclosing());
        o.put("fingerprint", f.fingerprint());
        o.put("snippet", f.snippet());
        Fix fix = f.fix();
        if (fix == null) {
            o.putNull("fix");
        } else {
            ObjectNode fx = o.putObject("fix");
            fx.put("description", fix.description());
            fx.put("template", fix.template());
            ArrayNode edits = fx.putArray("edits");
            for (Fix.Edit e : fix.edits()) {
                ObjectNode eo = edits.addObject();
                eo.set("location", location(e.region()));
                eo.put("replacement", e.replacement());
                if (e.newFile()) {
                    eo.put("newFile", true);
                }
            }
        }
        return o;
    }

    private static ObjectNode location(Location l) {
        ObjectNode o = F.objectNode();
        o.put("path", l.path());
        o.put("startLine", l.startLine());
        o.put("startColumn", l.startColumn());
        o.put("endLine", l.endLine());
        o.put("endColumn", l.endColumn());
        o.put("label", l.label());
        return o;
    }
}
