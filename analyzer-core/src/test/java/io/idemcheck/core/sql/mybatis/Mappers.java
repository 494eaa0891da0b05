package io.idemcheck.core.sql.mybatis;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URISyntaxException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

/** Test helpers: mapper files on disk and lookups in results. */
final class Mappers {

    private Mappers() {
    }

    static final String DOCTYPE = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
            + "<!DOCTYPE mapper PUBLIC \"-//mybatis.org//DTD Mapper 3.0//EN\" "
            + "\"https://mybatis.org/dtd/mybatis-3-mapper.dtd\">\n";

    static Path write(Path dir, String name, String content) {
        try {
            Path p = dir.resolve(name);
            Files.writeString(p, content, StandardCharsets.UTF_8);
            return p;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** A mapper with namespace {@code ns} around {@code body}, preceded by the usual DOCTYPE. */
    static String mapper(String ns, String body) {
        return DOCTYPE + "<mapper namespace=\"" + ns + "\">\n" + body + "\n</mapper>\n";
    }

    static MapperFile readText(Path dir, String name, String content) {
        return MapperXmlReader.read(write(dir, name, content), name);
    }

    static Path resource(String name) {
        try {
            return Path.of(Mappers.class.getResource("/mybatis/" + name).toURI());
        } catch (URISyntaxException e) {
            throw new IllegalStateException(e);
        }
    }

    static MapperStatement statement(MapperFile f, String id) {
        return f.statements().stream().filter(s -> s.id().equals(id)).findFirst()
                .orElseThrow(() -> new AssertionError("no statement " + id + " in " + f));
    }

    static List<String> sqls(MapperStatement s) {
        return s.shapes().stream().map(SqlShape::sql).toList();
    }

    /** 1-based (line, column) of the {@code nth} (0-based) occurrence of {@code needle} in {@code text}. */
    static int[] lineColumn(String text, String needle, int nth) {
        int idx = -1;
        for (int i = 0; i <= nth; i++) {
            idx = text.indexOf(needle, idx + 1);
            if (idx < 0) {
                throw new AssertionError("occurrence " + nth + " of " + needle + " not found");
            }
        }
        int line = 1;
        int lineStart = 0;
        for (int i = 0; i < idx; i++) {
            if (text.charAt(i) == '\n') {
                line++;
                lineStart = i + 1;
            }
        }
        return new int[] {line, idx - lineStart + 1};
    }
}
