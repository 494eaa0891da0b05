package demo;

import java.util.function.Consumer;
import java.util.function.Function;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.kafka.listener.ContainerProperties;
import org.springframework.kafka.listener.MessageListener;

@Configuration
public class OrderConsumers {
    TaskMapper taskMapper;
    PaymentClient paymentClient;

    @Bean
    public ContainerProperties chargeContainer() { // expect: IDEM007 "OrderConsumers.chargeContainer() runs charge() before updateStatus()"
        ContainerProperties props = new ContainerProperties("charges");
        props.setMessageListener((MessageListener<String, String>) rec -> {
            Task t = taskMapper.selectById(Long.parseLong(rec.value()));
            paymentClient.charge(t.getUserId(), t.getAmount());
            taskMapper.updateStatus(t.getId(), "CHARGED");
        });
        return props;
    }

    @Bean
    public ContainerProperties refundContainer() {
        ContainerProperties props = new ContainerProperties("refunds");
        props.setMessageListener(this::onRefund);
        return props;
    }

    void onRefund(ConsumerRecord<String, String> rec) { // expect: IDEM007 "OrderConsumers.onRefund() runs refund() before updateStatus()"
        Task t = taskMapper.selectById(Long.parseLong(rec.value()));
        paymentClient.refund(t.getUserId(), t.getAmount());
        taskMapper.updateStatus(t.getId(), "REFUNDED");
    }

    @Bean
    public Consumer<Task> payouts() { // expect: IDEM007 "OrderConsumers.payouts() runs charge() before updateStatus()"
        return t -> {
            paymentClient.charge(t.getUserId(), t.getAmount());
            taskMapper.updateStatus(t.getId(), "PAID_OUT");
        };
    }

    @Bean
    public Function<Task, String> settlements() { // expect: IDEM007 "runs charge() before updateStatus()"
        return this::settle;
    }

    String settle(Task t) {
        paymentClient.charge(t.getUserId(), t.getAmount());
        taskMapper.updateStatus(t.getId(), "SETTLED");
        return "ok";
    }
}
