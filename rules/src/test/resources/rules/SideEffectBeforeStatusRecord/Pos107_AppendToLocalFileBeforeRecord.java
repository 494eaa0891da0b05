// Each exported row is appended to a local file opened for append (new FileWriter(path, true), wrapped in a
// PrintWriter) before the row is marked EXPORTED; a crash between them and the next run appends the row again.
// Finding on the write.
package com.example.pos107;

import java.io.FileWriter;
import java.io.IOException;
import java.io.PrintWriter;
import java.util.List;
import org.springframework.scheduling.annotation.Scheduled;

public class LedgerExportJob {
    private final LedgerMapper mapper;

    public LedgerExportJob(LedgerMapper mapper) {
        this.mapper = mapper;
    }

    @Scheduled(cron = "0 0 1 * * *")
    public void export() throws IOException {
        for (LedgerLine line : mapper.selectByStatus("NEW")) {
            try (PrintWriter out = new PrintWriter(new FileWriter("/data/ledger.csv", true))) {
                out.println(line.id() + "," + line.amount()); // expect: IDEM001
            }
            mapper.updateStatus(line.id(), "EXPORTED");
        }
    }
}

record LedgerLine(long id, long amount) {
}

interface LedgerMapper {
    List<LedgerLine> selectByStatus(String status);

    int updateStatus(long id, String status);
}
