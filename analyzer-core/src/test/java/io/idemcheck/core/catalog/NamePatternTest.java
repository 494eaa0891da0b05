package io.idemcheck.core.catalog;

import org.junit.jupiter.api.Test;

import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** {@link NamePattern#matches(String, String)}, the allocation-free form, against the pattern semantics. */
class NamePatternTest {

    /** The matching as it was written with prefix and suffix strings (the reference the fast form must equal). */
    private static boolean reference(String pattern, String name) {
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

    @Test
    void documentedCases() {
        assertTrue(NamePattern.matches("charge*", "charge"));
        assertTrue(NamePattern.matches("charge*", "chargeCard"));
        assertFalse(NamePattern.matches("charge*", "chargeable"));
        assertTrue(NamePattern.matches("*IdempotencyKey", "paymentIdempotencyKey"));
        assertTrue(NamePattern.matches("*IdempotencyKey", "idempotencykey"));
        assertTrue(NamePattern.matches("send*Async", "sendMailAsync"));
        assertFalse(NamePattern.matches("send*Async", "sendAsyn"));
        assertTrue(NamePattern.matches("save", "save"));
        assertFalse(NamePattern.matches("save", "saveAll"));
    }

    @Test
    void sameAsTheReferenceOnEveryPairOfAGrid() {
        List<String> patterns = List.of("", "*", "**", "a", "ab", "a*", "*a", "a*b", "ab*cd", "*Ab", "Ab*", "a*b*",
                "*a*", "save*", "*Key", "get*Id", "x_*", "*_x", "A*a", "aa*aa");
        List<String> names = List.of("", "a", "A", "b", "ab", "aB", "AB", "ba", "aab", "abb", "abcd", "abXcd", "ab1",
                "ab_", "abc", "Ab", "ABcd", "aa", "aaa", "aaaa", "aaXaa", "save", "saveAll", "saved", "Key", "key",
                "myKey", "getId", "getOrderId", "get", "x_", "x_y", "_x", "a_x", "AXa", "Aa", "*", "a*b", "a*");
        for (String p : patterns) {
            for (String n : names) {
                assertEquals(reference(p, n), NamePattern.matches(p, n), p + " vs " + n);
                assertEquals(reference(p, n), new NamePattern(p).matches(n), p + " vs " + n);
            }
        }
    }
}
