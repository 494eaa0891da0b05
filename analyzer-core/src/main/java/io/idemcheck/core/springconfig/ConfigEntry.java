package io.idemcheck.core.springconfig;

/**
 * One setting of a Spring configuration file.
 *
 * @param key   the key path as written, '.' separated; list elements as {@code [i]} ("spring.rabbitmq.listener.simple.retry.max-attempts")
 * @param value the scalar value as text ("" for an empty or null value)
 * @param path  the file, relative to the source root
 * @param line  1-based line of the key
 * @param column 1-based column of the key
 */
public record ConfigEntry(String key, String value, String path, int line, int column) {

    /** The key in Spring's canonical form: lower case, without '-' and '_' (relaxed binding). */
    public String canonicalKey() {
        return SpringConfig.canonical(key);
    }
}
