// The publisher sets the message id from its parameter (message.setMessageId(messageId)) and the job passes the row's id there: the broker's duplicate detection drops a re-publish after a crash, so publishing before the record is safe: no finding.
package com.example.neg31;

import com.azure.messaging.servicebus.ServiceBusMessage;
import com.azure.messaging.servicebus.ServiceBusSenderClient;
import java.util.List;
import org.apache.ibatis.annotations.Mapper;
import org.apache.ibatis.annotations.Param;
import org.apache.ibatis.annotations.Select;
import org.apache.ibatis.annotations.Update;
import org.springframework.scheduling.annotation.Scheduled;

public class RejectionNotifier {

    private final RejectionPublisher publisher;
    private final RejectionMapper rejections;

    public RejectionNotifier(RejectionPublisher publisher, RejectionMapper rejections) {
        this.publisher = publisher;
        this.rejections = rejections;
    }

    @Scheduled(fixedDelay = 60_000)
    public void notifyRejections() {
        for (Rejection r : rejections.selectPending()) {
            publisher.publish(r.getReason(), String.valueOf(r.getId()));
            rejections.markNotified(r.getId());
        }
    }
}

class RejectionPublisher {
    private final ServiceBusSenderClient sender;

    RejectionPublisher(ServiceBusSenderClient sender) {
        this.sender = sender;
    }

    void publish(String body, String messageId) {
        ServiceBusMessage message = new ServiceBusMessage(body);
        message.setMessageId(messageId);
        sender.sendMessage(message);
    }
}

@Mapper
interface RejectionMapper {

    @Select("SELECT id, reason FROM rejection WHERE notified = false")
    List<Rejection> selectPending();

    @Update("UPDATE rejection SET notified = true WHERE id = #{id}")
    int markNotified(@Param("id") long id);
}

class Rejection {
    private long id;
    private String reason;

    public long getId() { return id; }
    public String getReason() { return reason; }
}
