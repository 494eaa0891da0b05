package io.idemcheck.core.sql.mybatis;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * A minimal XML tree built by {@link XmlLexer} over a document that the JDK's StAX parser has already accepted as
 * well-formed. Every node keeps char offsets into the decoded file text so that positions are exact (StAX only
 * reports where an event ends, and not per char).
 */
final class XmlTree {

    private XmlTree() {
    }

    /** A node of the tree. */
    sealed interface Node permits Text, Element {
    }

    /**
     * Character data: a text run or a CDATA section, entities decoded.
     *
     * @param chars   decoded characters with the source offset of each
     */
    record Text(PosText chars) implements Node {
    }

    /**
     * An attribute value, decoded and whitespace-normalized as XML requires, with the offset of each char.
     *
     * @param name       attribute name
     * @param value      decoded value
     * @param valueStart offset of the first char after the opening quote
     * @param valueEnd   offset of the closing quote
     */
    record Attr(String name, PosText value, int valueStart, int valueEnd) {
    }

    /**
     * An element.
     *
     * @param name        qualified name as written
     * @param attrs       attributes in document order
     * @param children    child nodes (comments and processing instructions are dropped)
     * @param start       offset of the '&lt;' of the start tag
     * @param startTagEnd offset after the '&gt;' of the start tag
     * @param end         offset after the '&gt;' of the end tag (== startTagEnd for an empty-element tag)
     */
    record Element(String name, Map<String, Attr> attrs, List<Node> children, int start, int startTagEnd, int end)
            implements Node {

        String attr(String n) {
            Attr a = attrs.get(n);
            return a == null ? null : a.value().text();
        }

        List<Element> childElements() {
            List<Element> out = new ArrayList<>();
            for (Node c : children) {
                if (c instanceof Element e) {
                    out.add(e);
                }
            }
            return out;
        }
    }

    static Map<String, Attr> newAttrs() {
        return new LinkedHashMap<>();
    }
}
