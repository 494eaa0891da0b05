package io.idemcheck.core.sql.mybatis;

import io.idemcheck.core.finding.Diagnostic;
import io.idemcheck.core.sql.mybatis.XmlTree.Attr;
import io.idemcheck.core.sql.mybatis.XmlTree.Element;
import io.idemcheck.core.sql.mybatis.XmlTree.Node;
import io.idemcheck.core.sql.mybatis.XmlTree.Text;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

import static io.idemcheck.core.sql.mybatis.TrimText.normalizeForOverride;
import static io.idemcheck.core.sql.mybatis.TrimText.overrides;
import static io.idemcheck.core.sql.mybatis.TrimText.placeholders;
import static io.idemcheck.core.sql.mybatis.TrimText.removeLength;
import static io.idemcheck.core.sql.mybatis.TrimText.substitute;

/**
 * Flattens the dynamic SQL of mapper statements into shapes, following MyBatis semantics (DynamicContext joins the
 * pieces of a statement with single spaces; trim/where/set strip overrides from the trimmed body and add their prefix
 * only to a non-empty body).
 */
final class Flattener {

    /** A parsed mapper file. */
    static final class Parsed {
        final int fileId;
        final XmlText src;
        final String namespace;
        final Element root;
        final List<Diagnostic> diagnostics = new ArrayList<>();

        Parsed(int fileId, XmlText src, String namespace, Element root) {
            this.fileId = fileId;
            this.src = src;
            this.namespace = namespace;
            this.root = root;
        }
    }

    private record Fragment(Parsed file, Element element) {
    }

    /** One alternative text with the decisions that produced it. */
    private static final class Alt {
        final Buf buf;
        final List<String> choices;

        Alt(Buf buf, List<String> choices) {
            this.buf = buf;
            this.choices = choices;
        }

        static Alt empty() {
            return new Alt(new Buf(), new ArrayList<>());
        }

        Alt copy() {
            return new Alt(buf.copy(), new ArrayList<>(choices));
        }

        /** Appends a piece the way DynamicContext does: separated by a space. */
        void appendPiece(Alt piece) {
            if (buf.length() > 0 && piece.buf.length() > 0) {
                buf.append(' ', piece.buf.src(0));
            }
            buf.append(piece.buf);
            choices.addAll(piece.choices);
        }

        Alt withChoice(String choice) {
            choices.add(0, choice);
            return this;
        }
    }

    /** Per-statement state. */
    private static final class StatementState {
        final Parsed file;
        final String fullId;
        boolean truncated;
        /** Chars of text expanded so far; guards against includes that multiply text exponentially. */
        long expandedChars;
        boolean overBudget;

        StatementState(Parsed file, String fullId) {
            this.file = file;
            this.fullId = fullId;
        }
    }

    /** Where nodes come from and which include properties apply. */
    private record Ctx(StatementState st, Parsed cur, Map<String, Buf> props, List<String> includeStack) {
    }

    /** Includes nested deeper than this are dropped (with a diagnostic). */
    static final int MAX_INCLUDE_DEPTH = 16;
    /** Text expanded for one statement beyond this many chars is dropped (with a diagnostic). */
    static final long MAX_EXPANDED_CHARS = 2_000_000;

    private static final List<String> WHERE_OVERRIDES = List.of("AND ", "OR ");
    private static final List<String> SET_OVERRIDES = List.of(",");

    private final List<Parsed> files;
    private final Map<String, Fragment> fragments = new HashMap<>();
    private final ColumnMatcher matcher;
    private final int maxShapes;

    Flattener(List<Parsed> files, ColumnMatcher matcher, int maxShapes) {
        this.files = files;
        this.matcher = matcher;
        this.maxShapes = maxShapes;
        for (Parsed f : files) {
            if (f.root == null) {
                continue;
            }
            for (Element e : f.root.childElements()) {
                String id = e.attr("id");
                if (e.name().equals("sql") && id != null) {
                    fragments.putIfAbsent(f.namespace + "." + id, new Fragment(f, e));
                }
            }
        }
    }

