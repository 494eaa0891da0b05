// Two more spellings of an append to a local file before the record: a FileOutputStream opened with append = true, and
// Files.newBufferedWriter(.., StandardOpenOption.APPEND). Findings on the write and on the opening of the writer.
package com.example.pos108;

import java.io.BufferedWriter;
import java.io.FileOutputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.List;
import org.springframework.scheduling.annotation.Scheduled;

public class AuditSpoolJob {
    private final SpoolMapper mapper;

    public AuditSpoolJob(SpoolMapper mapper) {
        this.mapper = mapper;
    }

    @Scheduled(fixedDelay = 30_000)
    public void spool() throws IOException {
        for (SpoolEntry e : mapper.selectByStatus("NEW")) {
            try (FileOutputStream out = new FileOutputStream("/spool/" + e.channel() + ".bin", true)) {
                out.write(e.body()); // expect: IDEM001
            }
            mapper.updateStatus(e.id(), "SPOOLED");
        }
        for (SpoolEntry e : mapper.selectByStatus("RETRY")) {
            try (BufferedWriter w = Files.newBufferedWriter(Path.of("/spool/retry.log"), StandardCharsets.UTF_8, // expect: IDEM001
                    StandardOpenOption.CREATE, StandardOpenOption.APPEND)) {
                w.write(e.channel());
            }
            mapper.updateStatus(e.id(), "SPOOLED");
        }
    }
}

record SpoolEntry(long id, String channel, byte[] body) {
}

interface SpoolMapper {
    List<SpoolEntry> selectByStatus(String status);

    int updateStatus(long id, String status);
}
