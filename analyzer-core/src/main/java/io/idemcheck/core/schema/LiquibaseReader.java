package io.idemcheck.core.schema;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import io.idemcheck.core.finding.Diagnostic;
import org.xml.sax.Attributes;
import org.xml.sax.InputSource;
import org.xml.sax.Locator;
import org.xml.sax.helpers.DefaultHandler;

import javax.xml.parsers.SAXParserFactory;
import java.io.StringReader;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Applies a Liquibase changelog (XML or YAML) to a {@link Schema}: createTable (columns with autoIncrement and
 * constraints primaryKey/unique), addUniqueConstraint, dropUniqueConstraint, createIndex unique="true", dropIndex,
 * addPrimaryKey, addColumn, dropColumn, dropTable, renameTable, and the DDL of {@code <sql>} changes. Changes apply in
 * file order. XML is read without DTDs or external entities.
 */
final class LiquibaseReader {

    /** A change: its element name, attributes, children and line. */
    record Node(String name, Map<String, String> attrs, List<Node> children, int line, String text) {
        String attr(String n) {
            return attrs.get(n);
        }
    }

    private final Schema schema;
    private final String relPath;

    LiquibaseReader(Schema schema, String relPath) {
        this.schema = schema;
        this.relPath = relPath;
    }

    static boolean isChangelog(String text) {
        return text.contains("databaseChangeLog");
    }

    // ---- XML --------------------------------------------------------------------------------------------------------

    void readXml(String text) {
        Node root;
        try {
            root = parseXml(text);
        } catch (Exception e) {
            schema.diagnostic(new Diagnostic(Diagnostic.Kind.SQL_UNPARSED, relPath, 0, 0,
                    "Liquibase changelog not read: " + e.getMessage()));
            return;
        }
        walk(root);
    }

    private void walk(Node n) {
        if (!change(n)) {
            for (Node c : n.children()) {
                walk(c);
            }
        }
    }

    static Node parseXml(String text) throws Exception {
        SAXParserFactory f = SAXParserFactory.newInstance();
        f.setNamespaceAware(true);
        f.setFeature("http://apache.org/xml/features/disallow-doctype-decl", true);
        f.setFeature("http://xml.org/sax/features/external-general-entities", false);
        f.setFeature("http://xml.org/sax/features/external-parameter-entities", false);
        List<Node> stack = new ArrayList<>();
        Node[] root = new Node[1];
        List<StringBuilder> texts = new ArrayList<>();
        f.newSAXParser().parse(new InputSource(new StringReader(text)), new DefaultHandler() {
            Locator loc;

            @Override
            public void setDocumentLocator(Locator l) {
                loc = l;
            }

            @Override
            public void startElement(String uri, String local, String qName, Attributes atts) {
                Map<String, String> a = new HashMap<>();
                for (int i = 0; i < atts.getLength(); i++) {
                    a.put(atts.getLocalName(i).isEmpty() ? atts.getQName(i) : atts.getLocalName(i), atts.getValue(i));
                }
                Node n = new Node(local.isEmpty() ? qName : local, a, new ArrayList<>(),
                        loc == null ? 0 : loc.getLineNumber(), null);
                if (!stack.isEmpty()) {
                    stack.get(stack.size() - 1).children().add(n);
                } else {
                    root[0] = n;
                }
                stack.add(n);
                texts.add(new StringBuilder());
            }

            @Override
            public void characters(char[] ch, int start, int length) {
                if (!texts.isEmpty()) {
                    texts.get(texts.size() - 1).append(ch, start, length);
                }
            }

            @Override
            public void endElement(String uri, String local, String qName) {
                Node n = stack.remove(stack.size() - 1);
                String t = texts.remove(texts.size() - 1).toString();
                if (!t.isBlank()) {
                    Node withText = new Node(n.name(), n.attrs(), n.children(), n.line(), t);
                    if (!stack.isEmpty()) {
                        List<Node> sib = stack.get(stack.size() - 1).children();
                        sib.set(sib.size() - 1, withText);
                    } else {
                        root[0] = withText;
                    }
                }
            }
        });
        return root[0];
    }

    // ---- YAML (and JSON) -------------------------------------------------------------------------------------------

    void readYaml(String text) {
        JsonNode root;
        try {
            root = new ObjectMapper(new YAMLFactory()).readTree(text);
        } catch (Exception e) {
            schema.diagnostic(new Diagnostic(Diagnostic.Kind.SQL_UNPARSED, relPath, 0, 0,
                    "Liquibase changelog not read: " + e.getMessage().lines().findFirst().orElse("")));
            return;
        }
        String[] lines = text.split("\\R", -1);
        int[] cursor = {0};
        JsonNode log = root == null ? null : root.get("databaseChangeLog");
        if (log == null) {
            return;
        }
        for (JsonNode entry : log) {
            JsonNode cs = entry.get("changeSet");
            if (cs == null || cs.get("changes") == null) {
                continue;
            }
            for (JsonNode ch : cs.get("changes")) {
                ch.fields().forEachRemaining(e -> change(toNode(e.getKey(), e.getValue(), lines, cursor)));
            }
        }
    }

