// The boolean method stores a settings object that carries no status: a cache refresh, not a status transition.
package com.example.p003.neg41;

import org.springframework.data.redis.core.RedisTemplate;

public class SettingsCache {

    private RedisTemplate<String, Object> redisTemplate;

    public boolean refresh(Settings settings) {
        redisTemplate.opsForValue().set("settings:" + settings.getTenant(), settings);
        return true;
    }
}

class SettingsJob {

    private SettingsCache cache;

    void run(Settings s) {
        if (cache.refresh(s)) {
            System.out.println("refreshed");
        }
    }
}

class Settings {
    private String tenant;
    private int pageSize;

    String getTenant() { return tenant; }
    int getPageSize() { return pageSize; }
}
