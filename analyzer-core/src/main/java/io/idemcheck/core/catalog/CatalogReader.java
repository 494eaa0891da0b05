package io.idemcheck.core.catalog;

import io.idemcheck.core.facts.EffectKind;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonParseException;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;

import java.io.IOException;
import java.io.InputStream;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Reads catalog.json into a {@link Catalog} with Jackson's streaming parser. Every scan loads the catalog; the
 * data-binding layer (an ObjectMapper introspecting the records) cost a scan about half a CPU second of class loading
 * and set-up, more than the rest of its start-up, for a file of a few dozen keys. Strict like the binding was: an
 * unknown key at the top or in an entry is an error naming the key and where it is ({@code _comment} is ignored in
 * every object); a value of the wrong shape is an {@link IOException} naming where. Every top-level key must be there
 * and not null ({@link CatalogException} naming it); inside an entry a missing key reads as null.
 */
final class CatalogReader {

    private static final JsonFactory JSON = new JsonFactory();

    /** The key ignored in every object of the file: a comment. */
    private static final Set<String> COMMENT = Set.of("_comment");

    private final JsonParser p;
    private final String name;

    private CatalogReader(JsonParser p, String name) {
        this.p = p;
        this.name = name;
    }

    /**
     * Reads the catalog in {@code in}.
     *
     * @throws CatalogException on an unknown, missing or null key
     * @throws IOException           when the text is not JSON of the expected shape
     */
    static Catalog read(InputStream in, String name) throws IOException {
        try (JsonParser p = JSON.createParser(in)) {
            CatalogReader r = new CatalogReader(p, name);
            p.nextToken();
            Catalog c = r.catalog();
            if (p.nextToken() != null) {
                throw r.shape("", "nothing after the catalog's object");
            }
            return c;
        }
    }

    private Catalog catalog() throws IOException {
        Map<String, Object> v = new LinkedHashMap<>();
        List<EntryReader> fields = List.of(
                listKey("effectTypes", this::effectType), listKey("effectAnnotations", this::effectAnnotation),
                stringsKey("notEffectTypes"), stringsKey("libraryPackages"), listKey("effectMethodNames", this::effectName),
                stringsKey("notEffectMethodNames"), stringsKey("dataAccessTypeSuffixes"), stringsKey("dataAccessSupertypes"),
                stringsKey("dataAccessAnnotations"), stringsKey("recordMethodNames"), stringsKey("entitySaveMethodNames"),
                stringsKey("statusSetterNames"), stringsKey("claimMethodNames"), stringsKey("keyParameterNames"),
                stringsKey("keyCarrierMethods"), stringsKey("keyHeaderNames"), stringsKey("statusColumns"),
                stringsKey("fencingColumns"), new EntryReader("entryPoints", this::entryPoints),
                stringsKey("transactionAnnotations"), stringsKey("transactionTemplateMethods"),
                stringsKey("transactionTemplateTypes"), stringsKey("recordColumns"), stringsKey("remoteReadMethodNames"),
                new EntryReader("vocabularies", this::vocabularies));
        object("", fields, COMMENT, v);
        for (EntryReader f : fields) {
            if (!v.containsKey(f.key())) {
                throw new CatalogException(name + ": missing key '" + f.key() + "' at the top");
            }
            if (v.get(f.key()) == null) {
                throw new CatalogException(name + ": key '" + f.key() + "' at the top is null (expected "
                        + (f.key().equals("entryPoints") || f.key().equals("vocabularies") ? "an object" : "a list")
                        + ")");
            }
        }
        return new Catalog(get(v, "effectTypes"), get(v, "effectAnnotations"), get(v, "notEffectTypes"),
                get(v, "libraryPackages"), get(v, "effectMethodNames"), get(v, "notEffectMethodNames"),
                get(v, "dataAccessTypeSuffixes"), get(v, "dataAccessSupertypes"), get(v, "dataAccessAnnotations"),
                get(v, "recordMethodNames"), get(v, "entitySaveMethodNames"), get(v, "statusSetterNames"),
                get(v, "claimMethodNames"), get(v, "keyParameterNames"), get(v, "keyCarrierMethods"),
                get(v, "keyHeaderNames"), get(v, "statusColumns"), get(v, "fencingColumns"), get(v, "entryPoints"),
                get(v, "transactionAnnotations"), get(v, "transactionTemplateMethods"),
                get(v, "transactionTemplateTypes"), get(v, "recordColumns"), get(v, "remoteReadMethodNames"),
                get(v, "vocabularies"), null);
    }

    private Catalog.EffectType effectType(String at) throws IOException {
        Map<String, Object> v = new LinkedHashMap<>();
        object(at, List.of(stringKey("type"), stringKey("kind"), stringsKey("methods"), stringsKey("whenArgument")),
                COMMENT, v);
        return new Catalog.EffectType(get(v, "type"), kind(at, get(v, "kind")), get(v, "methods"),
                get(v, "whenArgument"));
    }

    private Catalog.EffectAnnotation effectAnnotation(String at) throws IOException {
        Map<String, Object> v = new LinkedHashMap<>();
        object(at, List.of(stringKey("annotation"), stringKey("kind"), stringKey("reach")), COMMENT, v);
        String reach = get(v, "reach");
        if (reach != null && !reach.equals("proxy")) {
            throw new IOException("catalog.json: " + at + ".reach must be \"proxy\", not '" + reach + "'");
        }
        return new Catalog.EffectAnnotation(get(v, "annotation"), kind(at, get(v, "kind")), reach);
    }

