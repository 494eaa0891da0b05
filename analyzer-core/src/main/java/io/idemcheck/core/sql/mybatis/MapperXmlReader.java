package io.idemcheck.core.sql.mybatis;

import io.idemcheck.core.catalog.Catalog;
import io.idemcheck.core.finding.Diagnostic;
import io.idemcheck.core.source.SourceText;
import io.idemcheck.core.sql.mybatis.XmlTree.Element;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.StringReader;
import java.nio.charset.Charset;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.function.Function;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import javax.xml.XMLConstants;
import javax.xml.stream.Location;
import javax.xml.stream.XMLInputFactory;
import javax.xml.stream.XMLResolver;
import javax.xml.stream.XMLStreamConstants;
import javax.xml.stream.XMLStreamException;
import javax.xml.stream.XMLStreamReader;

/**
 * Reads MyBatis mapper XML files and flattens the dynamic SQL of each statement into its possible shapes
 * ({@link SqlShape}), each with a map back to file lines and columns.
 *
 * <h2>Parsing, offline and safe</h2>
 * Each file is first checked for well-formedness with the JDK's own StAX parser
 * ({@link XMLInputFactory#newDefaultFactory()}, whatever StAX implementation is on the class path), configured so it
 * never reads anything but the file: {@link XMLInputFactory#SUPPORT_DTD} false (so the DTD, internal subset and the
 * usual remote {@code https://mybatis.org/dtd/mybatis-3-mapper.dtd} are neither loaded nor processed),
 * {@link XMLInputFactory#IS_SUPPORTING_EXTERNAL_ENTITIES} false, {@link XMLInputFactory#IS_REPLACING_ENTITY_REFERENCES}
 * false, {@link XMLConstants#ACCESS_EXTERNAL_DTD} and {@link XMLConstants#ACCESS_EXTERNAL_SCHEMA} empty, and an
 * {@link XMLResolver} that refuses every resolution (returns an empty stream and records an INFO diagnostic if it is
 * ever called). The JDK StAX factory has no "secure processing" or "load-external-dtd" switch; SUPPORT_DTD=false is
 * its equivalent. The tree is then built by a small lexer over the same decoded text so that every char keeps its
 * exact offset (StAX's {@code getLocation()} only tells where an event ends).
 *
 * <h2>Entities</h2>
 * The five predefined entities ({@code &lt;} ...) and character references are decoded (the decoded char maps to
 * the '&amp;'). Any other entity reference, declared in the DOCTYPE (internal or {@code SYSTEM}) or not, is
 * <b>dropped</b> from the text and reported once per reference as an {@link Diagnostic.Kind#INFO} diagnostic with its
 * line and column; its declaration is never read, so the content of an {@code <!ENTITY x SYSTEM "file:///...">}
 * cannot appear in a shape.
 *
 * <h2>Dynamic SQL</h2>
 * {@code <if>}, {@code <choose>/<when>/<otherwise>}, {@code <where>}, {@code <set>}, {@code <trim>},
 * {@code <foreach>} (one iteration: open + body + close), {@code <include refid>} with {@code <sql>} fragments and
 * {@code <property>} substitution of {@code ${name}}, {@code <bind>} and {@code <selectKey>} (dropped), CDATA and
 * comments. Pieces are joined by a space as MyBatis' DynamicContext does. Only branches whose text (all nested
 * branches, includes resolved, placeholders and string literals ignored) mentions a status-like, version, owner or
 * lease column are enumerated both ways: an {@code <if>} yields "taken" and "not taken", a {@code <choose>} yields
 * each {@code <when>}, then the {@code <otherwise>} (or "none" when there is none). Other {@code <if>}s are taken as
 * included and other {@code <choose>}s take their first {@code <when>} (the otherwise when there is no when).
 * Enumeration stops at {@link #MAX_SHAPES} shapes per statement ({@link MapperStatement#truncated()} and an INFO
 * diagnostic). Overrides of {@code <trim>} are split at '|' and compared case-insensitively with the trimmed body,
 * any whitespace char in the body matching a space of the override.
 *
 * <h2>Includes</h2>
 * A refid without '.' is looked up in the statement's namespace, then in the namespace of the file holding the
 * {@code <include>}; a refid with '.' is first taken as fully qualified ({@code namespace.id}). {@link #read} sees the
 * fragments of its own file only, {@link #readAll} those of all given files. An unknown refid or an include cycle
 * drops the include and adds an INFO diagnostic. Includes nested more than 16 levels deep are dropped, and a statement
 * whose includes expand to more than 2,000,000 chars of text keeps only the text before that limit (each with an INFO
 * diagnostic), so a file cannot make the reader use exponential time or memory.
 *
 * <p>Instances are immutable and thread-safe; the static methods use the built-in catalog's column lists.
 */
