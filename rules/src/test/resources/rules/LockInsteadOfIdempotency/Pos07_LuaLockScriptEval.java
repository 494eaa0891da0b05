package demo;

import java.util.Collections;
import redis.clients.jedis.JedisCluster;

public class RedisLock {
    private static final String LOCK_SCRIPT = "if redis.call('setnx', KEYS[1], ARGV[1]) == 1 then "
            + "return redis.call('pexpire', KEYS[1], ARGV[2]) else return 0 end";
    JedisCluster jedisCluster;

    public boolean lock(String key, String owner) {
        Object r = jedisCluster.eval(LOCK_SCRIPT, Collections.singletonList(key), java.util.List.of(owner, "30000")); // expect: IDEM009 "NOSCRIPT"
        return Long.valueOf(1L).equals(r);
    }
}
