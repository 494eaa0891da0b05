// Twin of Pos116: the same typed chains used to read: a JAX-RS GET (.request().get(), .get()), and Twilio's Message.reader(..).read() and Message.fetcher(..).fetch(), before the notice is marked: no effect, no finding.
package com.example.neg110;

import com.twilio.rest.api.v2010.account.Message;
import com.twilio.type.PhoneNumber;
import java.util.List;
import javax.ws.rs.client.Client;
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
            client.target("https://partner.example").path("notices").request(MediaType.APPLICATION_JSON).get();
            client.target("https://partner.example").path("notices").request().get(String.class);
            notices.markSent(n.getId());
        }
    }

    @Scheduled(fixedDelay = 60_000)
    public void text() {
        for (Notice n : notices.selectPending()) {
            Message.reader().setTo(new PhoneNumber(n.getPhone())).read();
            Message.fetcher(n.getText()).fetch();
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
