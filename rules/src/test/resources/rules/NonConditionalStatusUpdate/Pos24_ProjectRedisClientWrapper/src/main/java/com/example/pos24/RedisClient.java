package com.example.pos24;

/** The project's own Redis client: its implementations call Jedis or JedisCluster. */
public interface RedisClient {
    boolean hexists(String key, String field);

    Long hset(String key, String field, String value);
}