    /** The statements of a parsed file, in document order. */
    List<MapperStatement> statements(Parsed f) {
        List<MapperStatement> out = new ArrayList<>();
        if (f.root == null) {
            return out;
        }
        for (Element e : f.root.childElements()) {
            String kind = e.name();
            if (!(kind.equals("select") || kind.equals("insert") || kind.equals("update") || kind.equals("delete"))) {
                continue;
            }
            out.add(statement(f, e, kind));
        }
        return out;
    }

    private MapperStatement statement(Parsed f, Element e, String kind) {
        String id = e.attr("id") == null ? "" : e.attr("id");
        StatementState st = new StatementState(f, f.namespace + "." + id);
        Ctx ctx = new Ctx(st, f, Map.of(), List.of());
        List<Alt> alts = expandSeq(e.children(), ctx);
        List<SqlShape> shapes = new ArrayList<>();
        Set<String> seen = new LinkedHashSet<>();
        for (Alt a : alts) {
            SqlShape s = toShape(a);
            if (seen.add(s.sql())) {
                shapes.add(s);
            }
        }
        if (st.truncated) {
            f.diagnostics.add(new Diagnostic(Diagnostic.Kind.INFO, f.src.relPath, f.src.line(e.start()),
                    f.src.column(e.start()), "statement " + st.fullId + " has more than " + maxShapes
                    + " shapes; only the first " + maxShapes + " were analysed"));
        }
        Attr idAttr = e.attrs().get("id");
        XmlText src = f.src;
        var elementRange = new io.idemcheck.core.facts.Range(src.line(e.start()), src.column(e.start()),
                src.line(e.end()), src.column(e.end()));
        var idRange = idAttr != null
                ? new io.idemcheck.core.facts.Range(src.line(idAttr.valueStart()), src.column(idAttr.valueStart()),
                        src.line(idAttr.valueEnd()), src.column(idAttr.valueEnd()))
                : new io.idemcheck.core.facts.Range(src.line(e.start()), src.column(e.start()),
                        src.line(e.startTagEnd()), src.column(e.startTagEnd()));
        return new MapperStatement(f.namespace, id, kind, elementRange, idRange, shapes, st.truncated);
    }

    // ---- expansion ---------------------------------------------------------------------------------------------------

    private List<Alt> expandSeq(List<Node> nodes, Ctx ctx) {
        List<Alt> cur = new ArrayList<>();
        cur.add(Alt.empty());
        for (Node n : nodes) {
            List<Alt> alts = expandNode(n, ctx);
            if (alts.size() == 1) {
                for (Alt a : cur) {
                    a.appendPiece(alts.get(0));
                }
                continue;
            }
            List<Alt> next = new ArrayList<>();
            Set<String> seen = new java.util.HashSet<>();
            outer:
            for (Alt a : cur) {
                for (Alt b : alts) {
                    Alt c = a.copy();
                    c.appendPiece(b);
                    if (!seen.add(c.buf.toString())) {
                        continue;
                    }
                    if (next.size() == maxShapes) {
                        ctx.st.truncated = true;
                        break outer;
                    }
                    next.add(c);
                }
            }
            cur = next;
        }
        return cur;
    }

