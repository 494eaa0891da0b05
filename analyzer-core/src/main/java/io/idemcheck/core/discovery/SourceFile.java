package io.idemcheck.core.discovery;

import java.nio.file.Path;

/**
 * A file found by discovery.
 *
 * @param path    absolute, normalised path
 * @param relPath path relative to the source root, '/' separated
 * @param kind    what sort of input it is
 * @param test    true when the path marks test code (a {@code src/test/} segment)
 */
public record SourceFile(Path path, String relPath, Kind kind, boolean test) {

    public enum Kind {
        JAVA, KOTLIN, XML, SQL,
        /** A StringTemplate group of SQL statements ({@code *.sql.stg}), read by jDBI's template locators. */
        SQL_TEMPLATE,
        /** A Spring Boot configuration file: {@code application*.yml|yaml|properties}. */
        CONFIG
    }
}
