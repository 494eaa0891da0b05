package io.idemcheck.runtime;

import java.math.BigDecimal;
import java.math.BigInteger;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.LocalTime;
import java.time.OffsetDateTime;
import java.time.Year;
import java.time.YearMonth;
import java.time.ZonedDateTime;
import java.util.UUID;
import java.util.regex.Pattern;

/**
 * Builds business idempotency keys from an item's identity, e.g.
 * {@code IdempotencyKeys.of("charge", taskId, bizDate)} gives {@code charge:42:2026-11-29}.
 *
 * <h2>Format</h2>
 * {@code namespace ":" part1 ":" part2 ...}, where every part is formatted locale-independently and then escaped:
 * {@code %} becomes {@code %25} and {@code :} becomes {@code %3A}, so the separator is unambiguous
 * ({@code of("a", "x:y")} is {@code a:x%3Ay}, different from {@code of("a", "x", "y")} = {@code a:x:y}).
 * If the result is longer than {@link #MAX_KEY_LENGTH} characters, the key becomes
 * {@code namespace ":sha256-" + lowercase hex SHA-256 of the full UTF-8 key}, which is at most 136 characters.
 *
 * <h2>Formatting of parts</h2>
 * <ul>
 * <li>{@link CharSequence}, {@link Character}: as is.</li>
 * <li>{@code Byte, Short, Integer, Long, BigInteger}: decimal {@code toString()} (no grouping, no locale).</li>
 * <li>{@link BigDecimal}: {@code stripTrailingZeros().toPlainString()}, so {@code 1.50} and {@code 1.5} give the
 *     same key.</li>
 * <li>{@link Boolean}: {@code true}/{@code false}; {@link Enum}: {@code name()}; {@link UUID}: canonical form.</li>
 * <li>{@link LocalDate}, {@link LocalDateTime}, {@link LocalTime}, {@link YearMonth}, {@link Year}: ISO-8601.</li>
 * <li>{@link Instant}, {@link OffsetDateTime}, {@link ZonedDateTime}, {@link java.util.Date} (and
 *     {@code java.sql.Timestamp}): the instant in ISO-8601 UTC ({@code 2026-11-29T10:15:30Z}), so the same moment
 *     gives the same key in every JVM time zone. {@code java.sql.Date}: its ISO local date.</li>
 * </ul>
 * {@code Float} and {@code Double} are rejected (binary fractions make unstable keys: use {@code BigDecimal} or a
 * {@code long} of minor units); any other type is rejected because its {@code toString()}/{@code hashCode()} is not
 * guaranteed stable across JVMs.
 *
 * <p>All methods throw {@link IllegalArgumentException} (or {@link NullPointerException} for nulls) on invalid input.
 */
public final class IdempotencyKeys {

    /** Maximum key length in characters; matches the {@code idem_key VARCHAR(255)} column of the ledger DDL. */
    public static final int MAX_KEY_LENGTH = 255;

    /** Maximum namespace length in characters. */
    public static final int MAX_NAMESPACE_LENGTH = 64;

    private static final Pattern NAMESPACE = Pattern.compile("[A-Za-z][A-Za-z0-9_.\\-]*");

    private IdempotencyKeys() {
    }

    /**
     * Builds a key.
     *
     * @param namespace what kind of effect this key guards ({@code charge}, {@code email.receipt}); must match
     *                  {@code [A-Za-z][A-Za-z0-9_.-]*} and be at most 64 characters
     * @param parts     the item's identity, at least one, none {@code null}; see the class comment for the formats
     * @return the key, at most {@value #MAX_KEY_LENGTH} characters
     * @throws NullPointerException     if the namespace, the array or any part is {@code null}
     * @throws IllegalArgumentException if the namespace is empty or malformed, no part is given, or a part has an
     *                                  unsupported type
     */
    public static String of(String namespace, Object... parts) {
        if (namespace == null) {
            throw new NullPointerException("namespace must not be null");
        }
        if (namespace.isEmpty() || namespace.length() > MAX_NAMESPACE_LENGTH || !NAMESPACE.matcher(namespace).matches()) {
            throw new IllegalArgumentException("namespace must match [A-Za-z][A-Za-z0-9_.-]* and be 1.."
                    + MAX_NAMESPACE_LENGTH + " characters: '" + namespace + "'");
        }
        String body = encodeParts(parts);
        String key = namespace + ':' + body;
        if (key.length() <= MAX_KEY_LENGTH) {
            return key;
        }
        return namespace + ":sha256-" + sha256Hex(key);
    }

