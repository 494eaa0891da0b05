package io.idemcheck.core.report;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import org.junit.jupiter.api.Test;

import java.io.StringWriter;
import java.math.BigDecimal;
import java.math.BigInteger;

import static org.assertj.core.api.Assertions.assertThat;

/** The reports' JSON is written byte for byte as an ObjectMapper with INDENT_OUTPUT writes it, every kind of node. */
class JsonTreesTest {

    @Test
    void writesEveryKindOfNodeAsTheObjectMapperDid() throws Exception {
        JsonNodeFactory f = JsonNodeFactory.instance;
        ObjectNode root = f.objectNode();
        root.put("text", "a \"quoted\" line\nwith ünïcödé and \t tab");
        root.put("int", 42);
        root.put("long", 12_345_678_901L);
        root.put("double", 0.25);
        root.put("float", 1.5f);
        root.put("big", new BigInteger("123456789012345678901234567890"));
        root.put("decimal", new BigDecimal("3.14159"));
        root.put("yes", true);
        root.putNull("nothing");
        root.putArray("empty");
        root.putObject("none");
        root.putArray("list").add(1).add("two").addObject().put("three", 3);
        root.putObject("nested").putObject("deeper").putArray("xs").add(f.nullNode());

        StringWriter mine = new StringWriter();
        JsonTrees.write(root, mine);
        String mapper = new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT).writeValueAsString(root);
        assertThat(mine.toString()).isEqualTo(mapper);
        assertThat(mine.toString()).contains("\"int\" : 42").contains("\"empty\" : [ ]");
    }
}
