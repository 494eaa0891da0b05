package io.idemcheck.cli;

/** A usage or configuration error: printed as one line {@code idemcheck: error: <message>}, exit code 2. */
final class UsageException extends RuntimeException {

    UsageException(String message) {
        super(message, null, false, false);
    }
}
