package io.idemcheck.core.summary;

import io.idemcheck.core.catalog.Catalog;
import org.junit.jupiter.api.Test;

import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

/** {@link CatalogMemo} gives the catalog's own answers, the first time and when asked again. */
class CatalogMemoTest {

    @Test
    void remembersTheCatalogsAnswersIncludingNoAnswer() {
        Catalog catalog = Catalog.load();
        CatalogMemo memo = new CatalogMemo(catalog);
        String type = catalog.effectTypes().get(0).type();
        String simple = type.substring(type.lastIndexOf('.') + 1);
        List<String> records = catalog.recordMethodNames();
        for (int i = 0; i < 2; i++) {
            assertThat(memo.effectType(type)).isSameAs(catalog.effectType(type)).isNotNull();
            assertThat(memo.effectType("com.acme.Nothing")).isNull();
            assertThat(memo.effectTypeBySimpleName(simple)).isSameAs(catalog.effectTypeBySimpleName(simple));
            assertThat(memo.effectTypeBySuffix("OrderServiceBlockingStub"))
                    .isSameAs(catalog.effectTypeBySuffix("OrderServiceBlockingStub"));
            assertThat(memo.firstMatching(records, "markDone"))
                    .isEqualTo(Catalog.firstMatching(records, "markDone")).isNotNull();
            assertThat(memo.firstMatching(records, "zzz")).isNull();
            assertThat(memo.firstMatching(List.of("zz*"), "zzTop")).isEqualTo("zz*");
        }
    }
}