    /** A YAML change as a node shaped like its XML form; the line is the next line naming the change. */
    private static Node toNode(String name, JsonNode v, String[] lines, int[] cursor) {
        int line = 0;
        for (int i = cursor[0]; i < lines.length; i++) {
            if (lines[i].matches("\\s*-?\\s*" + name + "\\s*:.*")) {
                line = i + 1;
                cursor[0] = i + 1;
                break;
            }
        }
        Map<String, String> attrs = new LinkedHashMap<>();
        List<Node> children = new ArrayList<>();
        String text = null;
        if (v != null && v.isObject()) {
            var it = v.fields();
            while (it.hasNext()) {
                var e = it.next();
                JsonNode x = e.getValue();
                if (x.isValueNode()) {
                    attrs.put(e.getKey(), x.asText());
                } else if (x.isArray()) {
                    for (JsonNode item : x) {
                        item.fields().forEachRemaining(c -> children.add(toNode(c.getKey(), c.getValue(), lines,
                                new int[]{cursor[0]})));
                    }
                } else if (x.isObject()) {
                    children.add(toNode(e.getKey(), x, lines, new int[]{cursor[0]}));
                }
            }
            if (name.equals("sql") && attrs.containsKey("sql")) {
                text = attrs.get("sql");
            }
        } else if (v != null && v.isTextual()) {
            text = v.asText();
        }
        return new Node(name, attrs, children, line, text);
    }

    // ---- changes ----------------------------------------------------------------------------------------------------

    /** Applies one change; false when {@code n} is not a change (a container to walk into). */
    private boolean change(Node n) {
        String table = n.attr("tableName");
        switch (n.name()) {
            case "createTable" -> {
                if (table == null) {
                    return true;
                }
                Table t = new Table(Schema.norm(table), relPath, n.line(), Table.Origin.LIQUIBASE, Dialect.STANDARD);
                List<String> pk = new ArrayList<>();
                for (Node c : n.children()) {
                    if (!c.name().equals("column") || c.attr("name") == null) {
                        continue;
                    }
                    String col = Schema.norm(c.attr("name"));
                    t.addColumn(col, "true".equalsIgnoreCase(c.attr("autoIncrement")));
                    for (Node k : c.children()) {
                        if (!k.name().equals("constraints")) {
                            continue;
                        }
                        if ("true".equalsIgnoreCase(k.attr("primaryKey"))) {
                            pk.add(col);
                        }
                        if ("true".equalsIgnoreCase(k.attr("unique"))) {
                            String un = k.attr("uniqueConstraintName");
                            t.addKey(new UniqueKey(un == null ? null : Schema.norm(un), List.of(col), false, relPath,
                                    n.line()));
                        }
                    }
                }
                if (!pk.isEmpty()) {
                    t.addKey(new UniqueKey(null, pk, true, relPath, n.line()));
                }
                schema.put(t);
            }
            case "addUniqueConstraint", "addPrimaryKey" -> {
                Table t = schema.table(table);
                if (t != null && n.attr("columnNames") != null) {
                    String cn = n.attr("constraintName");
                    t.addKey(new UniqueKey(cn == null ? null : Schema.norm(cn), cols(n.attr("columnNames")),
                            n.name().equals("addPrimaryKey"), relPath, n.line()));
                }
            }
            case "createIndex" -> {
                Table t = schema.table(table);
                if (t != null && "true".equalsIgnoreCase(n.attr("unique"))) {
                    List<String> cs = n.children().stream().filter(c -> c.name().equals("column") && c.attr("name") != null)
                            .map(c -> Schema.norm(c.attr("name"))).toList();
                    String in = n.attr("indexName");
                    t.addKey(new UniqueKey(in == null ? null : Schema.norm(in), cs, false, relPath, n.line()));
                }
            }
            case "dropUniqueConstraint", "dropIndex" -> {
                String k = n.attr(n.name().equals("dropIndex") ? "indexName" : "constraintName");
                if (k != null) {
                    for (Table t : table == null ? List.copyOf(schema.tables()) : listOf(schema.table(table))) {
                        t.dropKey(Schema.norm(k));
                    }
                }
            }
            case "dropPrimaryKey" -> {
                Table t = schema.table(table);
                if (t != null) {
                    t.dropPrimaryKey();
                }
            }
            case "addColumn" -> {
                Table t = schema.table(table);
                if (t != null) {
                    for (Node c : n.children()) {
                        if (c.name().equals("column") && c.attr("name") != null) {
                            String col = Schema.norm(c.attr("name"));
                            t.addColumn(col, "true".equalsIgnoreCase(c.attr("autoIncrement")));
                            for (Node k : c.children()) {
                                if (k.name().equals("constraints") && "true".equalsIgnoreCase(k.attr("unique"))) {
                                    t.addKey(new UniqueKey(null, List.of(col), false, relPath, n.line()));
                                }
                            }
                        }
                    }
                }
            }
            case "dropColumn" -> {
                Table t = schema.table(table);
                if (t != null && n.attr("columnName") != null) {
                    t.dropColumn(Schema.norm(n.attr("columnName")));
                }
            }
            case "dropTable" -> {
                if (table != null) {
                    schema.remove(table);
                }
            }
            case "renameTable" -> {
                if (n.attr("oldTableName") != null && n.attr("newTableName") != null) {
                    schema.rename(n.attr("oldTableName"), n.attr("newTableName"));
                }
            }
            case "sql" -> {
                if (n.text() != null) {
                    new DdlReader(schema, relPath, Dialect.guess(n.text())).read(n.text());
                }
            }
            case "rollback", "preConditions", "comment" -> {
                // not applied
            }
            default -> {
                return false;
            }
        }
        return true;
    }

    private static List<Table> listOf(Table t) {
        return t == null ? List.of() : List.of(t);
    }

    private static List<String> cols(String s) {
        return Arrays.stream(s.split(",")).map(String::strip).filter(x -> !x.isEmpty()).map(Schema::norm).toList();
    }
}
