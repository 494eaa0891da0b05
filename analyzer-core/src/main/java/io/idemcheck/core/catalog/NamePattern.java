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
        return matches(pattern, name);
    }

    /**
     * {@code new NamePattern(pattern).matches(name)} without building the pattern or its prefix and suffix strings
     * (a hot path: the catalog's lists are tried against every call's name).
     */
    public static boolean matches(String pattern, String name) {
        int star = pattern.indexOf('*');
        if (star < 0) {
            return pattern.equals(name);
        }
        int sufLen = pattern.length() - star - 1;
        if (sufLen == 0) {
            if (!name.regionMatches(0, pattern, 0, star)) {
                return false;
            }
            if (name.length() == star) {
                return true;
            }
            char c = name.charAt(star);
            return star == 0 || Character.isUpperCase(c) || Character.isDigit(c) || c == '_';
        }
        boolean endsWithSuffix = name.length() >= sufLen
                && name.regionMatches(name.length() - sufLen, pattern, star + 1, sufLen);
        if (star == 0) {
            return name.length() == sufLen && name.regionMatches(true, 0, pattern, 1, sufLen)
                    || name.length() > sufLen && endsWithSuffix;
        }
        return name.length() > star + sufLen - 1 && name.regionMatches(0, pattern, 0, star) && endsWithSuffix;
    }
}
