package com.acme.robust.lombok;

import java.util.List;
import lombok.RequiredArgsConstructor;
import lombok.extern.slf4j.Slf4j;
import org.springframework.scheduling.annotation.Scheduled;
import org.springframework.stereotype.Component;
import org.springframework.web.client.RestTemplate;

/** Lombok everywhere: generated builders, accessors, constructor injection and a logger nobody declared. */
@Slf4j
@Component
@RequiredArgsConstructor
public class OrderJob {
    private final OrderMapper orderMapper;
    private final RestTemplate restTemplate;

    @Scheduled(fixedDelay = 1000)
    public void run() {
        List<OrderDO> rows = orderMapper.selectPending();
        for (OrderDO o : rows) {
            OrderDO.OrderDOBuilder b = OrderDO.builder().id(o.getId());
            PaidEvent.PaidEventBuilder<?, ?> e = PaidEvent.builder().id("x").amount(3L);
            PaidEvent.Line line = new PaidEvent.Line("sku", 1);
            ChainedSettings s = new ChainedSettings().setName(line.getSku()).setRetries(line.getQty());
            log.info("order {} {}", o.getOrderNo(), s.getName());
            restTemplate.postForObject("http://pay/charge", e.build(), String.class);
            orderMapper.updateStatus(b.status("DONE").build());
        }
    }
}
