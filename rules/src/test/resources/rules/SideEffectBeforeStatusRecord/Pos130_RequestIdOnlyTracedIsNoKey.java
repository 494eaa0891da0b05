// Keys by data flow, not by name. NoticeSender.notify takes a parameter named requestId, but its body only puts it into a
// trace header (X-Trace-Id) that nobody dedupes on; ShipmentPusher.push gets a parameter named requestId and sends it
// nowhere; the job's own local named requestId is only a URI variable of the post. None reaches a key carrier, a key
// header or a business number of the request, so each post repeats on a re-run: one finding per post.
package com.example.pos130;

import java.util.List;
import org.apache.ibatis.annotations.Mapper;
import org.apache.ibatis.annotations.Param;
import org.apache.ibatis.annotations.Select;
import org.apache.ibatis.annotations.Update;
import org.springframework.http.HttpEntity;
import org.springframework.http.HttpHeaders;
import org.springframework.scheduling.annotation.Scheduled;
import org.springframework.stereotype.Component;
import org.springframework.web.client.RestTemplate;

@Component
public class DeliveryNoticeJob {

    private final DeliveryMapper deliveries;
    private final NoticeSender notices;
    private final ShipmentPusher pusher;
    private final RestTemplate rest;

    public DeliveryNoticeJob(DeliveryMapper deliveries, NoticeSender notices, ShipmentPusher pusher, RestTemplate rest) {
        this.deliveries = deliveries;
        this.notices = notices;
        this.pusher = pusher;
        this.rest = rest;
    }

    @Scheduled(fixedDelay = 60000)
    public void run() {
        for (Delivery d : deliveries.selectPending()) {
            notices.notify(d, "notice-" + d.getId()); // expect: IDEM001
            deliveries.markNotified(d.getId());
        }
        for (Delivery d : deliveries.selectUnpushed()) {
            pusher.push(d, d.getOrderNo()); // expect: IDEM001
            deliveries.markPushed(d.getId());
        }
        for (Delivery d : deliveries.selectUnbilled()) {
            String requestId = "bill-" + d.getId();
            rest.postForObject("https://billing.example.com/bills?rid={rid}", d, Void.class, requestId); // expect: IDEM001
            deliveries.markBilled(d.getId());
        }
    }
}

@Component
class NoticeSender {

    private final RestTemplate rest;

    NoticeSender(RestTemplate rest) {
        this.rest = rest;
    }

    void notify(Delivery d, String requestId) {
        HttpHeaders headers = new HttpHeaders();
        headers.set("X-Trace-Id", requestId);
        rest.postForObject("https://notice.example.com/notices", new HttpEntity<>(d, headers), Void.class);
    }
}

@Component
class ShipmentPusher {

    private final RestTemplate rest;

    ShipmentPusher(RestTemplate rest) {
        this.rest = rest;
    }

    void push(Delivery d, String requestId) {
        rest.postForObject("https://carrier.example.com/shipments", d, Void.class);
    }
}

@Mapper
interface DeliveryMapper {
    @Select("SELECT * FROM delivery WHERE status = 'PENDING'")
    List<Delivery> selectPending();

    @Select("SELECT * FROM delivery WHERE status = 'NOTIFIED'")
    List<Delivery> selectUnpushed();

    @Select("SELECT * FROM delivery WHERE status = 'PUSHED'")
    List<Delivery> selectUnbilled();

    @Update("UPDATE delivery SET status = 'NOTIFIED' WHERE id = #{id}")
    int markNotified(@Param("id") long id);

    @Update("UPDATE delivery SET status = 'PUSHED' WHERE id = #{id}")
    int markPushed(@Param("id") long id);

    @Update("UPDATE delivery SET status = 'BILLED' WHERE id = #{id}")
    int markBilled(@Param("id") long id);
}

class Delivery {
    private long id;
    private String orderNo;

    public long getId() { return id; }
    public String getOrderNo() { return orderNo; }
}