    private List<Alt> expandNode(Node n, Ctx ctx) {
        if (n instanceof Text t) {
            StatementState st = ctx.st();
            st.expandedChars += t.chars().text().length();
            if (st.expandedChars > MAX_EXPANDED_CHARS) {
                if (!st.overBudget) {
                    st.overBudget = true;
                    Parsed f = st.file;
                    f.diagnostics.add(new Diagnostic(Diagnostic.Kind.INFO, f.src.relPath, 0, 0, "statement "
                            + st.fullId + " expands to more than " + MAX_EXPANDED_CHARS
                            + " chars of SQL; the rest was dropped"));
                }
                return List.of(Alt.empty());
            }
            return List.of(new Alt(text(t, ctx), new ArrayList<>()));
        }
        Element e = (Element) n;
        switch (e.name()) {
            case "if": {
                List<Alt> body = expandSeq(e.children(), ctx);
                if (!relevant(e.children(), ctx)) {
                    return body;
                }
                String test = "if[" + test(e) + "]";
                List<Alt> out = new ArrayList<>();
                for (Alt a : body) {
                    out.add(a.withChoice(test + "=true"));
                }
                out.add(Alt.empty().withChoice(test + "=false"));
                return out;
            }
            case "choose":
                return choose(e, ctx);
            case "where":
                return trim(e, ctx, synthetic("WHERE", e, ctx), WHERE_OVERRIDES, null, List.of());
            case "set":
                return trim(e, ctx, synthetic("SET", e, ctx), SET_OVERRIDES, null, SET_OVERRIDES);
            case "trim":
                return trim(e, ctx, attrText(e, "prefix", ctx), overrides(e.attr("prefixOverrides")),
                        attrText(e, "suffix", ctx), overrides(e.attr("suffixOverrides")));
            case "foreach":
                return foreach(e, ctx);
            case "include":
                return include(e, ctx);
            case "bind":
            case "selectKey":
                return List.of(Alt.empty());
            default:
                return expandSeq(e.children(), ctx);
        }
    }

    private List<Alt> choose(Element e, Ctx ctx) {
        List<Element> whens = new ArrayList<>();
        Element otherwise = null;
        for (Element c : e.childElements()) {
            if (c.name().equals("when")) {
                whens.add(c);
            } else if (c.name().equals("otherwise") && otherwise == null) {
                otherwise = c;
            }
        }
        boolean relevant = false;
        for (Element w : whens) {
            relevant |= relevant(w.children(), ctx);
        }
        if (otherwise != null) {
            relevant |= relevant(otherwise.children(), ctx);
        }
        if (!relevant) {
            if (!whens.isEmpty()) {
                return expandSeq(whens.get(0).children(), ctx);
            }
            return otherwise != null ? expandSeq(otherwise.children(), ctx) : List.of(Alt.empty());
        }
        List<Alt> out = new ArrayList<>();
        for (Element w : whens) {
            for (Alt a : expandSeq(w.children(), ctx)) {
                out.add(a.withChoice("choose=when[" + test(w) + "]"));
            }
        }
        if (otherwise != null) {
            for (Alt a : expandSeq(otherwise.children(), ctx)) {
                out.add(a.withChoice("choose=otherwise"));
            }
        } else {
            out.add(Alt.empty().withChoice("choose=none"));
        }
        if (out.size() > maxShapes) {
            ctx.st.truncated = true;
            return new ArrayList<>(out.subList(0, maxShapes));
        }
        return out;
    }

    /** MyBatis TrimSqlNode: trim the body; when non-empty strip one prefix and one suffix override, add prefix/suffix. */
    private List<Alt> trim(Element e, Ctx ctx, Buf prefix, List<String> prefixOverrides, Buf suffix,
                           List<String> suffixOverrides) {
        List<Alt> out = new ArrayList<>();
        for (Alt a : expandSeq(e.children(), ctx)) {
            Buf b = a.buf;
            int from = 0;
            int to = b.length();
            while (from < to && Character.isWhitespace(b.charAt(from))) {
                from++;
            }
            while (to > from && Character.isWhitespace(b.charAt(to - 1))) {
                to--;
            }
            if (from == to) {
                out.add(new Alt(new Buf(), a.choices));
                continue;
            }
            String upper = normalizeForOverride(b.toString().substring(from, to));
            int bodyFrom = from;
            int bodyTo = to;
            for (String o : prefixOverrides) {
                if (!o.isEmpty() && upper.startsWith(o)) {
                    bodyFrom = from + removeLength(o);
                    break;
                }
            }
            for (String o : suffixOverrides) {
                if (!o.isEmpty() && (upper.endsWith(o) || upper.endsWith(o.strip()))) {
                    bodyTo = Math.max(bodyFrom, to - removeLength(o));
                    break;
                }
            }
            Buf r = new Buf();
            if (prefix != null && prefix.length() > 0) {
                r.append(prefix);
                r.append(' ', prefix.src(prefix.length() - 1));
            }
            r.append(b, bodyFrom, bodyTo);
            if (suffix != null && suffix.length() > 0) {
                r.append(' ', suffix.src(0));
                r.append(suffix);
            }
            out.add(new Alt(r, a.choices));
        }
        return out;
    }

