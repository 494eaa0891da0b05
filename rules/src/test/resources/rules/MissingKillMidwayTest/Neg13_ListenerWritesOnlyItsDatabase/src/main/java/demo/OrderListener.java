package demo;

import org.springframework.kafka.annotation.KafkaListener;

public class OrderListener {
    OrderMapper orderMapper;

    @KafkaListener(topics = "orders")
    public void onOrder(OrderEvent event) {
        orderMapper.insertOrder(event.getOrderNo(), event.getAmount());
    }
}
