// A @KafkaListener and a listener registered in code each send a Twilio SMS built by the static factory Message.creator(to, from, body).create(), the item reaching the message only through the factory's arguments, then record the item: a crash between them and the redelivered message sends the SMS again: findings on both creates.
package com.example.pos142;

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

    private TaskMapper taskMapper;

    @KafkaListener(topics = "shipped")
    public void onShipped(Task t) {
        Message.creator(new PhoneNumber(t.getPhone()), new PhoneNumber("+15550000"), "shipped").create(); // expect: IDEM001 "sends a message"
        taskMapper.updateStatus(t.getId(), "SENT");
    }

    public void configure(ContainerProperties props) {
        props.setMessageListener((MessageListener<String, Long>) rec -> handle(rec));
    }

    void handle(ConsumerRecord<String, Long> rec) {
        Task t = taskMapper.selectById(rec.value());
        Message.creator(new PhoneNumber(t.getPhone()), new PhoneNumber("+15550000"), "Your order shipped").create(); // expect: IDEM001
        taskMapper.updateStatus(t.getId(), "SENT");
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
