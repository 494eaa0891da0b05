package io.idemcheck.core.explain;

import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;

import java.io.IOException;
import java.io.Writer;

/**
 * Writes an {@link Explanation} as JSON, schema version {@link Explanation#SCHEMA_VERSION}: every record component
 * becomes a key of the same name, in declaration order, and every key is always present (null when it has no
 * value). The shape is documented in docs/explain.md.
 */
public final class ExplainJsonWriter {

    private static final ObjectMapper MAPPER = new ObjectMapper()
            .enable(SerializationFeature.INDENT_OUTPUT)
            .disable(JsonGenerator.Feature.AUTO_CLOSE_TARGET);

    /** Writes {@code e} and a final newline to {@code out}, and flushes it; {@code out} stays open. */
    public void write(Explanation e, Writer out) throws IOException {
        MAPPER.writeValue(out, e);
        out.write("\n");
        out.flush();
    }
}
