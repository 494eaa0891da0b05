// A JAX-RS client chain (client.target(url).path(..).request(..).post(..)) and a Twilio builder (Message.creator(..).create()) reach their effect through calls whose results the catalog types (Client#target is a WebTarget, WebTarget#request an Invocation.Builder, Message#creator a MessageCreator): the POST and the SMS run before the notice is marked SENT: findings on both.
package com.example.pos116;

import com.twilio.rest.api.v2010.account.Message;
import com.twilio.type.PhoneNumber;
import java.util.List;
import javax.ws.rs.client.Client;
import javax.ws.rs.client.Entity;
import javax.ws.rs.core.MediaType;
import org.apache.ibatis.annotations.Mapper;
import org.apache.ibatis.annotations.Param;
import org.apache.ibatis.annotations.Select;
import org.apache.ibatis.annotations.Update;
import org.springframework.scheduling.annotation.Scheduled;

public class NoticeJob {

    private final NoticeMapper notices;
    private final Client client;

    public NoticeJob(NoticeMapper notices, Client client) {
        this.notices = notices;
        this.client = client;
    }

    @Scheduled(fixedDelay = 60_000)
    public void push() {
        for (Notice n : notices.selectPending()) {
            client.target("https://partner.example").path("notices").request(MediaType.APPLICATION_JSON).post(Entity.json(n)); // expect: IDEM001 "sends the request again"
            notices.markSent(n.getId());
        }
    }

    @Scheduled(fixedDelay = 60_000)
    public void text() {
        for (Notice n : notices.selectPending()) {
            Message.creator(new PhoneNumber(n.getPhone()), new PhoneNumber("+15550100"), n.getText()).create(); // expect: IDEM001
            notices.markSent(n.getId());
        }
    }
}

@Mapper
interface NoticeMapper {
    @Select("SELECT id, phone, text FROM notice WHERE status = 'PENDING'")
    List<Notice> selectPending();

    @Update("UPDATE notice SET status = 'SENT' WHERE id = #{id}")
    int markSent(@Param("id") long id);
}

class Notice {
    private long id;
    private String phone;
    private String text;

    public long getId() { return id; }
    public String getPhone() { return phone; }
    public String getText() { return text; }
}
