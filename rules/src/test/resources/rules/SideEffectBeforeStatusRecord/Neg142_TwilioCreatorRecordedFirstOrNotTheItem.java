// Twin of Pos142: the listeners record the item before the Twilio SMS (a crash after the record loses the SMS, it does not repeat it), or send a fixed alert to the operations number that takes nothing from the item and record a heartbeat of this node: no finding.
package com.example.neg142;

import com.twilio.rest.api.v2010.account.Message;
import com.twilio.type.PhoneNumber;
import org.apache.ibatis.annotations.Mapper;
import org.apache.ibatis.annotations.Param;
import org.apache.ibatis.annotations.Select;
import org.apache.ibatis.annotations.Update;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.springframework.kafka.annotation.KafkaListener;
import org.springframework.kafka.listener.ContainerProperties;
import org.springframework.kafka.listener.MessageListener;

public class ShippingNotices {

    private static final String OPS_PHONE = "+15551234";
    private static final long NODE_ID = 7L;
    private TaskMapper taskMapper;

    @KafkaListener(topics = "shipped")
    public void onShipped(Task t) {
        taskMapper.updateStatus(t.getId(), "SENT");
        Message.creator(new PhoneNumber(t.getPhone()), new PhoneNumber("+15550000"), "shipped").create();
    }

    public void configure(ContainerProperties props) {
        props.setMessageListener((MessageListener<String, Long>) rec -> handle(rec));
    }

    void handle(ConsumerRecord<String, Long> rec) {
        Message.creator(new PhoneNumber(OPS_PHONE), new PhoneNumber("+15550000"), "a shipment arrived").create();
        taskMapper.updateStatus(NODE_ID, "ALIVE");
    }
}

@Mapper
interface TaskMapper {
    @Select("SELECT id, phone FROM notice_task WHERE id = #{id}")
    Task selectById(@Param("id") long id);

    @Update("UPDATE notice_task SET status = #{s} WHERE id = #{id}")
    int updateStatus(@Param("id") long id, @Param("s") String s);
}

class Task {
    private long id;
    private String phone;

    public long getId() { return id; }
    public String getPhone() { return phone; }
}
