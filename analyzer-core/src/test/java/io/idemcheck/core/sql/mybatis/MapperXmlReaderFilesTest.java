package io.idemcheck.core.sql.mybatis;

import static io.idemcheck.core.sql.mybatis.Mappers.readText;
import static io.idemcheck.core.sql.mybatis.Mappers.sqls;
import static io.idemcheck.core.sql.mybatis.Mappers.statement;
import static org.assertj.core.api.Assertions.assertThat;

import io.idemcheck.core.finding.Diagnostic;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class MapperXmlReaderFilesTest {

    @TempDir
    Path dir;

    @Test
    void malformedMapperGivesAParseErrorWithALineAndNoException() {
        String xml = Mappers.DOCTYPE
                + "<mapper namespace=\"x.M\">\n"
                + "  <select id=\"a\">SELECT 1</select>\n"
                + "  <update id=\"b\">UPDATE t SET status = 1\n"
                + "  </updat>\n"
                + "</mapper>\n";
        MapperFile f = readText(dir, "bad.xml", xml);
        assertThat(f.isMapper()).isTrue();
        assertThat(f.statements()).isEmpty();
        assertThat(f.diagnostics()).singleElement().satisfies(d -> {
            assertThat(d.kind()).isEqualTo(Diagnostic.Kind.PARSE_ERROR);
            assertThat(d.path()).isEqualTo("bad.xml");
            assertThat(d.line()).isEqualTo(6);
            assertThat(d.column()).isPositive();
            assertThat(d.message()).startsWith("malformed mapper XML: ").contains("update");
        });
    }

    @Test
    void malformedBeforeTheRootStillCountsAsAMapperWhenItLooksLikeOne() {
        MapperFile f = readText(dir, "bad2.xml", "<?xml version=\"1.0\"?>\n<!DOCTYPE mapper PUBLIC "
                + "\"-//mybatis.org//DTD Mapper 3.0//EN\" \"x.dtd\"\n<mapper namespace=\"a\"></mapper>");
        assertThat(f.isMapper()).isTrue();
        assertThat(f.diagnostics()).singleElement().satisfies(d -> {
            assertThat(d.kind()).isEqualTo(Diagnostic.Kind.PARSE_ERROR);
            assertThat(d.line()).isBetween(2, 3);
        });
    }

    @Test
    void truncatedMapperFileIsAParseError() {
        MapperFile f = readText(dir, "cut.xml", "<mapper namespace=\"a\">\n<select id=\"q\">SELECT");
        assertThat(f.isMapper()).isTrue();
        assertThat(f.diagnostics()).extracting(Diagnostic::kind).containsExactly(Diagnostic.Kind.PARSE_ERROR);
        assertThat(f.diagnostics().get(0).line()).isEqualTo(2);
    }

    @Test
    void springBeansAndPomAreNotMappers() {
        List<MapperFile> files = MapperXmlReader.readAll(List.of(Mappers.resource("spring-beans.xml"),
                Mappers.resource("not-a-mapper-pom.xml"), Mappers.resource("remote-doctype-mapper.xml")),
                p -> p.getFileName().toString());
        assertThat(files).extracting(MapperFile::isMapper).containsExactly(false, false, true);
        assertThat(files.get(0).namespace()).isNull();
        assertThat(files.get(0).relPath()).isEqualTo("spring-beans.xml");
        assertThat(files.get(0).statements()).isEmpty();
        assertThat(files.get(0).diagnostics()).isEmpty();
        assertThat(files.get(1).diagnostics()).isEmpty();
        assertThat(files.get(2).statements()).hasSize(1);
    }

    @Test
    void malformedNonMapperIsNotAMapperAndOnlyInformative() {
        // the root start tag decides; the rest of a non-mapper is not read, so its errors are not reported
        MapperFile f = readText(dir, "logback.xml", "<configuration>\n<appender name=\"x\">\n</configuration>");
        assertThat(f.isMapper()).isFalse();
        assertThat(f.diagnostics()).isEmpty();

        MapperFile g = readText(dir, "junk.xml", "<?xml version=\"1.0\"?>\n<<configuration/>");
        assertThat(g.isMapper()).isFalse();
        assertThat(g.diagnostics()).singleElement().satisfies(d -> {
            assertThat(d.line()).isEqualTo(2);
            assertThat(d.kind()).isEqualTo(Diagnostic.Kind.INFO);
            assertThat(d.kind().blocksAnalysis()).isFalse();
        });
    }

    @Test
    void emptyAndNonXmlFilesDoNotThrow() {
        assertThat(readText(dir, "empty.xml", "").isMapper()).isFalse();
        assertThat(readText(dir, "text.xml", "just text, not xml").isMapper()).isFalse();
        MapperFile mapperWithoutNamespace = readText(dir, "nons.xml", "<mapper><select id=\"q\">SELECT 1</select></mapper>");
        assertThat(mapperWithoutNamespace.isMapper()).isTrue();
        assertThat(mapperWithoutNamespace.namespace()).isEmpty();
        assertThat(mapperWithoutNamespace.statements().get(0).fullId()).isEqualTo(".q");
    }

    @Test
    void missingFileIsAnIoError() {
        MapperFile f = MapperXmlReader.read(dir.resolve("absent.xml"), "absent.xml");
        assertThat(f.statements()).isEmpty();
        assertThat(f.diagnostics()).singleElement().satisfies(d -> {
            assertThat(d.kind()).isEqualTo(Diagnostic.Kind.IO_ERROR);
            assertThat(d.path()).isEqualTo("absent.xml");
        });
    }

    @Test
    void declaredEncodingAndBomAreHonoured() throws Exception {
        String body = "<mapper namespace=\"m\"><select id=\"q\">SELECT 'café' FROM t WHERE état = 1</select></mapper>";
        Path latin = dir.resolve("latin.xml");
        Files.write(latin, ("<?xml version=\"1.0\" encoding=\"ISO-8859-1\"?>\n" + body)
                .getBytes(StandardCharsets.ISO_8859_1));
        MapperFile f = MapperXmlReader.read(latin, "latin.xml");
        assertThat(f.diagnostics()).isEmpty();
        assertThat(sqls(statement(f, "q"))).containsExactly("SELECT 'café' FROM t WHERE état = 1");

        Path bom = dir.resolve("bom.xml");
        byte[] utf8 = body.getBytes(StandardCharsets.UTF_8);
        byte[] withBom = new byte[utf8.length + 3];
        withBom[0] = (byte) 0xEF;
        withBom[1] = (byte) 0xBB;
        withBom[2] = (byte) 0xBF;
        System.arraycopy(utf8, 0, withBom, 3, utf8.length);
        Files.write(bom, withBom);
        MapperFile g = MapperXmlReader.read(bom, "bom.xml");
        assertThat(g.diagnostics()).isEmpty();
        SqlShape shape = statement(g, "q").shapes().get(0);
        assertThat(shape.sql()).isEqualTo("SELECT 'café' FROM t WHERE état = 1");
        assertThat(shape.positionOf(0).column()).isEqualTo(body.indexOf("SELECT") + 1);
    }

    @Test
    void invalidUtf8FallsBackWithADiagnostic() throws Exception {
        Path p = dir.resolve("bad-utf8.xml");
        byte[] head = "<mapper namespace=\"m\"><select id=\"q\">SELECT '".getBytes(StandardCharsets.US_ASCII);
        byte[] tail = "' FROM t</select></mapper>".getBytes(StandardCharsets.US_ASCII);
        byte[] all = new byte[head.length + 1 + tail.length];
        System.arraycopy(head, 0, all, 0, head.length);
        all[head.length] = (byte) 0xE9;
        System.arraycopy(tail, 0, all, head.length + 1, tail.length);
        Files.write(p, all);
        MapperFile f = MapperXmlReader.read(p, "bad-utf8.xml");
        assertThat(f.diagnostics()).extracting(Diagnostic::kind).containsExactly(Diagnostic.Kind.CHARSET_FALLBACK);
        assertThat(sqls(statement(f, "q"))).containsExactly("SELECT 'é' FROM t");
    }

    @Test
    void namespacedRootElementNamedMapperIsRead() {
        MapperFile f = readText(dir, "plain.xml",
                "<!-- header -->\n<?pi data?>\n<mapper namespace=' a.B '><delete id='d'>DELETE FROM t</delete></mapper>\n");
        assertThat(f.namespace()).isEqualTo("a.B");
        assertThat(statement(f, "d").fullId()).isEqualTo("a.B.d");
    }
}
