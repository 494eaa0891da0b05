package io.idemcheck.cli;

import static io.idemcheck.core.util.Texts.firstLine;

/** A usage or configuration error: printed as one line {@code idemcheck: error: <message>}, exit code 2. */
final class UsageException extends RuntimeException {

    UsageException(String message) {
        super(message, null, false, false);
    }

    /**
     * The usage error an engine's {@link IllegalArgumentException} (a bad path or setting) stands for: the first line
     * of its message, or, when it has none, its class and what was being done ("IllegalArgumentException while
     * scanning"), so that the error line is never empty.
     *
     * @param cause what the engine threw
     * @param doing what the command was doing, as "scanning" or "explaining the location"
     */
    static UsageException of(Throwable cause, String doing) {
        return new UsageException(describe(cause, doing));
    }

    /** The first line of {@code t}'s message, else "{@code SimpleName} while {@code doing}" (never blank). */
    static String describe(Throwable t, String doing) {
        String m = firstLine(t.getMessage());
        return m.isBlank() ? t.getClass().getSimpleName() + " while " + doing : m;
    }
}
