package demo;

import java.util.function.Consumer;
import java.util.function.Supplier;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.kafka.listener.ContainerProperties;

@Configuration
public class OrderStreams {
    TaskMapper taskMapper;
    PaymentClient paymentClient;
    org.slf4j.Logger log;

    // a source the binder polls: it emits messages, it is not run for each message received
    @Bean
    public Supplier<Task> nextCharge() {
        return () -> {
            Task t = taskMapper.selectOnePending();
            paymentClient.charge(t.getUserId(), t.getAmount());
            taskMapper.updateStatus(t.getId(), "CHARGED");
            return t;
        };
    }

    // a consumer bean that only logs what it receives
    @Bean
    public Consumer<Task> audit() {
        return t -> log.info("task {} seen", t.getId());
    }

    // a consumer registered in code that only logs
    @Bean
    public ContainerProperties auditContainer() {
        ContainerProperties props = new ContainerProperties("audit");
        props.setMessageListener(this::logIt);
        return props;
    }

    void logIt(Object rec) {
        log.info("seen {}", rec);
    }

    // a plain helper that returns a Consumer but is no bean: a caller decides what it is for
    public Consumer<Task> charger() {
        return t -> {
            paymentClient.charge(t.getUserId(), t.getAmount());
            taskMapper.updateStatus(t.getId(), "CHARGED");
        };
    }
}
