package io.idemcheck.core.summary;

import com.fasterxml.jackson.annotation.JsonIgnore;
import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.annotation.JsonPropertyOrder;
import io.idemcheck.core.config.MethodPattern;
import io.idemcheck.core.sql.SqlFacts;
import io.idemcheck.core.sql.SqlStatement;

import java.nio.file.Path;
import java.util.Locale;

/**
 * What decided that a call plays a role (a side effect, a record of the item's state, a claim): the kind of evidence
 * and the exact entry that matched, so that {@code idemcheck explain} can show it and a user can tell which line of
 * the catalog, of {@code idemcheck.yml} or of the SQL to change. Classifiers attach it to the fact they return
 * ({@link EffectTrace#evidence()}, {@link CallInfo#recordEvidence()}, {@link CallInfo#claimEvidence()}); it is never
 * recomputed.
 *
 * @param decidedBy the kind of evidence ({@link Basis}), as in {@link EffectTrace#decidedBy()} and
 *               {@link CallInfo#decidedBy()}: config (idemcheck.yml), catalog (a catalog entry for a library type),
 *               annotation (a catalog type annotation), sql (a visible statement), name (a name pattern of the
 *               catalog), runtime (idemcheck's runtime library), call (the callee's summary), dataflow (an effect's
 *               result stored on the item)
 * @param source where the deciding entry lives, in words: "catalog.json effectTypes", "idemcheck.yml records",
 *               "SQL (MAPPER_XML)", "summary of TaskService.finish()"
 * @param entry  the entry as written: a name pattern ({@code charge*}), a library type with the method pattern that
 *               matched, an idemcheck.yml method pattern, a statement id with its SQL text (at most 300 characters)
 * @param path   the file that holds the entry: for SQL the statement's file relative to the source root, for
 *               idemcheck.yml the configuration file (absolute); null for catalog entries and names
 * @param line   the entry's 1-based line in {@code path}, or 0 when unknown (catalog entries)
 */
@JsonPropertyOrder({"basis", "source", "entry", "path", "line"})
public record Evidence(@JsonIgnore Basis decidedBy, String source, String entry, String path, int line) {

    private static final int MAX_SQL = 300;

    /** Evidence from the basis's label ("sql", "name", ...). */
    public Evidence(String basis, String source, String entry, String path, int line) {
        this(Basis.of(basis), source, entry, path, line);
    }

    /** The basis's label ("sql", "name", ...): {@link #decidedBy()} as a string, for reports (and explain's JSON). */
    @JsonProperty("basis")
    public String basis() {
        return Basis.labelOf(decidedBy);
    }

    /** An entry of the built-in catalog ({@code catalog.json}), under key {@code key}. */
    public static Evidence catalog(Basis basis, String key, String entry) {
        return new Evidence(basis, "catalog.json " + key, entry, null, 0);
    }

    /** As {@link #catalog(Basis, String, String)}, with the basis's label. */
    public static Evidence catalog(String basis, String key, String entry) {
        return catalog(Basis.of(basis), key, entry);
    }

    /** An idemcheck.yml entry under {@code key} ("effects", "records", "claims", "locks", "keyCarriers"). */
    public static Evidence config(String key, MethodPattern pattern, Path file) {
        return new Evidence(Basis.CONFIG, "idemcheck.yml " + key, pattern.pattern(),
                file == null ? null : file.toString(), pattern.line());
    }

    /** An idemcheck.yml {@code stateValues} entry: {@code value}, written at {@code line} of {@code file}. */
    public static Evidence stateValue(String value, Path file, int line) {
        return new Evidence(Basis.CONFIG, "idemcheck.yml stateValues", value, file == null ? null : file.toString(),
                line);
    }

    /** A visible SQL statement: its id and the text of its first shape of {@code kind} (or first shape). */
    public static Evidence sql(SqlStatement st, SqlFacts.Kind kind) {
        SqlFacts shape = st.shapes().get(0);
        for (SqlFacts f : st.shapes()) {
            if (f.kind() == kind) {
                shape = f;
                break;
            }
        }
        String text = shape.text() == null ? "" : shape.text().replaceAll("\\s+", " ").strip();
        if (text.length() > MAX_SQL) {
            text = text.substring(0, MAX_SQL - 3) + "...";
        }
        return new Evidence(Basis.SQL, "SQL (" + st.source().name().toLowerCase(Locale.ROOT).replace('_', ' ') + ")",
                st.id() + ": " + text, st.relPath(), st.range() == null ? 0 : st.range().line());
    }

    /** The same decision read from a callee's summary ("call"), keeping the callee's own evidence in {@code entry}. */
    public static Evidence call(String callee, Evidence inner) {
        String why = inner == null ? "" : " (" + inner.describe() + ")";
        return new Evidence(Basis.CALL, "summary of " + callee, callee + why, inner == null ? null : inner.path(),
                inner == null ? 0 : inner.line());
    }

    /** One line: "catalog.json effectTypes: org.springframework.web.client.RestTemplate#post* (http)". */
    public String describe() {
        String at = path == null ? "" : " [" + fileName(path) + (line > 0 ? ":" + line : "") + "]";
        return source + ": " + entry + at;
    }

    private static String fileName(String p) {
        int i = Math.max(p.lastIndexOf('/'), p.lastIndexOf('\\'));
        return i < 0 ? p : p.substring(i + 1);
    }
}
