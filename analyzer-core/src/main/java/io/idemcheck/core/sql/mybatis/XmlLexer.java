package io.idemcheck.core.sql.mybatis;

import io.idemcheck.core.sql.mybatis.XmlTree.Attr;
import io.idemcheck.core.sql.mybatis.XmlTree.Element;
import io.idemcheck.core.sql.mybatis.XmlTree.Node;
import io.idemcheck.core.sql.mybatis.XmlTree.Text;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.List;
import java.util.Map;

/**
 * Builds an {@link XmlTree} from the decoded text of a document, tracking the source offset of every char. It is run
 * only after the JDK's StAX parser accepted the document, so it handles well-formed XML only (and throws
 * {@link LexException} otherwise). It never reads anything but the given text: the DOCTYPE is skipped, the five
 * predefined entities and character references are decoded, and any other entity reference is dropped and reported
 * through {@link #unexpandedEntities()}.
 */
final class XmlLexer {

    /** A reference to an entity that was not expanded. */
    record Unexpanded(String name, int offset) {
    }

    /** The text is not XML this lexer can read. */
    static final class LexException extends Exception {
        final int offset;

        LexException(int offset, String message) {
            super(message);
            this.offset = offset;
        }
    }

    private final String s;
    private int p;
    private final List<Unexpanded> unexpanded = new ArrayList<>();

    XmlLexer(String text) {
        this.s = text;
    }

    List<Unexpanded> unexpandedEntities() {
        return unexpanded;
    }

    /** The root element. */
    Element parse() throws LexException {
        Element root = null;
        Deque<Builder> stack = new ArrayDeque<>();
        while (p < s.length()) {
            if (s.startsWith("<!--", p)) {
                p = indexOrFail("-->", p + 4) + 3;
            } else if (s.startsWith("<![CDATA[", p)) {
                int end = indexOrFail("]]>", p + 9);
                if (stack.isEmpty()) {
                    throw new LexException(p, "CDATA outside the root element");
                }
                PosText.Builder b = new PosText.Builder();
                for (int i = p + 9; i < end; i++) {
                    b.append(s.charAt(i), i);
                }
                stack.peek().children.add(new Text(b.build()));
                p = end + 3;
            } else if (s.startsWith("<?", p)) {
                p = indexOrFail("?>", p + 2) + 2;
            } else if (s.startsWith("<!", p)) {
                skipDeclaration();
            } else if (s.startsWith("</", p)) {
                int close = indexOrFail(">", p + 2);
                String name = s.substring(p + 2, close).strip();
                if (stack.isEmpty() || !stack.peek().name.equals(name)) {
                    throw new LexException(p, "unexpected end tag </" + name + ">");
                }
                Builder b = stack.pop();
                Element e = new Element(b.name, b.attrs, List.copyOf(b.children), b.start, b.startTagEnd, close + 1);
                p = close + 1;
                if (stack.isEmpty()) {
                    root = e;
                } else {
                    stack.peek().children.add(e);
                }
            } else if (s.charAt(p) == '<') {
                Builder b = startTag();
                if (b.empty) {
                    Element e = new Element(b.name, b.attrs, List.of(), b.start, b.startTagEnd, b.startTagEnd);
                    if (stack.isEmpty()) {
                        root = e;
                    } else {
                        stack.peek().children.add(e);
                    }
                } else {
                    stack.push(b);
                }
            } else {
                int lt = s.indexOf('<', p);
                int end = lt < 0 ? s.length() : lt;
                if (!stack.isEmpty()) {
                    stack.peek().children.add(new Text(decode(p, end, false)));
                }
                p = end;
            }
            if (root != null && stack.isEmpty()) {
                return root;
            }
        }
        throw new LexException(p, "no complete root element");
    }

    private static final class Builder {
        String name;
        Map<String, Attr> attrs = XmlTree.newAttrs();
        List<Node> children = new ArrayList<>();
        int start;
        int startTagEnd;
        boolean empty;
    }

