package io.idemcheck.core.config;

import java.util.regex.Pattern;

/**
 * A method pattern from {@code idemcheck.yml}: {@code Type#method(params)}.
 * <ul>
 *   <li>{@code Type} is a fully qualified type name with globs: {@code *} matches within one name segment,
 *   {@code **} across segments ({@code com.acme.sms.*Client}, {@code com.acme.**.Gateway}). A type without a package
 *   ({@code BillingClient}, {@code *Client}) matches the simple name in any package.</li>
 *   <li>{@code method} is a method name with {@code *} globs ({@code send*}, {@code *}).</li>
 *   <li>{@code (params)} is optional and only its count matters: {@code ()} no argument, {@code (a, b)} exactly two,
 *   {@code (*)} or {@code (..)} or no parentheses: any number.</li>
 * </ul>
 *
 * @param pattern the pattern as written
 * @param arity   number of arguments, or -1 for any
 * @param line    the 1-based line of the pattern in idemcheck.yml, or 0 when it was not read from a file (shown by
 *                {@code idemcheck explain} as the configuration line that decided a call's role)
 */
public record MethodPattern(String pattern, Pattern type, boolean qualified, Pattern method, int arity, int line) {

    private static final Pattern SHAPE = Pattern.compile(
            "([A-Za-z_$*][A-Za-z0-9_$*]*(?:\\.[A-Za-z_$*][A-Za-z0-9_$*]*)*)#([A-Za-z_$*][A-Za-z0-9_$*]*)"
                    + "(?:\\(([^()]*)\\))?");
    private static final Pattern PARAM = Pattern.compile("[A-Za-z_$*?][A-Za-z0-9_$.*?<>\\[\\], ]*|\\.\\.");

    /**
     * A pattern not read from a file (line 0).
     *
     * @throws IllegalArgumentException with a one-line reason when the pattern is malformed
     */
    public static MethodPattern parse(String s) {
        return parse(s, 0);
    }

    /**
     * A pattern written at {@code line} of idemcheck.yml.
     *
     * @throws IllegalArgumentException with a one-line reason when the pattern is malformed
     */
    public static MethodPattern parse(String s, int line) {
        String p = s == null ? "" : s.trim();
        var m = SHAPE.matcher(p);
        if (!m.matches()) {
            throw new IllegalArgumentException("bad pattern '" + s + "' (expected Type#method(params), for example "
                    + "com.acme.billing.BillingClient#charge(*) or com.acme.sms.*Client#send*)");
        }
        String params = m.group(3);
        int arity;
        if (params == null) {
            arity = -1;
        } else if (params.isBlank()) {
            arity = 0;
        } else if (params.trim().equals("*") || params.trim().equals("..")) {
            arity = -1;
        } else {
            String[] parts = params.split(",", -1);
            for (String part : parts) {
                if (part.isBlank() || !PARAM.matcher(part.trim()).matches()) {
                    throw new IllegalArgumentException("bad pattern '" + s + "' (bad parameter list '(" + params
                            + ")'; use (), (*) or a list of names such as (id, amount))");
                }
            }
            arity = parts.length;
        }
        String type = m.group(1);
        return new MethodPattern(p, Pattern.compile(typeRegex(type)), type.contains("."),
                Pattern.compile(nameRegex(m.group(2))), arity, line);
    }

    private static String typeRegex(String t) {
        StringBuilder sb = new StringBuilder();
        for (int i = 0; i < t.length(); i++) {
            char c = t.charAt(i);
            if (c == '*') {
                if (i + 1 < t.length() && t.charAt(i + 1) == '*') {
                    sb.append(".*");
                    i++;
                } else {
                    sb.append("[^.]*");
                }
            } else {
                sb.append(Pattern.quote(String.valueOf(c)));
            }
        }
        return sb.toString();
    }

    private static String nameRegex(String n) {
        StringBuilder sb = new StringBuilder();
        for (char c : n.toCharArray()) {
            sb.append(c == '*' ? ".*" : Pattern.quote(String.valueOf(c)));
        }
        return sb.toString();
    }

    /**
     * @param typeName the receiver's type: fully qualified when known, else the name as written (simple)
     * @param method   the called method's name
     * @param args     the call's argument count
     */
    public boolean matches(String typeName, String method, int args) {
        if (typeName == null || method == null) {
            return false;
        }
        if (arity >= 0 && arity != args) {
            return false;
        }
        if (!this.method.matcher(method).matches()) {
            return false;
        }
        return matchesType(typeName);
    }

    /** True when the type part matches {@code typeName} (qualified, or simple for unresolved names). */
    public boolean matchesType(String typeName) {
        String simple = typeName.substring(typeName.lastIndexOf('.') + 1);
        if (!qualified) {
            return type.matcher(simple).matches();
        }
        if (type.matcher(typeName).matches()) {
            return true;
        }
        // an unresolved receiver is known only by its simple name: compare the pattern's last segment
        if (!typeName.contains(".")) {
            String last = pattern.substring(0, pattern.indexOf('#'));
            last = last.substring(last.lastIndexOf('.') + 1);
            return Pattern.compile(typeRegex(last)).matcher(simple).matches();
        }
        return false;
    }

    @Override
    public String toString() {
        return pattern;
    }
}
