package io.idemcheck.core.report;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.networknt.schema.JsonSchema;
import com.networknt.schema.SpecVersion;
import com.networknt.schema.ValidationMessage;

import java.io.IOException;
import java.util.List;
import java.util.Set;

/** Validates idemcheck JSON reports against {@code docs/json-report.schema.json} (draft-07). */
public final class JsonReportSchemaValidator {

    public static final String SCHEMA_PATH = "docs/json-report.schema.json";

    private static final ObjectMapper MAPPER = new ObjectMapper();

    private JsonReportSchemaValidator() {
    }

    /** Schema violations, one line each; empty when valid. */
    public static List<String> validate(String json) {
        JsonNode node;
        try {
            node = MAPPER.readTree(json);
        } catch (IOException e) {
            return List.of("not JSON: " + e.getMessage());
        }
        JsonSchema schema = SarifSchemaValidator.load(TestFiles.findUp(SCHEMA_PATH), SpecVersion.VersionFlag.V7);
        Set<ValidationMessage> messages = schema.validate(node);
        return messages.stream().map(ValidationMessage::toString).sorted().toList();
    }

    /** Throws an AssertionError listing the violations unless {@code json} matches the JSON report schema. */
    public static void assertValid(String json) {
        List<String> errors = validate(json);
        if (!errors.isEmpty()) {
            throw new AssertionError("JSON report does not match " + SCHEMA_PATH + ":\n  "
                    + String.join("\n  ", errors) + "\n--- document ---\n" + json);
        }
    }
}
