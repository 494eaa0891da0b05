package io.idemcheck.core.catalog;

/**
 * A catalog that cannot be used: an unknown, missing or null key, a value of the wrong shape, text that is not JSON.
 * The message is one line naming the file and the key or place ({@code catalog.json: unknown key 'lockApis' at the
 * top}); the CLI prints it after {@code idemcheck: error: } and exits with 2, as for a bad {@code idemcheck.yml}, and
 * the Maven plugin fails the build with it.
 */
public final class CatalogException extends IllegalStateException {

    public CatalogException(String message) {
        super(message);
    }

    public CatalogException(String message, Throwable cause) {
        super(message, cause);
    }

    /** The catalog error that caused {@code t} (itself, or a cause in its chain), or null when there is none. */
    public static CatalogException in(Throwable t) {
        for (Throwable c = t; c != null; c = c.getCause() == c ? null : c.getCause()) {
            if (c instanceof CatalogException e) {
                return e;
            }
        }
        return null;
    }
}