public final class MapperXmlReader {

    /** At most this many shapes are kept per statement. */
    public static final int MAX_SHAPES = 64;

    /** The reader of the static methods: the built-in catalog's status and fencing columns ({@link Catalog#builtin}). */
    private static final class Default {
        static final MapperXmlReader READER = new MapperXmlReader(Catalog.builtin());
    }

    private static final Pattern ENCODING = Pattern.compile("^<\\?xml[^>]*?encoding\\s*=\\s*[\"']([A-Za-z0-9._-]+)[\"']");
    private static final Pattern LOOKS_LIKE_MAPPER = Pattern.compile("DTD Mapper|<mapper[\\s>/]");

    private final List<String> statusColumns;
    private final List<String> fencingColumns;

    /**
     * A reader that enumerates branches touching the given columns.
     *
     * @param statusColumns  status-like column patterns, e.g. the catalog's {@code statusColumns}
     *                       ({@code status}, {@code *_status}, ...); matched case-insensitively against whole words
     * @param fencingColumns version, owner and lease column patterns, e.g. the catalog's {@code fencingColumns}
     * @throws NullPointerException if a list is null
     */
    public MapperXmlReader(List<String> statusColumns, List<String> fencingColumns) {
        this.statusColumns = List.copyOf(statusColumns);
        this.fencingColumns = List.copyOf(fencingColumns);
    }

    /** A reader of {@code catalog}'s {@code statusColumns} and {@code fencingColumns}. */
    public MapperXmlReader(Catalog catalog) {
        this(catalog.statusColumns(), catalog.fencingColumns());
    }

    /**
     * Reads one file with the built-in catalog's column lists; see {@link #parse(Path, String)}.
     *
     * @param file    the XML file
     * @param relPath its path relative to the source root, '/' separated, used in positions and diagnostics
     * @return the mapper, or a non-mapper result ({@link MapperFile#isMapper()} false); never null
     */
    public static MapperFile read(Path file, String relPath) {
        return Default.READER.parse(file, relPath);
    }

    /**
     * Reads several files with the built-in catalog's column lists; see {@link #parseAll(List, Function)}.
     *
     * @param files   the XML files
     * @param relPath gives each file's path relative to the source root
     * @return one result per file, in the same order; never null
     */
    public static List<MapperFile> readAll(List<Path> files, Function<Path, String> relPath) {
        return Default.READER.parseAll(files, relPath);
    }

    /**
     * Reads one file. Includes are resolved against the {@code <sql>} fragments of this file only. Never throws for
     * bad input: unreadable, malformed or surprising files give diagnostics ({@link MapperFile}).
     *
     * @param file    the XML file (any encoding declared in its XML declaration or BOM; UTF-8 by default)
     * @param relPath its path relative to the source root, '/' separated, used in positions and diagnostics
     * @return the mapper, or a non-mapper result ({@link MapperFile#isMapper()} false); never null
     */
    public MapperFile parse(Path file, String relPath) {
        return parseAll(List.of(file), p -> relPath).get(0);
    }

    /**
     * Reads several files and resolves {@code <include refid>} across them (local or {@code namespace.id}).
     * Never throws for bad input.
     *
     * @param files   the XML files
     * @param relPath gives each file's path relative to the source root, '/' separated
     * @return one result per file, in the same order (non-mappers included, flagged); never null
     */
    public List<MapperFile> parseAll(List<Path> files, Function<Path, String> relPath) {
        List<Flattener.Parsed> parsed = new ArrayList<>();
        List<MapperFile> early = new ArrayList<>();
        for (Path f : files) {
            String rel = Objects.requireNonNullElse(relPath.apply(f), f.toString());
            Object r = load(f, rel, parsed.size());
            if (r instanceof Flattener.Parsed p) {
                parsed.add(p);
                early.add(null);
            } else {
                early.add((MapperFile) r);
            }
        }
        Flattener flattener = new Flattener(parsed, new ColumnMatcher(statusColumns, fencingColumns), MAX_SHAPES);
        List<MapperFile> out = new ArrayList<>();
        int next = 0;
        for (MapperFile m : early) {
            if (m != null) {
                out.add(m);
                continue;
            }
            Flattener.Parsed p = parsed.get(next++);
            List<MapperStatement> statements;
            try {
                statements = flattener.statements(p);
            } catch (RuntimeException | StackOverflowError e) {
                statements = List.of();
                p.diagnostics.add(new Diagnostic(Diagnostic.Kind.INTERNAL_ERROR, p.src.relPath, 0, 0,
                        "could not flatten the mapper's dynamic SQL: " + e));
            }
            out.add(new MapperFile(p.src.relPath, p.namespace, statements, p.diagnostics));
        }
        return out;
    }

