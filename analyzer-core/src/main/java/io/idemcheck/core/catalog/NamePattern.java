package io.idemcheck.core.catalog;

/**
 * A method or column name pattern from the catalog. Without '*' it matches the exact name. {@code prefix*} matches
 * the prefix alone or followed by an upper-case letter, a digit or '_' (a camel-case or snake-case boundary), so
 * {@code charge*} matches "charge" and "chargeCard" but not "chargeable". {@code *suffix} matches names that end with
 * the suffix (case-insensitive at the boundary: {@code *IdempotencyKey} matches "paymentIdempotencyKey"), and
 * {@code prefix*suffix} both.
 */
public record NamePattern(String pattern) {

    public boolean matches(String name) {
        int star = pattern.indexOf('*');
        if (star < 0) {
            return pattern.equals(name);
        }
        String pre = pattern.substring(0, star);
        String suf = pattern.substring(star + 1);
        if (suf.isEmpty()) {
            if (!name.startsWith(pre)) {
                return false;
            }
            if (name.length() == pre.length()) {
                return true;
            }
            char c = name.charAt(pre.length());
            return pre.isEmpty() || Character.isUpperCase(c) || Character.isDigit(c) || c == '_';
        }
        if (pre.isEmpty()) {
            return name.equalsIgnoreCase(suf) || name.length() > suf.length() && name.endsWith(suf);
        }
        return name.length() > pre.length() + suf.length() - 1 && name.startsWith(pre) && name.endsWith(suf);
    }
}
