package io.idemcheck.core.discovery;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** One walk finds the scan's inputs (kinds, test code, skipped folders) and, apart, the YAML files below the roots. */
class SourceDiscoveryTest {

    @TempDir
    Path tmp;

    private Path write(String rel) throws Exception {
        Path p = tmp.resolve(rel);
        Files.createDirectories(p.getParent());
        Files.writeString(p, "x");
        return p;
    }

    @Test
    void findsInputsByKindSortedAndSkipsBuildAndHiddenFolders() throws Exception {
        write("src/main/java/a/Job.java");
        write("src/test/java/a/JobTest.java");
        write("src/main/resources/mapper/TaskMapper.xml");
        write("src/main/resources/schema.sql");
        write("src/main/resources/queries.sql.stg");
        write("src/main/resources/application.yml");
        write("src/main/kotlin/a/K.kt");
        write("src/main/resources/notes.txt");
        write("target/classes/Generated.java");
        write(".idea/Hidden.java");

        List<SourceFile> files = SourceDiscovery.discover(List.of(tmp), tmp);

        assertThat(files).extracting(SourceFile::relPath).containsExactly(
                "src/main/java/a/Job.java", "src/main/kotlin/a/K.kt", "src/main/resources/application.yml",
                "src/main/resources/mapper/TaskMapper.xml", "src/main/resources/queries.sql.stg",
                "src/main/resources/schema.sql", "src/test/java/a/JobTest.java");
        assertThat(files).extracting(SourceFile::kind).containsExactly(SourceFile.Kind.JAVA, SourceFile.Kind.KOTLIN,
                SourceFile.Kind.CONFIG, SourceFile.Kind.XML, SourceFile.Kind.SQL_TEMPLATE, SourceFile.Kind.SQL,
                SourceFile.Kind.JAVA);
        assertThat(files).extracting(SourceFile::test).containsExactly(false, false, false, false, false, false,
                true);
    }

    @Test
    void theSameWalkListsEveryYamlFileTheSchemaReaderTakesAsChangelogCandidates() throws Exception {
        Path app = write("src/main/resources/application.yml");
        Path log = write("src/main/resources/db/changelog/db.changelog-master.yaml");
        write("build/resources/main/db.changelog-copy.yaml");
        write(".github/workflows/ci.yml");
        write("src/main/java/a/Job.java");

        SourceDiscovery.Found found = SourceDiscovery.discoverWithYaml(List.of(tmp), tmp);

        assertThat(found.yaml()).containsExactlyInAnyOrder(app, log);
        assertThat(found.yaml()).allMatch(p -> p.isAbsolute() && p.equals(p.normalize()));
        assertThat(found.files()).extracting(SourceFile::relPath)
                .containsExactly("src/main/java/a/Job.java", "src/main/resources/application.yml");
    }

    @Test
    void aRootThatIsAFileIsItsOwnInputAndYamlCandidate() throws Exception {
        Path log = write("db/changelog.yaml");
        Path job = write("src/Job.java");

        SourceDiscovery.Found found = SourceDiscovery.discoverWithYaml(List.of(log, job), tmp);

        assertThat(found.yaml()).containsExactly(log);
        assertThat(found.files()).extracting(SourceFile::relPath).containsExactly("src/Job.java");
    }

    @Test
    void aMissingRootIsAUsageError() {
        assertThatThrownBy(() -> SourceDiscovery.discoverWithYaml(List.of(tmp.resolve("nope")), tmp))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("does not exist");
    }
}
