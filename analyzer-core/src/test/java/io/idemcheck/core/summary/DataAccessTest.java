package io.idemcheck.core.summary;

import io.idemcheck.core.index.TypeEntry;
import io.idemcheck.core.model.Project;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;

import static io.idemcheck.core.summary.SummaryFixture.mainJava;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * {@link DataAccess}: mapper, DAO and repository types by annotation, name suffix or supertype; a service, a client
 * or a type whose name only contains "Mapper" is none.
 */
class DataAccessTest {

    @TempDir
    Path tmp;

    @Test
    void dataAccessTypesByAnnotationSuffixOrSupertype() throws Exception {
        String src = """
                package com.acme;
                import org.apache.ibatis.annotations.Mapper;
                import com.baomidou.mybatisplus.core.mapper.BaseMapper;
                import org.springframework.data.repository.CrudRepository;
                public class Holder { }
                @Mapper interface Tasks { }
                @org.springframework.stereotype.Repository class Store { }
                interface OrderDao { }
                interface UserRepository { }
                interface PayRepo { }
                interface Plus extends BaseMapper<Holder> { }
                interface Crud extends CrudRepository<Holder, Long> { }
                interface Indirect extends Plus { }
                class OrderService { }                                                // negative
                class PayClient { }                                                   // negative
                class MapperUtils { }                                                 // negative
                """;
        Project p = SummaryFixture.scan(tmp, mainJava("Holder", src));
        DataAccess da = new DataAccess(p.catalog(), p.index());
        for (String yes : new String[] {"Tasks", "Store", "OrderDao", "UserRepository", "PayRepo", "Plus", "Crud",
                "Indirect"}) {
            assertThat(da.isDataAccess(type(p, yes))).as(yes).isTrue();
            assertThat(p.semantics().isDataAccess(type(p, yes))).as(yes).isTrue();
        }
        for (String no : new String[] {"Holder", "OrderService", "PayClient", "MapperUtils"}) {
            assertThat(da.isDataAccess(type(p, no))).as(no).isFalse();
        }
    }

    private static TypeEntry type(Project p, String simple) {
        var found = p.index().typesNamed(simple);
        assertThat(found).as(simple).hasSize(1);
        return found.get(0);
    }
}
