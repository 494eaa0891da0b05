package io.idemcheck.core.report;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.core.util.DefaultPrettyPrinter;
import com.fasterxml.jackson.databind.JsonNode;

import java.io.IOException;
import java.io.Writer;
import java.util.Iterator;
import java.util.Map;

/**
 * Writes a Jackson tree as indented JSON with the streaming generator, byte for byte what an ObjectMapper with
 * {@code INDENT_OUTPUT} writes (the same {@link DefaultPrettyPrinter}), without building an ObjectMapper: its set-up
 * cost a scan with a JSON or SARIF report about a third of a CPU second, more than writing the report. The writer is
 * flushed, not closed.
 */
final class JsonTrees {

    private static final JsonFactory JSON = new JsonFactory().disable(JsonGenerator.Feature.AUTO_CLOSE_TARGET);

    private JsonTrees() {
    }

    /** Writes {@code tree} to {@code out}, indented. */
    static void write(JsonNode tree, Writer out) throws IOException {
        try (JsonGenerator g = JSON.createGenerator(out)) {
            g.setPrettyPrinter(new DefaultPrettyPrinter());
            write(tree, g);
        }
    }

    private static void write(JsonNode n, JsonGenerator g) throws IOException {
        switch (n.getNodeType()) {
            case OBJECT -> {
                g.writeStartObject();
                for (Iterator<Map.Entry<String, JsonNode>> it = n.fields(); it.hasNext(); ) {
                    Map.Entry<String, JsonNode> e = it.next();
                    g.writeFieldName(e.getKey());
                    write(e.getValue(), g);
                }
                g.writeEndObject();
            }
            case ARRAY -> {
                g.writeStartArray();
                for (JsonNode e : n) {
                    write(e, g);
                }
                g.writeEndArray();
            }
            case STRING -> g.writeString(n.textValue());
            case BOOLEAN -> g.writeBoolean(n.booleanValue());
            case NULL -> g.writeNull();
            case NUMBER -> {
                switch (n.numberType()) {
                    case INT -> g.writeNumber(n.intValue());
                    case LONG -> g.writeNumber(n.longValue());
                    case BIG_INTEGER -> g.writeNumber(n.bigIntegerValue());
                    case FLOAT -> g.writeNumber(n.floatValue());
                    case DOUBLE -> g.writeNumber(n.doubleValue());
                    default -> g.writeNumber(n.decimalValue());
                }
            }
            default -> throw new IllegalArgumentException("a report holds no " + n.getNodeType() + " node");
        }
    }
}