    /**
     * Flattens the body of a MyBatis {@code <script>} annotation ({@code @Update("<script>...</script>")}) into its
     * shapes, with the same dynamic-SQL rules as mapper XML. Positions in the shapes refer to a synthetic document,
     * not to the Java file; callers locate findings at the annotation.
     *
     * @param script the annotation's text, with or without the enclosing {@code <script>} tags
     * @return the shapes, never empty; a body that is not well-formed gives one shape with the tags removed
     */
    public List<SqlShape> flattenScript(String script) {
        String body = script.trim();
        if (body.startsWith("<script>")) {
            body = body.substring("<script>".length());
        }
        if (body.endsWith("</script>")) {
            body = body.substring(0, body.length() - "</script>".length());
        }
        String doc = "<mapper namespace=\"script\"><update id=\"script\">" + body + "</update></mapper>";
        List<Diagnostic> diags = new ArrayList<>();
        Object r = load(doc, "<script>", 0, diags);
        if (r instanceof Flattener.Parsed p) {
            try {
                List<MapperStatement> st = new Flattener(List.of(p), new ColumnMatcher(statusColumns, fencingColumns),
                        MAX_SHAPES).statements(p);
                if (!st.isEmpty() && !st.get(0).shapes().isEmpty()) {
                    return st.get(0).shapes();
                }
            } catch (RuntimeException | StackOverflowError e) {
                // fall through to the plain text
            }
        }
        return List.of();
    }

    /** A {@link Flattener.Parsed} for a mapper that could be parsed, else the final {@link MapperFile}. */
    private static Object load(Path file, String rel, int fileId) {
        List<Diagnostic> diags = new ArrayList<>();
        String text;
        try {
            text = decode(Files.readAllBytes(file), rel, diags);
        } catch (IOException | RuntimeException e) {
            diags.add(new Diagnostic(Diagnostic.Kind.IO_ERROR, rel, 0, 0, "could not read the file: " + e));
            return new MapperFile(rel, "", List.of(), diags);
        }
        try {
            return load(text, rel, fileId, diags);
        } catch (RuntimeException | StackOverflowError e) {
            diags.add(new Diagnostic(Diagnostic.Kind.INTERNAL_ERROR, rel, 0, 0, "could not read the mapper: " + e));
            return new MapperFile(rel, "", List.of(), diags);
        }
    }

    private static Object load(String text, String rel, int fileId, List<Diagnostic> diags) {
        XmlText src = new XmlText(rel, text);
        // 1. Well-formedness and the root element name, with the JDK parser (nothing external is read).
        String rootName = null;
        List<String> resolverCalls = new ArrayList<>();
        XMLInputFactory factory = secureFactory((publicId, systemId, baseUri, namespace) -> {
            resolverCalls.add(systemId != null ? systemId : String.valueOf(publicId));
            return new ByteArrayInputStream(new byte[0]);
        });
        XMLStreamReader r = null;
        try {
            r = factory.createXMLStreamReader(new StringReader(text));
            while (r.hasNext()) {
                int ev = r.next();
                if (ev == XMLStreamConstants.START_ELEMENT && rootName == null) {
                    rootName = r.getLocalName();
                    if (!rootName.equals("mapper")) {
                        return new MapperFile(rel, null, List.of(), List.of());
                    }
                }
            }
        } catch (XMLStreamException e) {
            boolean mapper = rootName != null ? rootName.equals("mapper") : LOOKS_LIKE_MAPPER.matcher(text).find();
            Location loc = e.getLocation();
            int line = loc == null ? 0 : Math.max(0, loc.getLineNumber());
            int col = loc == null ? 0 : Math.max(0, loc.getColumnNumber());
            String msg = message(e);
            if (!mapper) {
                return new MapperFile(rel, null, List.of(), List.of(new Diagnostic(Diagnostic.Kind.INFO, rel, line,
                        col, "not well-formed XML, not read as a MyBatis mapper: " + msg)));
            }
            diags.add(new Diagnostic(Diagnostic.Kind.PARSE_ERROR, rel, line, col, "malformed mapper XML: " + msg));
            return new MapperFile(rel, "", List.of(), diags);
        } finally {
            if (r != null) {
                try {
                    r.close();
                } catch (XMLStreamException ignored) {
                    // nothing to release for a string reader
                }
            }
        }
        for (String call : resolverCalls) {
            diags.add(new Diagnostic(Diagnostic.Kind.INFO, rel, 0, 0, "external resource " + call
                    + " was not loaded"));
        }
        if (rootName == null) {
            return new MapperFile(rel, null, List.of(), List.of());
        }
        // 2. The tree with exact offsets.
        XmlLexer lexer = new XmlLexer(text);
        Element root;
        try {
            root = lexer.parse();
        } catch (XmlLexer.LexException e) {
            diags.add(new Diagnostic(Diagnostic.Kind.PARSE_ERROR, rel, src.line(e.offset), src.column(e.offset),
                    "malformed mapper XML: " + e.getMessage()));
            return new MapperFile(rel, "", List.of(), diags);
        }
        for (XmlLexer.Unexpanded u : lexer.unexpandedEntities()) {
            diags.add(new Diagnostic(Diagnostic.Kind.INFO, rel, src.line(u.offset()), src.column(u.offset()),
                    "entity reference &" + u.name() + "; was not expanded (DTD entities are never read); "
                            + "it was dropped from the SQL"));
        }
        String ns = root.attr("namespace");
        Flattener.Parsed p = new Flattener.Parsed(fileId, src, ns == null ? "" : ns.strip(), root);
        p.diagnostics.addAll(diags);
        return p;
    }

