package io.idemcheck.core.parse;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/** A type's erasure as the facts keep it: type arguments and type annotations dropped, qualified names kept. */
class FactExtractorErasureTest {

    @Test
    void typeArgumentsAndAnnotationsAreDroppedQualifiedNamesKept() {
        assertThat(FactExtractor.erasure("String")).isEqualTo("String");
        assertThat(FactExtractor.erasure("java.util.List<Order>")).isEqualTo("java.util.List");
        assertThat(FactExtractor.erasure("@NonNull String")).isEqualTo("String");
        assertThat(FactExtractor.erasure("java.util.@Nullable Map<String, @NonNull Order>")).isEqualTo("java.util.Map");
        assertThat(FactExtractor.erasure("@A @B(x) Order ")).isEqualTo("Order");
        // without an annotation the text is only trimmed
        assertThat(FactExtractor.erasure(" Order[] ")).isEqualTo("Order[]");
    }
}
