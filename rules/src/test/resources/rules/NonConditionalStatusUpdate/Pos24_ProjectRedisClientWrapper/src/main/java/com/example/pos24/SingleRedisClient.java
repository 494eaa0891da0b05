package com.example.pos24;

import redis.clients.jedis.Jedis;
import redis.clients.jedis.JedisPool;

public class SingleRedisClient implements RedisClient {

    private JedisPool pool;

    @Override
    public boolean hexists(String key, String field) {
        try (Jedis jedis = pool.getResource()) {
            return jedis.hexists(key, field);
        }
    }

    @Override
    public Long hset(String key, String field, String value) {
        try (Jedis jedis = pool.getResource()) {
            return jedis.hset(key, field, value);
        }
    }
}
