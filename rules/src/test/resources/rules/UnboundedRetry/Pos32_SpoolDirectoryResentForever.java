// A file spool re-sent without a ceiling: a scheduled sweep lists the files of a retry directory, posts each one and
// deletes it only when the post succeeded. A file the receiver always rejects stays in the directory and is posted
// again on every run, forever; nothing counts its attempts or ages it out.
package com.example.e006.pos32;

import java.io.File;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import org.springframework.kafka.core.KafkaTemplate;
import org.springframework.scheduling.annotation.Scheduled;
import org.springframework.web.client.RestTemplate;

public class SpoolResender {
    private final File spoolDir = new File("/var/spool/settlements");
    private final Path outbox = Path.of("/var/spool/events");
    private RestTemplate restTemplate;
    private KafkaTemplate<String, byte[]> kafkaTemplate;

    @Scheduled(fixedDelay = 60000)
    public void resendSpool() {
        File[] files = spoolDir.listFiles();
        if (files == null) {
            return;
        }
        for (File f : files) {
            try {
                byte[] body = Files.readAllBytes(f.toPath());
                restTemplate.postForEntity("https://bank.example/settlements", body, String.class); // expect: IDEM006 "only when the send succeeded"
                Files.delete(f.toPath());
            } catch (Exception e) {
                System.err.println("will retry " + f + ": " + e);
            }
        }
    }

    @Scheduled(fixedDelay = 60000)
    public void drainOutbox() throws Exception {
        try (DirectoryStream<Path> entries = Files.newDirectoryStream(outbox)) {
            for (Path p : entries) {
                try {
                    kafkaTemplate.send("events", Files.readAllBytes(p)).get(); // expect: IDEM006
                    Files.deleteIfExists(p);
                } catch (Exception e) {
                    System.err.println("send failed, keeping " + p);
                }
            }
        }
    }
}