    private Catalog.EffectName effectName(String at) throws IOException {
        Map<String, Object> v = new LinkedHashMap<>();
        object(at, List.of(stringKey("pattern"), stringKey("kind"), stringKey("verb")), COMMENT, v);
        return new Catalog.EffectName(get(v, "pattern"), kind(at, get(v, "kind")), get(v, "verb"));
    }

    /** {@code kind} when it names an {@link EffectKind}; an error naming it and where it is otherwise. */
    private String kind(String at, String kind) throws IOException {
        try {
            EffectKind.of(kind);
            return kind;
        } catch (IllegalArgumentException e) {
            throw shape(at, e.getMessage());
        }
    }

    private Catalog.EntryPoints entryPoints(String at) throws IOException {
        Map<String, Object> v = new LinkedHashMap<>();
        object(at, List.of(stringsKey("methodAnnotations"), listKey("typeAnnotationsWithMethod", this::typeMethod),
                listKey("interfaces", this::typeMethod)), COMMENT, v);
        return new Catalog.EntryPoints(get(v, "methodAnnotations"), get(v, "typeAnnotationsWithMethod"),
                get(v, "interfaces"));
    }

    private Catalog.TypeMethod typeMethod(String at) throws IOException {
        Map<String, Object> v = new LinkedHashMap<>();
        object(at, List.of(stringKey("type"), stringKey("annotation"), stringKey("method"), stringsKey("params")), COMMENT, v);
        return new Catalog.TypeMethod(get(v, "type"), get(v, "annotation"), get(v, "method"), get(v, "params"));
    }

    private Terms terms(String at) throws IOException {
        Map<String, Object> v = new LinkedHashMap<>();
        object(at, List.of(stringKey("evidence"), stringKey("match"), stringsKey("values"), stringsKey("source")), COMMENT, v);
        try {
            return new Terms(get(v, "evidence"), get(v, "match"), get(v, "values"), get(v, "source"));
        } catch (IllegalArgumentException | NullPointerException e) {
            throw shape(at, "not a vocabulary: " + e.getMessage());
        }
    }

    /** The vocabularies by key, in file order (which keys must be there is {@link Catalog#read}'s check). */
    private Map<String, Terms> vocabularies(String at) throws IOException {
        if (p.currentToken() == JsonToken.VALUE_NULL) {
            return null;
        }
        expect(JsonToken.START_OBJECT, at);
        Map<String, Terms> out = new LinkedHashMap<>();
        while (p.nextToken() == JsonToken.FIELD_NAME) {
            String key = p.currentName();
            p.nextToken();
            if (COMMENT.contains(key)) {
                p.skipChildren();
                continue;
            }
            out.put(key, terms(at + "." + key));
        }
        expect(JsonToken.END_OBJECT, at);
        return out;
    }

    // ---- the shapes --------------------------------------------------------------------------------------------------

    /** How one key of an object is read, the parser on its value. */
    private record EntryReader(String key, Value<?> value) {
    }

    @FunctionalInterface
    private interface Value<T> {
        T read(String at) throws IOException;
    }

    private EntryReader stringKey(String key) {
        return new EntryReader(key, this::string);
    }

    private EntryReader stringsKey(String key) {
        return new EntryReader(key, at -> list(at, this::string));
    }

    private <T> EntryReader listKey(String key, Value<T> element) {
        return new EntryReader(key, at -> list(at, element));
    }

    /** An object with the keys {@code fields} (each at most once: the last wins, as in the binding) into {@code out}. */
    private void object(String at, List<EntryReader> fields, Set<String> ignored, Map<String, Object> out)
            throws IOException {
        expect(JsonToken.START_OBJECT, at);
        while (p.nextToken() == JsonToken.FIELD_NAME) {
            String key = p.currentName();
            p.nextToken();
            EntryReader f = null;
            for (EntryReader e : fields) {
                if (e.key().equals(key)) {
                    f = e;
                    break;
                }
            }
            if (f == null) {
                if (ignored.contains(key)) {
                    p.skipChildren();
                    continue;
                }
                throw new CatalogException(name + ": unknown key '" + key + "' at "
                        + (at.isEmpty() ? "the top" : at));
            }
            out.put(key, f.value().read(at.isEmpty() ? key : at + "." + key));
        }
        expect(JsonToken.END_OBJECT, at);
    }

    /** A list (null for JSON null), a mutable {@link ArrayList} like the binding's. */
    private <T> List<T> list(String at, Value<T> element) throws IOException {
        if (p.currentToken() == JsonToken.VALUE_NULL) {
            return null;
        }
        expect(JsonToken.START_ARRAY, at);
        List<T> out = new ArrayList<>();
        while (p.nextToken() != JsonToken.END_ARRAY) {
            if (p.currentToken() == null) {
                throw shape(at, "unterminated list");
            }
            out.add(element.read(at + "[" + out.size() + "]"));
        }
        return out;
    }

    private String string(String at) throws IOException {
        JsonToken t = p.currentToken();
        if (t == JsonToken.VALUE_NULL) {
            return null;
        }
        if (t != JsonToken.VALUE_STRING) {
            throw shape(at, "expected a string, found " + t);
        }
        return p.getText();
    }

    private void expect(JsonToken want, String at) throws IOException {
        if (p.currentToken() != want) {
            throw shape(at, "expected " + want + ", found " + p.currentToken());
        }
    }

    private IOException shape(String at, String what) {
        return new JsonParseException(p, name + ": " + what + " at " + (at.isEmpty() ? "the top" : at));
    }

    @SuppressWarnings("unchecked")
    private static <T> T get(Map<String, Object> values, String key) {
        return (T) values.get(key);
    }
}
