// Spool sweeps with a way out: a file older than a day is moved to a failed directory before it is sent again; a
// failed send moves the file aside at once; a file removed in a finally block is not retried at all; and a loop over
// a directory that only reads files is no re-send.
package com.example.e006.neg32;

import java.io.File;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import org.springframework.scheduling.annotation.Scheduled;
import org.springframework.web.client.RestTemplate;

public class SpoolResender {
    private static final long MAX_AGE_MS = 24 * 3600 * 1000L;
    private final File spoolDir = new File("/var/spool/settlements");
    private final Path failedDir = Path.of("/var/spool/failed");
    private RestTemplate restTemplate;

    @Scheduled(fixedDelay = 60000)
    public void resendYoungFiles() throws Exception {
        File[] files = spoolDir.listFiles();
        for (File f : files) {
            if (System.currentTimeMillis() - f.lastModified() > MAX_AGE_MS) {
                Files.move(f.toPath(), failedDir.resolve(f.getName()), StandardCopyOption.REPLACE_EXISTING);
                continue;
            }
            try {
                restTemplate.postForEntity("https://bank.example/settlements", Files.readAllBytes(f.toPath()), String.class);
                Files.delete(f.toPath());
            } catch (Exception e) {
                System.err.println("will retry " + f);
            }
        }
    }

    @Scheduled(fixedDelay = 60000)
    public void resendOrPark() {
        for (File f : spoolDir.listFiles()) {
            try {
                restTemplate.postForEntity("https://bank.example/settlements", Files.readAllBytes(f.toPath()), String.class);
                Files.delete(f.toPath());
            } catch (Exception e) {
                parkFailed(f);
            }
        }
    }

    @Scheduled(fixedDelay = 60000)
    public void sendOnce() {
        for (File f : spoolDir.listFiles()) {
            try {
                restTemplate.postForEntity("https://bank.example/settlements", Files.readAllBytes(f.toPath()), String.class);
            } catch (Exception e) {
                System.err.println("dropped " + f);
            } finally {
                f.delete();
            }
        }
    }

    private void parkFailed(File f) {
        f.renameTo(new File("/var/spool/failed", f.getName()));
    }
}