    /** One representative iteration: open + body + close (no separator). */
    private List<Alt> foreach(Element e, Ctx ctx) {
        Buf open = attrText(e, "open", ctx);
        Buf close = attrText(e, "close", ctx);
        List<Alt> out = new ArrayList<>();
        for (Alt a : expandSeq(e.children(), ctx)) {
            Alt r = new Alt(open == null ? new Buf() : open.copy(), new ArrayList<>());
            r.appendPiece(a);
            if (close != null) {
                r.appendPiece(new Alt(close, List.of()));
            }
            out.add(r);
        }
        return out;
    }

    private List<Alt> include(Element e, Ctx ctx) {
        if (ctx.includeStack().size() >= MAX_INCLUDE_DEPTH) {
            report(ctx, e, "<include> in statement " + ctx.st().fullId + " is nested more than " + MAX_INCLUDE_DEPTH
                    + " levels deep; it was dropped");
            return List.of(Alt.empty());
        }
        Fragment frag = resolve(e, ctx, true);
        if (frag == null) {
            return List.of(Alt.empty());
        }
        return expandSeq(frag.element().children(), includeCtx(e, frag, ctx));
    }

    private Ctx includeCtx(Element inc, Fragment frag, Ctx ctx) {
        Map<String, Buf> props = new LinkedHashMap<>(ctx.props());
        for (Element p : inc.childElements()) {
            Attr name = p.attrs().get("name");
            Attr value = p.attrs().get("value");
            if (p.name().equals("property") && name != null) {
                props.put(name.value().text(), value == null ? new Buf()
                        : substitute(Buf.of(value.value(), ctx.cur().fileId), ctx.props()));
            }
        }
        List<String> stack = new ArrayList<>(ctx.includeStack());
        stack.add(frag.file().namespace + "." + frag.element().attr("id"));
        return new Ctx(ctx.st(), frag.file(), props, stack);
    }

    /** Looks up the fragment of an include: the statement's namespace first, then the including file's. */
    private Fragment resolve(Element inc, Ctx ctx, boolean report) {
        String refid = inc.attr("refid");
        Parsed cur = ctx.cur();
        if (refid == null || refid.isBlank()) {
            if (report) {
                report(ctx, inc, "an <include> in statement " + ctx.st().fullId + " has no refid; it was dropped");
            }
            return null;
        }
        refid = substitute(Buf.of(inc.attrs().get("refid").value(), cur.fileId), ctx.props()).toString().strip();
        List<String> candidates = new ArrayList<>();
        if (refid.contains(".")) {
            candidates.add(refid);
        }
        candidates.add(ctx.st().file.namespace + "." + refid);
        candidates.add(cur.namespace + "." + refid);
        for (String c : candidates) {
            Fragment f = fragments.get(c);
            if (f != null) {
                if (ctx.includeStack().contains(c)) {
                    if (report) {
                        report(ctx, inc, "<include refid=\"" + refid + "\"> in statement " + ctx.st().fullId
                                + " is part of an include cycle; it was dropped");
                    }
                    return null;
                }
                return f;
            }
        }
        if (report) {
            report(ctx, inc, "<include refid=\"" + refid + "\"> in statement " + ctx.st().fullId
                    + " refers to an unknown <sql> fragment; its text is missing from the SQL");
        }
        return null;
    }

    private void report(Ctx ctx, Element at, String message) {
        Parsed f = ctx.cur();
        Diagnostic d = new Diagnostic(Diagnostic.Kind.INFO, f.src.relPath, f.src.line(at.start()),
                f.src.column(at.start()), message);
        List<Diagnostic> target = ctx.st().file.diagnostics;
        if (!target.contains(d)) {
            target.add(d);
        }
    }

