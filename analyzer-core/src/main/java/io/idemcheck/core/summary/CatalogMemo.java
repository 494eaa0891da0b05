package io.idemcheck.core.summary;

import io.idemcheck.core.catalog.Catalog;

import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Function;

/**
 * The catalog's answers by name, remembered for one scan: the catalog finds an effect type or the first name pattern
 * of a list that matches by walking the list, and the classifiers ask the same question for every call of the same
 * name or receiver type. Same answers as {@link Catalog#effectType}, {@link Catalog#effectTypeBySimpleName},
 * {@link Catalog#effectTypeBySuffix} and {@link Catalog#firstMatching}. Thread-safe.
 */
final class CatalogMemo {

    /** The remembered "no answer" (a concurrent map holds no null). */
    private static final Object NONE = new Object();

    private final Catalog catalog;
    private final Map<String, Object> types = new ConcurrentHashMap<>();
    private final Map<String, Object> simpleNames = new ConcurrentHashMap<>();
    private final Map<String, Object> suffixes = new ConcurrentHashMap<>();
    /** Per name-pattern list (by identity: the catalog's own lists), the first pattern matching each name. */
    private volatile Lists lists = new Lists(new Object[0], List.of());

    private record Lists(Object[] keys, List<Map<String, Object>> memos) {
    }

    CatalogMemo(Catalog catalog) {
        this.catalog = catalog;
    }

    /** {@link Catalog#effectType}. */
    Catalog.EffectType effectType(String fqn) {
        return fqn == null ? catalog.effectType(fqn) : (Catalog.EffectType) recall(types, fqn, catalog::effectType);
    }

    /** {@link Catalog#effectTypeBySimpleName}. */
    Catalog.EffectType effectTypeBySimpleName(String simple) {
        return simple == null ? catalog.effectTypeBySimpleName(simple)
                : (Catalog.EffectType) recall(simpleNames, simple, catalog::effectTypeBySimpleName);
    }

    /** {@link Catalog#effectTypeBySuffix}. */
    Catalog.EffectType effectTypeBySuffix(String simple) {
        return simple == null ? catalog.effectTypeBySuffix(simple)
                : (Catalog.EffectType) recall(suffixes, simple, catalog::effectTypeBySuffix);
    }

    /** {@link Catalog#firstMatching} over one of the catalog's lists. */
    String firstMatching(List<String> patterns, String name) {
        if (name == null) {
            return Catalog.firstMatching(patterns, name);
        }
        return (String) recall(memoOf(patterns), name, n -> Catalog.firstMatching(patterns, n));
    }

    private Map<String, Object> memoOf(List<String> patterns) {
        Lists known = lists;
        for (int i = 0; i < known.keys().length; i++) {
            if (known.keys()[i] == patterns) {
                return known.memos().get(i);
            }
        }
        synchronized (this) {
            known = lists;
            for (int i = 0; i < known.keys().length; i++) {
                if (known.keys()[i] == patterns) {
                    return known.memos().get(i);
                }
            }
            Object[] keys = java.util.Arrays.copyOf(known.keys(), known.keys().length + 1);
            keys[keys.length - 1] = patterns;
            List<Map<String, Object>> memos = new java.util.ArrayList<>(known.memos());
            Map<String, Object> memo = new ConcurrentHashMap<>();
            memos.add(memo);
            lists = new Lists(keys, List.copyOf(memos));
            return memo;
        }
    }

    private static Object recall(Map<String, Object> memo, String key, Function<String, Object> find) {
        Object known = memo.get(key);
        if (known == null) {
            Object found = find.apply(key);
            known = found == null ? NONE : found;
            memo.putIfAbsent(key, known);
        }
        return known == NONE ? null : known;
    }
}
