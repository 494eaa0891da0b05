// The catch block reads the retry count: below the ceiling the row goes back to PENDING, at the ceiling it goes to DEAD.
package com.example.e006.neg03;

import org.apache.ibatis.annotations.Param;
import org.apache.ibatis.annotations.Update;

public class MailRetry {
    private static final int MAX_RETRIES = 5;
    private final MailMapper mapper;
    private final MailClient client;

    public MailRetry(MailMapper mapper, MailClient client) {
        this.mapper = mapper;
        this.client = client;
    }

    public void send(Mail m) {
        try {
            client.sendMail(m.getTo(), m.getBody());
            mapper.updateStatus(m.getId(), "SENT");
        } catch (Exception e) {
            if (m.getRetryCount() + 1 >= MAX_RETRIES) {
                mapper.updateStatus(m.getId(), "DEAD");
            } else {
                mapper.updateStatus(m.getId(), "PENDING");
            }
        }
    }
}

interface MailMapper {
    @Update("UPDATE mail_outbox SET status = #{status}, retry_count = retry_count + 1 WHERE id = #{id}")
    int updateStatus(@Param("id") long id, @Param("status") String status);
}

interface MailClient {
    void sendMail(String to, String body);
}

class Mail {
    private long id;
    private String to;
    private String body;
    private int retryCount;

    public long getId() { return id; }
    public String getTo() { return to; }
    public String getBody() { return body; }
    public int getRetryCount() { return retryCount; }
}
