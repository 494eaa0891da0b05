package com.example.pos24;

import redis.clients.jedis.JedisCluster;

public class ClusterRedisClient implements RedisClient {

    private JedisCluster cluster;

    @Override
    public boolean hexists(String key, String field) {
        return cluster.hexists(key, field);
    }

    @Override
    public Long hset(String key, String field, String value) {
        return cluster.hset(key, field, value);
    }
}
