// The put-back has no counter of its own, but the job only selects rows whose retry_count is below a ceiling and the put-back increments it.
package com.example.e006.neg08;

import java.util.List;
import org.apache.ibatis.annotations.Param;
import org.apache.ibatis.annotations.Select;
import org.apache.ibatis.annotations.Update;

public class PushJob {
    private final PushMapper mapper;
    private final PushClient client;

    public PushJob(PushMapper mapper, PushClient client) {
        this.mapper = mapper;
        this.client = client;
    }

    public void run() {
        for (PushRow r : mapper.selectPending()) {
            try {
                client.pushMessage(r.token(), r.text());
                mapper.markSent(r.id());
            } catch (Exception e) {
                mapper.putBack(r.id());
            }
        }
    }
}

interface PushMapper {
    @Select("SELECT id, token, text FROM push_outbox WHERE status = 'PENDING' AND retry_count < 5")
    List<PushRow> selectPending();

    @Update("UPDATE push_outbox SET status = 'SENT' WHERE id = #{id}")
    int markSent(@Param("id") long id);

    @Update("UPDATE push_outbox SET status = 'PENDING', retry_count = retry_count + 1 WHERE id = #{id}")
    int putBack(@Param("id") long id);
}

interface PushClient {
    void pushMessage(String token, String text);
}

record PushRow(long id, String token, String text) {
}
