package io.idemcheck.core.sql.mybatis;

import static io.idemcheck.core.sql.mybatis.Mappers.lineColumn;
import static io.idemcheck.core.sql.mybatis.Mappers.mapper;
import static io.idemcheck.core.sql.mybatis.Mappers.readText;
import static io.idemcheck.core.sql.mybatis.Mappers.statement;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.idemcheck.core.facts.Range;
import io.idemcheck.core.sql.mybatis.SqlShape.Position;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class MapperXmlReaderPositionsTest {

    @TempDir
    Path dir;

    private static void assertAt(SqlShape shape, int index, String relPath, int line, int column) {
        assertThat(shape.positionOf(index)).isEqualTo(new Position(relPath, line, column));
    }

    @Test
    void statusInsideAMultiLineUpdateMapsToItsLineAndColumn() {
        String xml = Mappers.DOCTYPE
                + "<mapper namespace=\"com.example.JobMapper\">\n"      // line 3
                + "  <update id=\"finish\">\n"                          // line 4
                + "    UPDATE jobs\n"                                   // line 5
                + "       SET status = 'DONE',\n"                       // line 6, status at column 12
                + "           finished_at = now()\n"                    // line 7
                + "     WHERE id = #{id}\n"                             // line 8, '#' at column 17
                + "       AND status = 'RUNNING'\n"                     // line 9, status at column 12
                + "  </update>\n"                                       // line 10
                + "</mapper>\n";
        MapperFile f = readText(dir, "jobs.xml", xml);
        MapperStatement s = statement(f, "finish");
        SqlShape shape = s.shapes().get(0);
        assertThat(shape.sql()).isEqualTo(
                "UPDATE jobs SET status = 'DONE', finished_at = now() WHERE id = ? AND status = 'RUNNING'");

        int first = shape.sql().indexOf("status");
        int second = shape.sql().indexOf("status", first + 1);
        assertAt(shape, first, "jobs.xml", 6, 12);
        assertAt(shape, first + 5, "jobs.xml", 6, 17);
        assertAt(shape, second, "jobs.xml", 9, 12);
        assertThat(shape.rangeOf(second, second + "status".length())).isEqualTo(new Range(9, 12, 9, 18));
        assertAt(shape, shape.sql().indexOf('?'), "jobs.xml", 8, 17);
        assertAt(shape, 0, "jobs.xml", 5, 5);

        assertThat(s.elementRange()).isEqualTo(new Range(4, 3, 10, 12));
        assertThat(s.idRange()).isEqualTo(new Range(4, 15, 4, 21));
    }

    @Test
    void everyCopiedCharMapsBackToTheSameCharInTheFile() throws Exception {
        Path p = Mappers.resource("order-mapper.xml");
        String text = Files.readString(p);
        List<String> lines = text.lines().toList();
        MapperFile f = MapperXmlReader.read(p, "order-mapper.xml");
        int checked = 0;
        for (MapperStatement s : f.statements()) {
            for (SqlShape shape : s.shapes()) {
                for (int i = 0; i < shape.length(); i++) {
                    char c = shape.sql().charAt(i);
                    Position pos = shape.positionOf(i);
                    assertThat(pos.relPath()).isEqualTo("order-mapper.xml");
                    String line = lines.get(pos.line() - 1);
                    // a collapsed whitespace run may map to a line break, one column past the line's last char
                    assertThat(pos.column()).isLessThanOrEqualTo(line.length() + (c == ' ' ? 1 : 0));
                    if (c == ' ') {
                        continue;
                    }
                    char src = line.charAt(pos.column() - 1);
                    if (Character.isLetterOrDigit(c) || c == '\'' || c == ',' || c == '=') {
                        // copied text maps onto itself, or (WHERE/SET) onto the '<' of the element
                        assertThat(src == c || src == '<')
                                .as("char %d '%s' of %s maps to '%s' at %s", i, c, shape.sql(), src, pos).isTrue();
                        checked++;
                    }
                    if (c == '?') {
                        assertThat(src).isIn('#', '$');
                    }
                }
            }
        }
        assertThat(checked).isGreaterThan(100);
    }

    @Test
    void cdataTextAcrossLinesMapsCorrectly() {
        String xml = "<mapper namespace=\"m\">\n"
                + "<select id=\"q\"><![CDATA[SELECT *\n"
                + "   FROM t\n"
                + "  WHERE a < 1 AND\n"
                + "        state = 2]]></select>\n"
                + "</mapper>";
        SqlShape shape = statement(readText(dir, "c.xml", xml), "q").shapes().get(0);
        assertThat(shape.sql()).isEqualTo("SELECT * FROM t WHERE a < 1 AND state = 2");
        assertAt(shape, 0, "c.xml", 2, 25);
        assertAt(shape, shape.sql().indexOf("FROM"), "c.xml", 3, 4);
        assertAt(shape, shape.sql().indexOf('<'), "c.xml", 4, 11);
        assertAt(shape, shape.sql().indexOf("state"), "c.xml", 5, 9);
    }

    @Test
    void entitiesMapToTheirAmpersandAndCrLfCountsAsOneLineBreak() {
        String xml = "<mapper namespace=\"m\">\r\n<select id=\"q\">SELECT a\r\nFROM t WHERE a &lt;= 3\r\n"
                + "AND b &gt; 1</select>\r\n</mapper>";
        MapperStatement s = statement(readText(dir, "e.xml", xml), "q");
        SqlShape shape = s.shapes().get(0);
        assertThat(shape.sql()).isEqualTo("SELECT a FROM t WHERE a <= 3 AND b > 1");
        assertAt(shape, shape.sql().indexOf('<'), "e.xml", 3, 16);
        assertAt(shape, shape.sql().indexOf("= 3"), "e.xml", 3, 20);
        assertAt(shape, shape.sql().indexOf('>'), "e.xml", 4, 7);
        assertAt(shape, shape.sql().indexOf("AND"), "e.xml", 4, 1);
        assertThat(s.elementRange()).isEqualTo(new Range(2, 1, 4, 22));
    }

    @Test
    void synthesizedTextMapsToItsElementOrAttribute() {
        String xml = mapper("m", """
                <update id="u">
                  UPDATE t
                  <set>
                    <if test="a">status = #{a},</if>
                  </set>
                  <where>
                    id IN <foreach collection="ids" item="i" open="(" close=")" separator=",">#{i}</foreach>
                  </where>
                </update>""");
        SqlShape shape = statement(readText(dir, "s.xml", xml), "u").shapes().get(0);
        assertThat(shape.sql()).isEqualTo("UPDATE t SET status = ? WHERE id IN ( ? )");
        int[] set = lineColumn(xml, "<set>", 0);
        int[] where = lineColumn(xml, "<where>", 0);
        int[] open = lineColumn(xml, "open=\"(\"", 0);
        int[] close = lineColumn(xml, "close=\")\"", 0);
        int[] hash = lineColumn(xml, "#{i}", 0);
        assertAt(shape, shape.sql().indexOf("SET"), "s.xml", set[0], set[1]);
        assertAt(shape, shape.sql().indexOf("SET") + 2, "s.xml", set[0], set[1]);
        assertAt(shape, shape.sql().indexOf("WHERE"), "s.xml", where[0], where[1]);
        assertAt(shape, shape.sql().indexOf('('), "s.xml", open[0], open[1] + 6);
        assertAt(shape, shape.sql().indexOf(')'), "s.xml", close[0], close[1] + 7);
        assertAt(shape, shape.sql().lastIndexOf('?'), "s.xml", hash[0], hash[1]);
    }

    @Test
    void includedTextMapsToTheFragmentFileAndPropertyValuesToTheirAttribute() throws Exception {
        Path orders = Mappers.resource("order-mapper.xml");
        Path common = Mappers.resource("common-fragments.xml");
        String commonText = Files.readString(common);
        String ordersText = Files.readString(orders);
        List<MapperFile> files = MapperXmlReader.readAll(List.of(orders, common),
                p -> "res/" + p.getFileName());
        SqlShape shape = statement(files.get(0), "listOpen").shapes().get(0);
        int statusIdx = shape.sql().indexOf("status");
        int[] fragStatus = lineColumn(commonText, "status", 0);
        assertAt(shape, statusIdx, "res/common-fragments.xml", fragStatus[0], fragStatus[1]);
        int[] alias = lineColumn(ordersText, "value=\"o\"", 0);
        assertAt(shape, statusIdx - 2, "res/order-mapper.xml", alias[0], alias[1] + 7);
        assertThat(shape.fileOf(statusIdx)).isEqualTo("res/common-fragments.xml");
        assertThat(shape.rangeOf(statusIdx - 2, statusIdx + 6))
                .isEqualTo(new Range(alias[0], alias[1] + 7, alias[0], alias[1] + 8));
    }

    @Test
    void positionOfRejectsBadIndexes() {
        SqlShape shape = statement(readText(dir, "b.xml", "<mapper namespace=\"m\"><select id=\"q\">SELECT 1</select></mapper>"),
                "q").shapes().get(0);
        assertThatThrownBy(() -> shape.positionOf(-1)).isInstanceOf(IndexOutOfBoundsException.class);
        assertThatThrownBy(() -> shape.positionOf(shape.length())).isInstanceOf(IndexOutOfBoundsException.class);
        assertThatThrownBy(() -> shape.rangeOf(2, 2)).isInstanceOf(IndexOutOfBoundsException.class);
    }

    @Test
    void idRangeFallsBackToTheStartTag() {
        MapperStatement s = readText(dir, "n.xml", "<mapper namespace=\"m\">\n  <select>SELECT 1</select>\n</mapper>")
                .statements().get(0);
        assertThat(s.id()).isEmpty();
        assertThat(s.idRange()).isEqualTo(new Range(2, 3, 2, 11));
    }
}