    private static String message(XMLStreamException e) {
        String m = e.getMessage() == null ? e.toString() : e.getMessage();
        int i = m.indexOf("Message: ");
        if (i >= 0) {
            m = m.substring(i + "Message: ".length());
        }
        return m.replaceAll("\\s+", " ").strip();
    }

    /**
     * The StAX factory used to check files: the JDK's own implementation, with DTDs, external entities and entity
     * replacement switched off and {@code resolver} installed (it should never be called).
     *
     * @param resolver the resolver to install
     * @return a new factory
     */
    static XMLInputFactory secureFactory(XMLResolver resolver) {
        XMLInputFactory f = XMLInputFactory.newDefaultFactory();
        f.setProperty(XMLInputFactory.SUPPORT_DTD, Boolean.FALSE);
        f.setProperty(XMLInputFactory.IS_SUPPORTING_EXTERNAL_ENTITIES, Boolean.FALSE);
        f.setProperty(XMLInputFactory.IS_REPLACING_ENTITY_REFERENCES, Boolean.FALSE);
        f.setProperty(XMLInputFactory.IS_VALIDATING, Boolean.FALSE);
        trySet(f, XMLConstants.ACCESS_EXTERNAL_DTD, "");
        trySet(f, XMLConstants.ACCESS_EXTERNAL_SCHEMA, "");
        trySet(f, XMLConstants.FEATURE_SECURE_PROCESSING, Boolean.TRUE);
        trySet(f, "http://apache.org/xml/features/nonvalidating/load-external-dtd", Boolean.FALSE);
        trySet(f, "http://xml.org/sax/features/external-general-entities", Boolean.FALSE);
        trySet(f, "http://xml.org/sax/features/external-parameter-entities", Boolean.FALSE);
        f.setXMLResolver(resolver);
        return f;
    }

    private static void trySet(XMLInputFactory f, String name, Object value) {
        try {
            f.setProperty(name, value);
        } catch (IllegalArgumentException notSupported) {
            // this implementation has no such switch; SUPPORT_DTD=false covers it
        }
    }

    /**
     * Decodes bytes by BOM, then the XML declaration's encoding, else UTF-8; the decoding itself, with its ISO-8859-1
     * fallback and diagnostic, is {@link SourceText}'s.
     */
    static String decode(byte[] bytes, String rel, List<Diagnostic> diags) {
        Charset cs = StandardCharsets.UTF_8;
        int skip = 0;
        if (bytes.length >= 3 && (bytes[0] & 0xff) == 0xEF && (bytes[1] & 0xff) == 0xBB && (bytes[2] & 0xff) == 0xBF) {
            skip = 3;
        } else if (bytes.length >= 2 && (bytes[0] & 0xff) == 0xFE && (bytes[1] & 0xff) == 0xFF) {
            cs = StandardCharsets.UTF_16BE;
            skip = 2;
        } else if (bytes.length >= 2 && (bytes[0] & 0xff) == 0xFF && (bytes[1] & 0xff) == 0xFE) {
            cs = StandardCharsets.UTF_16LE;
            skip = 2;
        } else {
            String head = new String(bytes, 0, Math.min(bytes.length, 200), StandardCharsets.ISO_8859_1);
            Matcher m = ENCODING.matcher(head);
            if (m.find()) {
                try {
                    cs = Charset.forName(m.group(1));
                } catch (IllegalArgumentException e) {
                    diags.add(new Diagnostic(Diagnostic.Kind.CHARSET_FALLBACK, rel, 1, 1,
                            "unknown encoding " + m.group(1) + "; read as UTF-8"));
                }
            }
        }
        SourceText text = SourceText.decode(bytes, skip, cs);
        Diagnostic fallback = text.fallbackDiagnostic(rel);
        if (fallback != null) {
            diags.add(fallback);
        }
        return text.text();
    }
}
