package io.idemcheck.core.sql.mybatis;

import static org.assertj.core.api.Assertions.assertThat;

import io.idemcheck.core.finding.Diagnostic;
import java.io.StringReader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import javax.xml.stream.XMLInputFactory;
import javax.xml.stream.XMLStreamConstants;
import javax.xml.stream.XMLStreamReader;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class MapperXmlReaderSecurityTest {

    @TempDir
    Path dir;

    @Test
    void theFactoryNeverCallsTheResolverForTheRemoteMapperDtd() throws Exception {
        List<String> calls = new ArrayList<>();
        XMLInputFactory f = MapperXmlReader.secureFactory((publicId, systemId, base, ns) -> {
            calls.add(systemId);
            throw new AssertionError("resolver called for " + publicId + " " + systemId);
        });
        String text = Files.readString(Mappers.resource("remote-doctype-mapper.xml"));
        XMLStreamReader r = f.createXMLStreamReader(new StringReader(text));
        int elements = 0;
        while (r.hasNext()) {
            if (r.next() == XMLStreamConstants.START_ELEMENT) {
                elements++;
            }
        }
        assertThat(elements).isEqualTo(2);
        assertThat(calls).isEmpty();
        assertThat(f.getProperty(XMLInputFactory.SUPPORT_DTD)).isEqualTo(Boolean.FALSE);
        assertThat(f.getProperty(XMLInputFactory.IS_SUPPORTING_EXTERNAL_ENTITIES)).isEqualTo(Boolean.FALSE);
    }

    @Test
    void remoteDoctypeIsReadOfflineQuicklyAndWithoutResolving() {
        long start = System.nanoTime();
        MapperFile f = MapperXmlReader.read(Mappers.resource("remote-doctype-mapper.xml"), "m/remote.xml");
        long millis = (System.nanoTime() - start) / 1_000_000;

        assertThat(millis).isLessThan(2000);
        assertThat(f.isMapper()).isTrue();
        assertThat(f.namespace()).isEqualTo("com.example.job.OrderMapper");
        // the reader's own resolver records a diagnostic whenever it is asked for anything
        assertThat(f.diagnostics()).isEmpty();
        assertThat(Mappers.sqls(Mappers.statement(f, "findPending")))
                .containsExactly("SELECT id, status FROM orders WHERE status = 'PENDING' AND created_at < ?");
    }

    @Test
    void externalEntityIsNotExpanded() throws Exception {
        Path secret = Mappers.write(dir, "secret.txt", "TOP-SECRET-CONTENT");
        String xml = "<?xml version=\"1.0\"?>\n"
                + "<!DOCTYPE mapper [\n"
                + "  <!ENTITY xxe SYSTEM \"" + secret.toUri() + "\">\n"
                + "  <!ENTITY passwd SYSTEM \"file:///etc/passwd\">\n"
                + "  <!ENTITY % remote SYSTEM \"https://example.invalid/evil.dtd\">\n"
                + "  %remote;\n"
                + "]>\n"
                + "<mapper namespace=\"x.M\">\n"
                + "  <update id=\"leak\">UPDATE t SET note = '&xxe;' WHERE status = &passwd; 1</update>\n"
                + "</mapper>\n";
        long start = System.nanoTime();
        MapperFile f = Mappers.readText(dir, "xxe.xml", xml);
        assertThat((System.nanoTime() - start) / 1_000_000).isLessThan(2000);

        MapperStatement s = Mappers.statement(f, "leak");
        assertThat(s.shapes()).allSatisfy(shape -> {
            assertThat(shape.sql()).doesNotContain("TOP-SECRET").doesNotContain("root:");
        });
        assertThat(Mappers.sqls(s)).containsExactly("UPDATE t SET note = '' WHERE status = 1");
        // the references are dropped and each is reported with its position
        assertThat(f.diagnostics()).extracting(Diagnostic::kind).containsOnly(Diagnostic.Kind.INFO);
        assertThat(f.diagnostics()).extracting(Diagnostic::message)
                .anySatisfy(m -> assertThat(m).contains("&xxe;").contains("not expanded"))
                .anySatisfy(m -> assertThat(m).contains("&passwd;"));
        assertThat(f.diagnostics()).filteredOn(d -> d.message().contains("&xxe;"))
                .singleElement().satisfies(d -> {
                    assertThat(d.line()).isEqualTo(9);
                    assertThat(d.column()).isEqualTo(xml.split("\n")[8].indexOf("&xxe;") + 1);
                });
    }

    @Test
    void internalEntityIsDroppedToo() {
        String xml = "<?xml version=\"1.0\"?>\n<!DOCTYPE mapper [<!ENTITY cols \"a, b\">]>\n"
                + "<mapper namespace=\"x.M\"><select id=\"q\">SELECT &cols; FROM t</select></mapper>";
        MapperFile f = Mappers.readText(dir, "internal.xml", xml);
        assertThat(Mappers.sqls(Mappers.statement(f, "q"))).containsExactly("SELECT FROM t");
        assertThat(f.diagnostics()).singleElement().satisfies(d -> {
            assertThat(d.kind()).isEqualTo(Diagnostic.Kind.INFO);
            assertThat(d.line()).isEqualTo(3);
            assertThat(d.message()).contains("&cols;");
        });
    }
}
