package io.idemcheck.core.sql.mybatis;

import static io.idemcheck.core.sql.mybatis.Mappers.mapper;
import static io.idemcheck.core.sql.mybatis.Mappers.readText;
import static io.idemcheck.core.sql.mybatis.Mappers.sqls;
import static io.idemcheck.core.sql.mybatis.Mappers.statement;
import static org.assertj.core.api.Assertions.assertThat;

import io.idemcheck.core.finding.Diagnostic;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class MapperXmlReaderDynamicSqlTest {

    @TempDir
    Path dir;

    private MapperStatement one(String body) {
        MapperFile f = readText(dir, "m.xml", mapper("com.example.M", body));
        assertThat(f.isMapper()).isTrue();
        assertThat(f.statements()).hasSize(1);
        return f.statements().get(0);
    }

    @Test
    void ifAddingStatusPredicateGivesTwoShapes() {
        MapperStatement s = one("""
                <update id="claim">
                  UPDATE jobs SET owner_name = #{me}
                  WHERE id = #{id}
                  <if test="status != null">AND status = #{status}</if>
                </update>""");
        assertThat(s.kind()).isEqualTo("update");
        assertThat(s.fullId()).isEqualTo("com.example.M.claim");
        assertThat(s.truncated()).isFalse();
        assertThat(sqls(s)).containsExactly(
                "UPDATE jobs SET owner_name = ? WHERE id = ? AND status = ?",
                "UPDATE jobs SET owner_name = ? WHERE id = ?");
        assertThat(s.shapes().get(0).choices()).containsExactly("if[status != null]=true");
        assertThat(s.shapes().get(1).choices()).containsExactly("if[status != null]=false");
    }

    @Test
    void irrelevantIfIsTakenAsIncluded() {
        MapperStatement s = one("""
                <select id="q">
                  SELECT * FROM jobs WHERE 1 = 1
                  <if test="name != null">AND name = #{name}</if>
                  <if test="x != null">AND status_text = 'status'</if>
                </select>""");
        assertThat(sqls(s)).containsExactly(
                "SELECT * FROM jobs WHERE 1 = 1 AND name = ? AND status_text = 'status'");
        assertThat(s.shapes().get(0).choices()).isEmpty();
    }

    @Test
    void relevanceUsesColumnsNotParametersNorLiterals() {
        MapperStatement param = one("""
                <select id="q">SELECT * FROM t WHERE 1 = 1 <if test="status != null">AND name = #{status}</if></select>""");
        assertThat(param.shapes()).hasSize(1);

        MapperStatement aliasBacktick = one("""
                <select id="q">SELECT * FROM t o WHERE 1 = 1 <if test="a">AND o.`order_status` = 1</if></select>""");
        assertThat(aliasBacktick.shapes()).hasSize(2);

        MapperStatement lease = one("""
                <update id="u">UPDATE t SET x = 1 <if test="a">, lease_until = now()</if></update>""");
        assertThat(lease.shapes()).hasSize(2);

        MapperStatement wordBoundary = one("""
                <update id="u">UPDATE t SET x = 1 <if test="a">, processed_at = now(), versions_seen = 1</if></update>""");
        assertThat(wordBoundary.shapes()).hasSize(1);

        MapperStatement upper = one("""
                <update id="u">UPDATE t SET x = 1 WHERE id = 1 <if test="a">AND T.VERSION = #{v}</if></update>""");
        assertThat(upper.shapes()).hasSize(2);
    }

    @Test
    void columnListsAreParameters() throws Exception {
        Path p = Mappers.write(dir, "c.xml", mapper("x.M", """
                <update id="u">UPDATE t SET a = 1 <if test="x">, batch_flag = 1</if><if test="y">, status = 1</if></update>"""));
        MapperXmlReader custom = new MapperXmlReader(List.of("*_flag"), List.of());
        MapperStatement s = custom.parse(p, "c.xml").statements().get(0);
        assertThat(sqls(s)).containsExactly("UPDATE t SET a = 1 , batch_flag = 1 , status = 1",
                "UPDATE t SET a = 1 , status = 1");
    }

    @Test
    void whereAddsPrefixAndStripsLeadingAndOr() {
        MapperStatement s = one("""
                <select id="q">
                  SELECT * FROM jobs
                  <where>
                    <if test="status != null">
                      and status = #{status}
                    </if>
                    <if test="name != null">OR
                      name = #{name}</if>
                  </where>
                </select>""");
        assertThat(sqls(s)).containsExactly(
                "SELECT * FROM jobs WHERE status = ? OR name = ?",
                "SELECT * FROM jobs WHERE name = ?");
    }

    @Test
    void emptyWhereAddsNothing() {
        MapperStatement s = one("""
                <select id="q">SELECT * FROM jobs <where><if test="s">state = 1</if></where> LIMIT 1</select>""");
        assertThat(sqls(s)).containsExactly("SELECT * FROM jobs WHERE state = 1 LIMIT 1",
                "SELECT * FROM jobs LIMIT 1");
    }

    @Test
    void setAddsPrefixAndStripsTrailingComma() {
        MapperStatement s = one("""
                <update id="u">
                  UPDATE jobs
                  <set>
                    <if test="name != null">name = #{name},</if>
                    <if test="status != null">status = #{status},</if>
                  </set>
                  WHERE id = #{id}
                </update>""");
        assertThat(sqls(s)).containsExactly(
                "UPDATE jobs SET name = ?, status = ? WHERE id = ?",
                "UPDATE jobs SET name = ? WHERE id = ?");
    }

    @Test
    void trimWithPipeSeparatedCaseInsensitiveOverrides() {
        MapperStatement s = one("""
                <insert id="i">
                  INSERT INTO jobs
                  <trim prefix="(" suffix=")" suffixOverrides=",">id, status,</trim>
                  VALUES
                  <trim prefix="(" suffix=")" prefixOverrides="AND |Or " suffixOverrides=",|;">or #{id}, #{status};</trim>
                </insert>""");
        assertThat(sqls(s)).containsExactly("INSERT INTO jobs ( id, status ) VALUES ( ?, ? )");
    }

    @Test
    void foreachIsOneIteration() {
        MapperStatement s = one("""
                <delete id="d">
                  DELETE FROM jobs WHERE id IN
                  <foreach collection="ids" item="id" open="(" separator="," close=")">
                    #{id}
                  </foreach>
                </delete>""");
        assertThat(s.kind()).isEqualTo("delete");
        assertThat(sqls(s)).containsExactly("DELETE FROM jobs WHERE id IN ( ? )");
    }

    @Test
    void foreachOfRows() {
        MapperStatement s = one("""
                <insert id="batch">
                  INSERT INTO jobs (id, status) VALUES
                  <foreach collection="list" item="j" separator=",">(#{j.id}, #{j.status})</foreach>
                </insert>""");
        assertThat(sqls(s)).containsExactly("INSERT INTO jobs (id, status) VALUES (?, ?)");
    }

    @Test
    void chooseWithoutRelevantContentTakesTheFirstWhen() {
        MapperStatement s = one("""
                <select id="q">
                  SELECT * FROM t WHERE
                  <choose>
                    <when test="a">name = #{a}</when>
                    <when test="b">email = #{b}</when>
                    <otherwise>1 = 0</otherwise>
                  </choose>
                </select>""");
        assertThat(sqls(s)).containsExactly("SELECT * FROM t WHERE name = ?");
    }

    @Test
    void chooseWithRelevantContentYieldsExactlyOneBranchEach() {
        MapperStatement s = one("""
                <update id="u">
                  UPDATE t SET
                  <choose>
                    <when test="done">status = 'DONE'</when>
                    <when test="failed">status = 'FAILED', retries = retries + 1</when>
                    <otherwise>touched = 1</otherwise>
                  </choose>
                  WHERE id = #{id}
                </update>""");
        assertThat(sqls(s)).containsExactly(
                "UPDATE t SET status = 'DONE' WHERE id = ?",
                "UPDATE t SET status = 'FAILED', retries = retries + 1 WHERE id = ?",
                "UPDATE t SET touched = 1 WHERE id = ?");
        assertThat(s.shapes()).extracting(SqlShape::choices).containsExactly(
                List.of("choose=when[done]"), List.of("choose=when[failed]"), List.of("choose=otherwise"));
    }

    @Test
    void chooseWithoutOtherwiseMayTakeNoBranch() {
        MapperStatement s = one("""
                <select id="q">SELECT * FROM t WHERE id = 1 <choose><when test="a">AND state = 1</when></choose></select>""");
        assertThat(sqls(s)).containsExactly("SELECT * FROM t WHERE id = 1 AND state = 1",
                "SELECT * FROM t WHERE id = 1");
        assertThat(s.shapes().get(1).choices()).containsExactly("choose=none");
    }

    @Test
    void nestedDecisionsAreListedInDocumentOrder() {
        MapperStatement s = one("""
                <update id="u">UPDATE t SET a = 1 WHERE id = 1
                  <if test="outer">AND version = #{v} <if test="inner">AND owner = #{o}</if></if>
                </update>""");
        assertThat(s.shapes()).extracting(SqlShape::choices).containsExactly(
                List.of("if[outer]=true", "if[inner]=true"),
                List.of("if[outer]=true", "if[inner]=false"),
                List.of("if[outer]=false"));
    }

    @Test
    void includeAcrossTwoFilesWithProperties() {
        List<MapperFile> files = MapperXmlReader.readAll(
                List.of(Mappers.resource("order-mapper.xml"), Mappers.resource("common-fragments.xml")),
                p -> "src/main/resources/mapper/" + p.getFileName());
        MapperFile orders = files.get(0);
        assertThat(files.get(1).namespace()).isEqualTo("com.example.common.CommonSql");
        assertThat(files.get(1).statements()).isEmpty();
        assertThat(orders.diagnostics()).isEmpty();

        assertThat(sqls(statement(orders, "listOpen"))).containsExactly(
                "SELECT o.id, o.amount, o.status FROM orders o WHERE o.amount >= ? AND o.status <> 'DONE'");
        assertThat(sqls(statement(orders, "markDone"))).containsExactly(
                "UPDATE orders SET status = 'DONE', note = ? WHERE id IN ( ? )");
        assertThat(sqls(statement(orders, "search"))).containsExactly("SELECT * FROM orders WHERE name = ?");
        assertThat(sqls(statement(orders, "byState"))).containsExactly(
                "SELECT * FROM orders o WHERE o.state = 'NEW'",
                "SELECT * FROM orders o WHERE o.state IS NOT NULL");
    }

    @Test
    void readAloneReportsTheForeignIncludeButKeepsLocalOnes() {
        MapperFile f = MapperXmlReader.read(Mappers.resource("order-mapper.xml"), "order-mapper.xml");
        assertThat(sqls(statement(f, "markDone"))).containsExactly(
                "UPDATE orders SET status = 'DONE', note = ? WHERE id IN ( ? )");
        assertThat(sqls(statement(f, "listOpen"))).containsExactly("SELECT FROM orders o WHERE o.amount >= ?");
        assertThat(f.diagnostics()).hasSize(2).allSatisfy(d -> {
            assertThat(d.kind()).isEqualTo(Diagnostic.Kind.INFO);
            assertThat(d.message()).contains("com.example.common.CommonSql.").contains("unknown <sql> fragment");
        });
        assertThat(f.diagnostics()).extracting(Diagnostic::line).containsExactly(8, 14);
    }

    @Test
    void includedFragmentMakesAnIfRelevantAndNestedIncludesInheritProperties() {
        MapperFile f = readText(dir, "m.xml", mapper("a.M", """
                <sql id="col">${p}_status</sql>
                <sql id="pred">AND <include refid="col"/> = #{s}</sql>
                <select id="q">SELECT * FROM t WHERE 1 = 1
                  <if test="s != null"><include refid="a.M.pred"><property name="p" value="job"/></include></if>
                </select>"""));
        assertThat(sqls(statement(f, "q"))).containsExactly("SELECT * FROM t WHERE 1 = 1 AND job_status = ?",
                "SELECT * FROM t WHERE 1 = 1");
        assertThat(f.diagnostics()).isEmpty();
    }

    @Test
    void includeCycleIsDroppedWithADiagnostic() {
        MapperFile f = readText(dir, "m.xml", mapper("a.M", """
                <sql id="a">x <include refid="b"/></sql>
                <sql id="b">y <include refid="a"/></sql>
                <select id="q">SELECT <include refid="a"/> FROM t</select>"""));
        assertThat(sqls(statement(f, "q"))).containsExactly("SELECT x y FROM t");
        assertThat(f.diagnostics()).singleElement().satisfies(d -> assertThat(d.message()).contains("cycle"));
    }

    @Test
    void bindSelectKeyAndCommentsAreDropped() {
        MapperStatement s = one("""
                <insert id="i">
                  <bind name="pattern" value="'%' + name + '%'"/>
                  <selectKey keyProperty="id" resultType="long" order="BEFORE">SELECT nextval('seq')</selectKey>
                  <!-- status is set by the job -->
                  INSERT INTO t (id, name) VALUES (#{id}, #{pattern})
                </insert>""");
        assertThat(sqls(s)).containsExactly("INSERT INTO t (id, name) VALUES (?, ?)");
    }

    @Test
    void cdataAndEntitiesAreDecoded() {
        MapperStatement s = one("""
                <select id="q"><![CDATA[
                  SELECT * FROM t WHERE a < #{a} AND b >= 2
                ]]> AND c &lt;&gt; 'x&amp;y' AND d = &#65;</select>""");
        assertThat(sqls(s)).containsExactly("SELECT * FROM t WHERE a < ? AND b >= 2 AND c <> 'x&y' AND d = A");
    }

    @Test
    void placeholdersBecomeQuestionMarksAndBlankLinesCollapse() {
        MapperStatement s = one("""
                <select id="q">
                  SELECT *
                  FROM ${table}


                  WHERE id = #{id,jdbcType=BIGINT}

                  \t AND name = #{ name }
                  ORDER BY ${order}
                </select>""");
        assertThat(sqls(s)).containsExactly("SELECT * FROM ? WHERE id = ? AND name = ? ORDER BY ?");
        assertThat(s.shapes().get(0).sql()).doesNotContain("\n").doesNotContain("  ");
    }

    @Test
    void moreThanSixRelevantIfsAreTruncatedAt64() {
        StringBuilder body = new StringBuilder("<update id=\"big\">UPDATE t SET a = 1");
        for (int i = 0; i < 7; i++) {
            body.append("\n  <if test=\"v").append(i).append("\">, c").append(i).append("_status = ").append(i)
                    .append("</if>");
        }
        body.append("\n  WHERE id = #{id}\n</update>");
        MapperFile f = readText(dir, "big.xml", mapper("x.Big", body.toString()));
        MapperStatement s = statement(f, "big");
        assertThat(s.truncated()).isTrue();
        assertThat(s.shapes()).hasSize(64).doesNotHaveDuplicates();
        assertThat(s.shapes().get(0).sql()).isEqualTo("UPDATE t SET a = 1 , c0_status = 0 , c1_status = 1 , "
                + "c2_status = 2 , c3_status = 3 , c4_status = 4 , c5_status = 5 , c6_status = 6 WHERE id = ?");
        assertThat(f.diagnostics()).singleElement().satisfies(d -> {
            assertThat(d.kind()).isEqualTo(Diagnostic.Kind.INFO);
            assertThat(d.path()).isEqualTo("big.xml");
            assertThat(d.line()).isEqualTo(4);
            assertThat(d.message()).isEqualTo(
                    "statement x.Big.big has more than 64 shapes; only the first 64 were analysed");
        });
    }

    @Test
    void sixRelevantIfsAreNotTruncated() {
        StringBuilder body = new StringBuilder("<update id=\"six\">UPDATE t SET a = 1");
        for (int i = 0; i < 6; i++) {
            body.append("<if test=\"v").append(i).append("\">, c").append(i).append("_state = 1</if>");
        }
        body.append("</update>");
        MapperFile f = readText(dir, "six.xml", mapper("x.Six", body.toString()));
        assertThat(statement(f, "six").shapes()).hasSize(64);
        assertThat(statement(f, "six").truncated()).isFalse();
        assertThat(f.diagnostics()).isEmpty();
    }

    @Test
    void statementsInDocumentOrderWithKinds() {
        MapperFile f = readText(dir, "m.xml", mapper("x.M", """
                <resultMap id="r" type="map"/>
                <select id="s">SELECT 1</select>
                <insert id="i">INSERT INTO t VALUES (1)</insert>
                <update id="u">UPDATE t SET a = 1</update>
                <delete id="d">DELETE FROM t</delete>
                <sql id="frag">x</sql>
                <update id="empty"/>"""));
        assertThat(f.statements()).extracting(MapperStatement::id).containsExactly("s", "i", "u", "d", "empty");
        assertThat(f.statements()).extracting(MapperStatement::kind)
                .containsExactly("select", "insert", "update", "delete", "update");
        assertThat(sqls(statement(f, "empty"))).containsExactly("");
    }

    @Test
    void includesThatMultiplyTextAreBounded() {
        StringBuilder body = new StringBuilder("<sql id=\"f0\">x_status = 1 AND some_long_column_name = 2</sql>\n");
        for (int i = 1; i <= 40; i++) {
            body.append("<sql id=\"f").append(i).append("\"><include refid=\"f").append(i - 1)
                    .append("\"/> <include refid=\"f").append(i - 1).append("\"/></sql>\n");
        }
        body.append("<select id=\"q\">SELECT 1 WHERE <if test=\"a\"><include refid=\"f40\"/></if></select>");
        // Bounded by size, not by time: 2^40 expansions would not fit, so the length bound and the
        // "levels deep" notice prove the expansion stopped (speed belongs in bench/, not in a unit test).
        MapperFile f = readText(dir, "bomb.xml", mapper("x.Bomb", body.toString()));
        MapperStatement s = statement(f, "q");
        assertThat(s.shapes()).isNotEmpty();
        assertThat(s.shapes()).allSatisfy(shape -> assertThat(shape.length()).isLessThan(3_000_000));
        assertThat(f.diagnostics()).isNotEmpty().allSatisfy(d -> assertThat(d.kind()).isEqualTo(Diagnostic.Kind.INFO));
        assertThat(f.diagnostics()).extracting(Diagnostic::message).anySatisfy(m -> assertThat(m).contains("levels deep"));
    }
}