    private Builder startTag() throws LexException {
        Builder b = new Builder();
        b.start = p;
        p++;
        b.name = name();
        while (true) {
            skipSpace();
            if (p >= s.length()) {
                throw new LexException(b.start, "unterminated start tag");
            }
            if (s.startsWith("/>", p)) {
                b.empty = true;
                p += 2;
                break;
            }
            if (s.charAt(p) == '>') {
                p++;
                break;
            }
            String an = name();
            skipSpace();
            if (p >= s.length() || s.charAt(p) != '=') {
                throw new LexException(p, "expected '=' after attribute " + an);
            }
            p++;
            skipSpace();
            if (p >= s.length() || (s.charAt(p) != '"' && s.charAt(p) != '\'')) {
                throw new LexException(p, "expected a quoted value for attribute " + an);
            }
            char q = s.charAt(p);
            int vs = p + 1;
            int ve = indexOrFail(String.valueOf(q), vs);
            b.attrs.put(an, new Attr(an, decode(vs, ve, true), vs, ve));
            p = ve + 1;
        }
        b.startTagEnd = p;
        return b;
    }

    private String name() throws LexException {
        int st = p;
        while (p < s.length()) {
            char c = s.charAt(p);
            if (Character.isWhitespace(c) || c == '>' || c == '/' || c == '=') {
                break;
            }
            p++;
        }
        if (p == st) {
            throw new LexException(p, "expected a name");
        }
        return s.substring(st, p);
    }

    private void skipSpace() {
        while (p < s.length() && Character.isWhitespace(s.charAt(p))) {
            p++;
        }
    }

    /** Skips {@code <!DOCTYPE ...>} including an internal subset, quoted strings and comments in it. */
    private void skipDeclaration() throws LexException {
        int st = p;
        p += 2;
        int depth = 0;
        while (p < s.length()) {
            char c = s.charAt(p);
            if (s.startsWith("<!--", p)) {
                p = indexOrFail("-->", p + 4) + 3;
                continue;
            }
            if (c == '"' || c == '\'') {
                p = indexOrFail(String.valueOf(c), p + 1) + 1;
                continue;
            }
            if (c == '[') {
                depth++;
            } else if (c == ']') {
                depth--;
            } else if (c == '>' && depth <= 0) {
                p++;
                return;
            }
            p++;
        }
        throw new LexException(st, "unterminated declaration");
    }

    private int indexOrFail(String what, int from) throws LexException {
        int i = s.indexOf(what, from);
        if (i < 0) {
            throw new LexException(from, "missing '" + what + "'");
        }
        return i;
    }

    /**
     * Decodes character data or an attribute value between two offsets: predefined entities and character references
     * become their chars (mapped to the '&amp;'), other entity references are dropped and recorded; "\r\n" becomes one
     * "\n"; in attribute values every whitespace char becomes a space.
     */
    private PosText decode(int from, int to, boolean attribute) {
        PosText.Builder b = new PosText.Builder();
        int i = from;
        while (i < to) {
            char c = s.charAt(i);
            if (c == '&') {
                int semi = s.indexOf(';', i);
                if (semi > i && semi < to) {
                    String ref = s.substring(i + 1, semi);
                    String rep = entity(ref);
                    if (rep != null) {
                        for (int k = 0; k < rep.length(); k++) {
                            b.append(rep.charAt(k), i);
                        }
                    } else {
                        unexpanded.add(new Unexpanded(ref, i));
                    }
                    i = semi + 1;
                    continue;
                }
            }
            if (c == '\r') {
                if (i + 1 < to && s.charAt(i + 1) == '\n') {
                    i++;
                    c = '\n';
                } else {
                    c = '\n';
                }
            }
            if (attribute && (c == '\n' || c == '\t')) {
                c = ' ';
            }
            b.append(c, i);
            i++;
        }
        return b.build();
    }

    private static String entity(String ref) {
        switch (ref) {
            case "lt":
                return "<";
            case "gt":
                return ">";
            case "amp":
                return "&";
            case "quot":
                return "\"";
            case "apos":
                return "'";
            default:
                break;
        }
        if (ref.startsWith("#")) {
            try {
                int cp = ref.startsWith("#x") || ref.startsWith("#X")
                        ? Integer.parseInt(ref.substring(2), 16) : Integer.parseInt(ref.substring(1));
                return Character.isValidCodePoint(cp) ? new String(Character.toChars(cp)) : null;
            } catch (NumberFormatException e) {
                return null;
            }
        }
        return null;
    }
}
