package io.idemcheck.core.report;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.networknt.schema.JsonSchema;
import com.networknt.schema.JsonSchemaFactory;
import com.networknt.schema.SpecVersion;
import com.networknt.schema.ValidationMessage;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Set;

/**
 * Validates SARIF against the official SARIF 2.1.0 JSON schema (draft-04), vendored in analyzer-core's test resources
 * as {@code /sarif/sarif-schema-2.1.0.json} (source and copy notes in {@code src/test/resources/sarif/README.md}) and
 * read from the test classpath, so the tests need nothing outside the repository. Reusable from other modules through
 * analyzer-core's test-jar.
 */
public final class SarifSchemaValidator {

    /** Classpath resource holding the schema. */
    public static final String SCHEMA_RESOURCE = "/sarif/sarif-schema-2.1.0.json";

    private static final ObjectMapper MAPPER = new ObjectMapper();
    private static volatile JsonSchema schema;

    private SarifSchemaValidator() {
    }

    /**
     * The schema's text, from the test classpath.
     *
     * @throws IllegalStateException when the resource is missing (analyzer-core's test resources not on the classpath)
     */
    static String schemaText() {
        try (InputStream in = SarifSchemaValidator.class.getResourceAsStream(SCHEMA_RESOURCE)) {
            if (in == null) {
                throw new IllegalStateException("no " + SCHEMA_RESOURCE + " on the test classpath");
            }
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read " + SCHEMA_RESOURCE, e);
        }
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
                    schema = load(schemaText(), SCHEMA_RESOURCE, SpecVersion.VersionFlag.V4);
                }
                s = schema;
            }
        }
        return s;
    }

    static JsonSchema load(Path file, SpecVersion.VersionFlag version) {
        try {
            return load(Files.readString(file), file.toString(), version);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read schema " + file, e);
        }
    }

    static JsonSchema load(String text, String source, SpecVersion.VersionFlag version) {
        try {
            return JsonSchemaFactory.getInstance(version).getSchema(MAPPER.readTree(text));
        } catch (IOException e) {
            throw new UncheckedIOException("schema " + source + " is not JSON", e);
        }
    }
}