    // ---- relevance ---------------------------------------------------------------------------------------------------

    /** True when the text under {@code nodes} (all branches, includes resolved) mentions a relevant column. */
    private boolean relevant(List<Node> nodes, Ctx ctx) {
        StringBuilder sb = new StringBuilder();
        collect(nodes, ctx, sb, 0);
        return matcher.mentionsColumn(sb);
    }

    private void collect(List<Node> nodes, Ctx ctx, StringBuilder sb, int depth) {
        for (Node n : nodes) {
            if (sb.length() > MAX_EXPANDED_CHARS) {
                return;
            }
            if (n instanceof Text t) {
                sb.append(' ').append(text(t, ctx));
            } else if (n instanceof Element e) {
                switch (e.name()) {
                    case "bind":
                    case "selectKey":
                    case "property":
                        break;
                    case "include":
                        if (depth < MAX_INCLUDE_DEPTH) {
                            Fragment f = resolve(e, ctx, false);
                            if (f != null) {
                                collect(f.element().children(), includeCtx(e, f, ctx), sb, depth + 1);
                            }
                        }
                        break;
                    default:
                        collect(e.children(), ctx, sb, depth);
                }
            }
        }
    }

    // ---- text --------------------------------------------------------------------------------------------------------

    /** The text of a text node: include properties substituted, then placeholders replaced by '?'. */
    private static Buf text(Text t, Ctx ctx) {
        Buf raw = Buf.of(t.chars(), ctx.cur().fileId);
        return placeholders(ctx.props().isEmpty() ? raw : substitute(raw, ctx.props()));
    }

    private static Buf synthetic(String text, Element e, Ctx ctx) {
        Buf b = new Buf();
        b.appendSynthetic(text, Buf.pack(ctx.cur().fileId, e.start()));
        return b;
    }

    private static Buf attrText(Element e, String name, Ctx ctx) {
        Attr a = e.attrs().get(name);
        if (a == null || a.value().text().isEmpty()) {
            return null;
        }
        return placeholders(substitute(Buf.of(a.value(), ctx.cur().fileId), ctx.props()));
    }

    private static String test(Element e) {
        String t = e.attr("test");
        return t == null ? "" : t.strip().replaceAll("\\s+", " ");
    }

    // ---- output ------------------------------------------------------------------------------------------------------

    /** Collapses whitespace runs to one space (mapped to the run's first char), trims, and builds the position map. */
    private SqlShape toShape(Alt a) {
        Buf b = a.buf;
        StringBuilder sql = new StringBuilder(b.length());
        long[] srcs = new long[b.length()];
        int n = 0;
        long pendingSpace = -1;
        boolean inSpace = false;
        for (int i = 0; i < b.length(); i++) {
            char c = b.charAt(i);
            if (Character.isWhitespace(c)) {
                if (!inSpace) {
                    inSpace = true;
                    pendingSpace = b.src(i);
                }
                continue;
            }
            if (inSpace && n > 0) {
                sql.append(' ');
                srcs[n++] = pendingSpace;
            }
            inSpace = false;
            sql.append(c);
            srcs[n++] = b.src(i);
        }
        List<String> fileNames = new ArrayList<>();
        Map<Integer, Integer> local = new HashMap<>();
        byte[] fileIndex = new byte[n];
        int[] lines = new int[n];
        int[] cols = new int[n];
        for (int i = 0; i < n; i++) {
            int fid = Buf.file(srcs[i]);
            int off = Buf.offset(srcs[i]);
            Integer li = local.get(fid);
            if (li == null) {
                if (fileNames.size() < Byte.MAX_VALUE) {
                    li = fileNames.size();
                    fileNames.add(files.get(fid).src.relPath);
                    local.put(fid, li);
                } else {
                    li = 0;
                }
            }
            XmlText st = files.get(fid).src;
            fileIndex[i] = (byte) (int) li;
            lines[i] = st.line(off);
            cols[i] = st.column(off);
        }
        return new SqlShape(sql.toString(), a.choices, fileNames.toArray(new String[0]), fileIndex, lines, cols);
    }
}
