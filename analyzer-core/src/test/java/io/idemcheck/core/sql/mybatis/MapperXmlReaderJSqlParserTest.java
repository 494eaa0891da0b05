package io.idemcheck.core.sql.mybatis;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatCode;

import java.nio.file.Path;
import java.util.List;
import net.sf.jsqlparser.parser.CCJSqlParserUtil;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The shapes are meant for JSqlParser: every shape of the sample mappers must parse as one statement. */
class MapperXmlReaderJSqlParserTest {

    @TempDir
    Path dir;

    @Test
    void everyShapeOfTheSampleMappersParses() {
        List<MapperFile> files = MapperXmlReader.readAll(List.of(Mappers.resource("order-mapper.xml"),
                Mappers.resource("common-fragments.xml"), Mappers.resource("remote-doctype-mapper.xml")),
                p -> p.getFileName().toString());
        int shapes = 0;
        for (MapperFile f : files) {
            for (MapperStatement s : f.statements()) {
                for (SqlShape shape : s.shapes()) {
                    assertThatCode(() -> CCJSqlParserUtil.parse(shape.sql())).as(shape.sql()).doesNotThrowAnyException();
                    shapes++;
                }
            }
        }
        assertThat(shapes).isEqualTo(6);
    }

    @Test
    void blankLinesInTheXmlDoNotSplitTheStatement() throws Exception {
        MapperFile f = Mappers.readText(dir, "m.xml", Mappers.mapper("m", """
                <update id="u">
                  UPDATE jobs

                  SET status = #{s}


                  WHERE id = #{id}
                  <if test="v != null">

                    AND version = #{v}

                  </if>
                </update>"""));
        for (SqlShape shape : f.statements().get(0).shapes()) {
            assertThat(CCJSqlParserUtil.parseStatements(shape.sql())).hasSize(1);
        }
        assertThat(f.statements().get(0).shapes()).hasSize(2);
    }
}
