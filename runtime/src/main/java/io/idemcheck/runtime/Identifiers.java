package io.idemcheck.runtime;

import java.util.regex.Pattern;

/** Validation of SQL identifiers and state literals that are inlined into SQL text. */
final class Identifiers {
    private static final Pattern NAME = Pattern.compile("[A-Za-z_][A-Za-z0-9_]*");
    private static final Pattern QUALIFIED = Pattern.compile("[A-Za-z_][A-Za-z0-9_]*(\\.[A-Za-z_][A-Za-z0-9_]*)?");
    private static final Pattern STATE = Pattern.compile("[A-Za-z0-9_]{1,32}");

    private Identifiers() {
    }

    static String table(String name, String what) {
        if (name == null || name.length() > 128 || !QUALIFIED.matcher(name).matches()) {
            throw new IllegalArgumentException(what + " must match [A-Za-z_][A-Za-z0-9_]* optionally schema-qualified"
                    + " (schema.table): '" + name + "'");
        }
        return name;
    }

    static String column(String name, String what) {
        if (name == null || name.length() > 64 || !NAME.matcher(name).matches()) {
            throw new IllegalArgumentException(what + " must match [A-Za-z_][A-Za-z0-9_]*: '" + name + "'");
        }
        return name;
    }

    static String state(String value, String what) {
        if (value == null || !STATE.matcher(value).matches()) {
            throw new IllegalArgumentException(what + " must match [A-Za-z0-9_]{1,32}: '" + value + "'");
        }
        return value;
    }
}
