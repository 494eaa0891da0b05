// A @KafkaListener and a code-registered listener send a Twilio SMS built by Message.creator(..).create() from the item, then record it on the next line; the tests only check the happy path: IDEM007 on both, naming the record that follows.
package demo;

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
    public void onShipped(Task t) { // expect: IDEM007 "runs create() before updateStatus()"
        Message.creator(new PhoneNumber(t.getPhone()), new PhoneNumber("+15550000"), "shipped").create();
        taskMapper.updateStatus(t.getId(), "SENT");
    }

    public void configure(ContainerProperties props) {
        props.setMessageListener((MessageListener<String, Long>) rec -> handle(rec));
    }

    void handle(ConsumerRecord<String, Long> rec) { // expect: IDEM007 "runs create() before updateStatus()"
        Task t = taskMapper.selectById(rec.value());
        Message.creator(new PhoneNumber(t.getPhone()), new PhoneNumber("+15550000"), "Your order shipped").create();
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
