// The twin of Pos107 whose file is replaced, not appended to (new FileWriter(path) and new FileOutputStream(f, false)):
// a repeat writes the same bytes again, which is harmless, so nothing before the record is an effect.
package com.example.neg104;

import java.io.FileOutputStream;
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
            try (PrintWriter out = new PrintWriter(new FileWriter("/data/ledger-" + line.id() + ".csv"))) {
                out.println(line.id() + "," + line.amount());
            }
            try (FileOutputStream raw = new FileOutputStream("/data/ledger-" + line.id() + ".bin", false)) {
                raw.write(new byte[] {1, 2});
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