    /**
     * A request fingerprint for {@link IdempotencyLedger}: lowercase hex SHA-256 (64 characters) of the parts,
     * formatted and escaped exactly as in {@link #of(String, Object...)}. Use the parts that define <em>what</em> the
     * effect does (amount, currency, recipient), so that reusing a key for a different request is detected.
     *
     * @param parts the request's parameters, at least one, none {@code null}
     * @return 64 hex characters
     * @throws NullPointerException     if any part is {@code null}
     * @throws IllegalArgumentException if no part is given or a part has an unsupported type
     */
    public static String fingerprint(Object... parts) {
        return sha256Hex(encodeParts(parts));
    }

    private static String encodeParts(Object... parts) {
        if (parts == null) {
            throw new NullPointerException("parts must not be null");
        }
        if (parts.length == 0) {
            throw new IllegalArgumentException("at least one key part is required");
        }
        StringBuilder sb = new StringBuilder();
        for (int i = 0; i < parts.length; i++) {
            if (parts[i] == null) {
                throw new NullPointerException("key part " + i + " is null");
            }
            if (i > 0) {
                sb.append(':');
            }
            escape(format(parts[i], i), sb);
        }
        return sb.toString();
    }

    static String format(Object p, int index) {
        if (p instanceof CharSequence || p instanceof Character) {
            return p.toString();
        }
        if (p instanceof Integer || p instanceof Long || p instanceof Short || p instanceof Byte
                || p instanceof BigInteger) {
            return p.toString();
        }
        if (p instanceof BigDecimal) {
            BigDecimal d = (BigDecimal) p;
            return d.signum() == 0 ? "0" : d.stripTrailingZeros().toPlainString();
        }
        if (p instanceof Boolean || p instanceof UUID) {
            return p.toString();
        }
        if (p instanceof Enum) {
            return ((Enum<?>) p).name();
        }
        if (p instanceof LocalDate || p instanceof LocalDateTime || p instanceof LocalTime
                || p instanceof YearMonth || p instanceof Year || p instanceof Instant) {
            return p.toString();
        }
        if (p instanceof OffsetDateTime) {
            return ((OffsetDateTime) p).toInstant().toString();
        }
        if (p instanceof ZonedDateTime) {
            return ((ZonedDateTime) p).toInstant().toString();
        }
        if (p instanceof java.sql.Date) {
            return ((java.sql.Date) p).toLocalDate().toString();
        }
        if (p instanceof java.util.Date) {
            return ((java.util.Date) p).toInstant().toString();
        }
        if (p instanceof Float || p instanceof Double) {
            throw new IllegalArgumentException("key part " + index + " is a " + p.getClass().getSimpleName()
                    + "; floating-point values make unstable keys, use BigDecimal or an integer of minor units");
        }
        throw new IllegalArgumentException("key part " + index + " has unsupported type " + p.getClass().getName()
                + "; pass a String, integer, BigDecimal, Boolean, Enum, UUID or java.time value");
    }

    private static void escape(String s, StringBuilder out) {
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            if (c == '%') {
                out.append("%25");
            } else if (c == ':') {
                out.append("%3A");
            } else {
                out.append(c);
            }
        }
    }

    static String sha256Hex(String s) {
        try {
            byte[] d = MessageDigest.getInstance("SHA-256").digest(s.getBytes(StandardCharsets.UTF_8));
            StringBuilder sb = new StringBuilder(64);
            for (byte b : d) {
                sb.append(Character.forDigit((b >> 4) & 0xF, 16)).append(Character.forDigit(b & 0xF, 16));
            }
            return sb.toString();
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("SHA-256 is required by the Java platform", e);
        }
    }
}
