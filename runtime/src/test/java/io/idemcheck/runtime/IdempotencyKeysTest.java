package io.idemcheck.runtime;

import org.junit.jupiter.api.Test;

import java.math.BigDecimal;
import java.time.Instant;
import java.time.LocalDate;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.time.ZonedDateTime;
import java.time.ZoneId;
import java.util.Locale;
import java.util.UUID;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class IdempotencyKeysTest {

    enum Kind { REFUND }

    @Test
    void documentedFormat() {
        assertThat(IdempotencyKeys.of("charge", 42L, LocalDate.of(2026, 11, 29))).isEqualTo("charge:42:2026-11-29");
        assertThat(IdempotencyKeys.of("mail.receipt", "a@b.c", Kind.REFUND, true, 'x'))
                .isEqualTo("mail.receipt:a@b.c:REFUND:true:x");
        assertThat(IdempotencyKeys.of("u", UUID.fromString("123e4567-e89b-12d3-a456-426614174000")))
                .isEqualTo("u:123e4567-e89b-12d3-a456-426614174000");
    }

    @Test
    void separatorAndEscapeCharacterAreEscaped() {
        assertThat(IdempotencyKeys.of("a", "x:y")).isEqualTo("a:x%3Ay");
        assertThat(IdempotencyKeys.of("a", "x", "y")).isEqualTo("a:x:y");
        assertThat(IdempotencyKeys.of("a", "100%")).isEqualTo("a:100%25");
        assertThat(IdempotencyKeys.of("a", "%3A")).isEqualTo("a:%253A").isNotEqualTo(IdempotencyKeys.of("a", ":"));
        assertThat(IdempotencyKeys.of("a", "")).isEqualTo("a:");
    }

    @Test
    void numbersAndInstantsAreLocaleAndZoneIndependent() {
        Locale before = Locale.getDefault();
        try {
            Locale.setDefault(Locale.GERMANY);
            assertThat(IdempotencyKeys.of("n", 1234567L, new BigDecimal("1234.50"))).isEqualTo("n:1234567:1234.5");
        } finally {
            Locale.setDefault(before);
        }
        assertThat(IdempotencyKeys.of("n", new BigDecimal("1.50"))).isEqualTo(IdempotencyKeys.of("n", new BigDecimal("1.5")));
        assertThat(IdempotencyKeys.of("n", new BigDecimal("0.000"))).isEqualTo("n:0");
        assertThat(IdempotencyKeys.of("n", new BigDecimal("1E+3"))).isEqualTo("n:1000");
        Instant i = Instant.parse("2026-11-29T10:15:30Z");
        OffsetDateTime tokyo = i.atOffset(ZoneOffset.ofHours(9));
        ZonedDateTime paris = i.atZone(ZoneId.of("Europe/Paris"));
        assertThat(IdempotencyKeys.of("t", tokyo)).isEqualTo("t:2026-11-29T10%3A15%3A30Z")
                .isEqualTo(IdempotencyKeys.of("t", paris))
                .isEqualTo(IdempotencyKeys.of("t", java.util.Date.from(i)))
                .isEqualTo(IdempotencyKeys.of("t", i));
        assertThat(IdempotencyKeys.of("d", java.sql.Date.valueOf(LocalDate.of(2026, 1, 2)))).isEqualTo("d:2026-01-02");
    }

    @Test
    void longKeysAreHashedWithinTheLimit() {
        String longPart = "x".repeat(300);
        String k = IdempotencyKeys.of("bulk", longPart);
        assertThat(k).startsWith("bulk:sha256-").hasSize("bulk:sha256-".length() + 64);
        assertThat(k).isEqualTo(IdempotencyKeys.of("bulk", longPart));
        assertThat(k).isNotEqualTo(IdempotencyKeys.of("bulk", longPart + "y"));
        assertThat(k.substring("bulk:sha256-".length()))
                .isEqualTo(IdempotencyKeys.sha256Hex("bulk:" + longPart));
        String exactly = "y".repeat(IdempotencyKeys.MAX_KEY_LENGTH - 2);
        assertThat(IdempotencyKeys.of("b", exactly)).hasSize(IdempotencyKeys.MAX_KEY_LENGTH).isEqualTo("b:" + exactly);
    }

    @Test
    void invalidInputIsRejected() {
        assertThatThrownBy(() -> IdempotencyKeys.of("", 1)).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> IdempotencyKeys.of("a:b", 1)).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> IdempotencyKeys.of(null, 1)).isInstanceOf(NullPointerException.class);
        assertThatThrownBy(() -> IdempotencyKeys.of("a")).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> IdempotencyKeys.of("a", 1, null)).isInstanceOf(NullPointerException.class)
                .hasMessageContaining("part 1");
        assertThatThrownBy(() -> IdempotencyKeys.of("a", 0.1d)).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("BigDecimal");
        assertThatThrownBy(() -> IdempotencyKeys.of("a", new Object())).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("unsupported type");
        assertThatThrownBy(() -> IdempotencyKeys.of("n".repeat(65), 1)).isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void fingerprintIsStableHex() {
        String fp = IdempotencyKeys.fingerprint("EUR", new BigDecimal("12.50"));
        assertThat(fp).hasSize(64).matches("[0-9a-f]{64}")
                .isEqualTo(IdempotencyKeys.fingerprint("EUR", new BigDecimal("12.5")))
                .isEqualTo(IdempotencyKeys.sha256Hex("EUR:12.5"))
                .isNotEqualTo(IdempotencyKeys.fingerprint("USD", new BigDecimal("12.5")));
    }
}
