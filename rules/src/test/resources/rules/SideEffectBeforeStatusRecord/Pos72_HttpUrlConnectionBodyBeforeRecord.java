// HttpURLConnection: writing a request body (getOutputStream) sends a mutating request; it runs before the row is marked sent: finding on the body write.
package com.example.pos72;

import java.io.IOException;
import java.io.OutputStream;
import java.net.HttpURLConnection;
import java.net.URL;
import java.nio.charset.StandardCharsets;
import java.util.List;
import org.apache.ibatis.annotations.Mapper;
import org.apache.ibatis.annotations.Param;
import org.apache.ibatis.annotations.Select;
import org.apache.ibatis.annotations.Update;
import org.springframework.scheduling.annotation.Scheduled;

public class LegacyPushJob {

    private final PushMapper mapper;

    public LegacyPushJob(PushMapper mapper) {
        this.mapper = mapper;
    }

    @Scheduled(fixedDelay = 30_000)
    public void run() throws IOException {
        for (Push p : mapper.selectPending()) {
            HttpURLConnection connection = (HttpURLConnection) new URL("https://legacy.example.com/push").openConnection();
            connection.setRequestMethod("POST");
            connection.setDoOutput(true);
            try (OutputStream out = connection.getOutputStream()) { // expect: IDEM001
                out.write(p.getBody().getBytes(StandardCharsets.UTF_8));
            }
            connection.getResponseCode();
            mapper.markSent(p.getId());
        }
    }
}

@Mapper
interface PushMapper {
    @Select("SELECT id, body FROM push WHERE status = 'PENDING'")
    List<Push> selectPending();

    @Update("UPDATE push SET status = 'SENT' WHERE id = #{id}")
    int markSent(@Param("id") long id);
}

class Push {
    private Long id;
    private String body;

    public Long getId() { return id; }
    public String getBody() { return body; }
}
