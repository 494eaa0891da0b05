package io.idemcheck.core.report;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.networknt.schema.JsonSchema;
import com.networknt.schema.JsonSchemaFactory;
import com.networknt.schema.SpecVersion;
import com.networknt.schema.ValidationMessage;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Set;

/**
 * Validates SARIF against the official SARIF 2.1.0 JSON schema (draft-04), read from
 * {@code <repo>/../shared/sarif/sarif-schema-2.1.0.json} (found by walking up from the working directory) or from the
 * system property {@code idemcheck.sarifSchema}. Reusable from other modules through analyzer-core's test-jar.
 */
public final class SarifSchemaValidator {

    public static final String SCHEMA_PATH = "shared/sarif/sarif-schema-2.1.0.json";

    private static final ObjectMapper MAPPER = new ObjectMapper();
    private static volatile JsonSchema schema;

    private SarifSchemaValidator() {
    }

    /** The schema file. */
    public static Path schemaFile() {
        String override = System.getProperty("idemcheck.sarifSchema");
        return override != null ? Path.of(override) : TestFiles.findUp(SCHEMA_PATH);
    }

    /** Schema violations of {@code sarifJson}, one line each; empty when valid. */
    public static List<String> validate(String sarifJson) {
        try {
            return validate(MAPPER.readTree(sarifJson));
        } catch (IOException e) {
            return List.of("not JSON: " + e.getMessage());
        }
    }

    /** Schema violations of a parsed SARIF log; empty when valid. */
    public static List<String> validate(JsonNode sarif) {
        Set<ValidationMessage> messages = schema().validate(sarif);
        return messages.stream().map(ValidationMessage::toString).sorted().toList();
    }

    /** Throws an AssertionError listing the violations unless {@code sarifJson} is valid SARIF 2.1.0. */
    public static void assertValid(String sarifJson) {
        List<String> errors = validate(sarifJson);
        if (!errors.isEmpty()) {
            throw new AssertionError("SARIF does not match the 2.1.0 schema:\n  " + String.join("\n  ", errors)
                    + "\n--- document ---\n" + sarifJson);
        }
    }

    private static JsonSchema schema() {
        JsonSchema s = schema;
        if (s == null) {
            synchronized (SarifSchemaValidator.class) {
                if (schema == null) {
                    schema = load(schemaFile(), SpecVersion.VersionFlag.V4);
                }
                s = schema;
            }
        }
        return s;
    }

    static JsonSchema load(Path file, SpecVersion.VersionFlag version) {
        try {
            JsonNode node = MAPPER.readTree(Files.readString(file));
            return JsonSchemaFactory.getInstance(version).getSchema(node);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read schema " + file, e);
        }
    }
}
