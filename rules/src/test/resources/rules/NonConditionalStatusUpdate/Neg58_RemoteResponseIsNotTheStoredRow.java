// The status tested is a remote system's answer, not the stored row that is then written: a @FeignClient query, a
// RestTemplate getForObject response and a remote-named interface with no implementation (PayGatewayClient.queryTrade),
// all with read-like names. The other system's trade status is a precondition, not a transition guard of the row.
package com.example.idem003.neg58;

import org.apache.ibatis.annotations.Mapper;
import org.apache.ibatis.annotations.Param;
import org.apache.ibatis.annotations.Update;
import org.springframework.cloud.openfeign.FeignClient;
import org.springframework.stereotype.Service;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.client.RestTemplate;

@Service
public class PayCallbackService {

    private final PayFeign feign;
    private final PayGatewayClient gateway;
    private final RestTemplate rest;
    private final OrderMapper orderMapper;

    public PayCallbackService(PayFeign feign, PayGatewayClient gateway, RestTemplate rest, OrderMapper orderMapper) {
        this.feign = feign;
        this.gateway = gateway;
        this.rest = rest;
        this.orderMapper = orderMapper;
    }

    public void confirmByFeign(Long orderId) {
        PayResult r = feign.queryTrade(orderId);
        if ("SUCCESS".equals(r.getStatus())) {
            orderMapper.updateStatus(orderId, 2);
        }
    }

    public void confirmByRest(Long orderId) {
        PayResult r = rest.getForObject("https://pay.example.com/trade?orderId=" + orderId, PayResult.class);
        if ("SUCCESS".equals(r.getStatus())) {
            orderMapper.updateStatus(orderId, 2);
        }
    }

    public void confirmByGateway(Long orderId) {
        PayResult r = gateway.queryTrade(orderId);
        if ("SUCCESS".equals(r.getStatus())) {
            orderMapper.updateStatus(orderId, 2);
        }
    }
}

@FeignClient(name = "pay-gateway")
interface PayFeign {
    @GetMapping("/trade/query")
    PayResult queryTrade(@RequestParam("orderId") Long orderId);
}

interface PayGatewayClient {
    PayResult queryTrade(Long orderId);
}

@Mapper
interface OrderMapper {
    @Update("UPDATE t_order SET status = #{status} WHERE id = #{id}")
    int updateStatus(@Param("id") Long id, @Param("status") int status);
}

class PayResult {
    private String status;

    public String getStatus() { return status; }
}
