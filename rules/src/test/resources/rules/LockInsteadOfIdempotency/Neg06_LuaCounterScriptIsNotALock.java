package demo;

import java.util.Collections;
import redis.clients.jedis.Jedis;

public class RateLimiter {
    private static final String INCR_SCRIPT = "local c = redis.call('incr', KEYS[1]) return c";
    Jedis jedis;

    public long hit(String key) {
        return (Long) jedis.eval(INCR_SCRIPT, Collections.singletonList(key), Collections.emptyList());
    }
}
