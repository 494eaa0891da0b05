package demo;

import java.time.Duration;
import org.springframework.data.redis.core.StringRedisTemplate;

public class RebateJob {
    StringRedisTemplate redisTemplate;
    PaymentClient paymentClient;
    RebateMapper rebateMapper;

    public void run() {
        Boolean ok = redisTemplate.opsForValue().setIfAbsent("lock:rebate", "1", Duration.ofMinutes(10)); // expect: IDEM009
        if (!Boolean.TRUE.equals(ok)) {
            return;
        }
        try {
            for (Rebate r : rebateMapper.selectPending()) {
                paymentClient.transfer(r.getUserId(), r.getAmount());
                rebateMapper.markPaid(r.getId());
            }
        } finally {
            redisTemplate.delete("lock:rebate");
        }
    }
}
