package io.idemcheck.core.config;

/**
 * A configuration file that cannot be used: an unknown key, a bad pattern, a wrong type, a YAML syntax error. The
 * message is one line that starts with the file and line, {@code idemcheck.yml:7: unknown key 'sideEffect' (...)};
 * the CLI prints it after {@code idemcheck: error: } and exits with 2.
 */
public final class ConfigException extends IllegalArgumentException {

    private final String file;
    private final int line;
    private final String detail;

    public ConfigException(String file, int line, String detail) {
        super(file + (line > 0 ? ":" + line : "") + ": " + detail);
        this.file = file;
        this.line = line;
        this.detail = detail;
    }

    /** The file as shown in the message. */
    public String file() {
        return file;
    }

    /** 1-based line, 0 when unknown. */
    public int line() {
        return line;
    }

    /** The message without the file and line. */
    public String detail() {
        return detail;
    }
}
