// No loop: the item is the method parameter; the order is paid, then marked PAID by a status UPDATE; a retry of process(o) pays again: finding on pay.
package com.example.pos13;

import java.math.BigDecimal;
import java.util.Map;
import org.apache.ibatis.annotations.Mapper;
import org.apache.ibatis.annotations.Param;
import org.apache.ibatis.annotations.Update;
import org.springframework.stereotype.Component;
import org.springframework.stereotype.Service;
import org.springframework.web.client.RestTemplate;

@Service
public class OrderPaymentService {

    private final PayClient payClient;
    private final OrderMapper orderMapper;

    public OrderPaymentService(PayClient payClient, OrderMapper orderMapper) {
        this.payClient = payClient;
        this.orderMapper = orderMapper;
    }

    public void process(Order o) {
        payClient.pay(o.getAmount()); // expect: IDEM001
        orderMapper.markPaid(o.getId());
    }
}

@Component
class PayClient {

    private final RestTemplate restTemplate;

    PayClient(RestTemplate restTemplate) {
        this.restTemplate = restTemplate;
    }

    void pay(BigDecimal amount) {
        restTemplate.postForObject("https://pay.example.com/v1/payments", Map.of("amount", amount), Void.class);
    }
}

@Mapper
interface OrderMapper {

    @Update("UPDATE t_order SET status = 'PAID' WHERE id = #{id}")
    int markPaid(@Param("id") long id);
}

class Order {
    private Long id;
    private BigDecimal amount;

    public Long getId() { return id; }
    public BigDecimal getAmount() { return amount; }
}
