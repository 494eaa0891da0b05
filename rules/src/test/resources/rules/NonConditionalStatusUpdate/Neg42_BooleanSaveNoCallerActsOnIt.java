// A boolean save whose result no caller branches on is not a claim: the caller does not act as if it won.
package com.example.p003.neg42;

import redis.clients.jedis.Jedis;

public class OrderCache {

    private Jedis jedis;

    public boolean put(Order order) {
        jedis.hset("orders", String.valueOf(order.getId()), order.json());
        return true;
    }
}

class OrderService {

    private OrderCache cache;

    void onPaid(Order order) {
        cache.put(order);
        order.ship();
    }
}

class Order {
    private long id;
    private String status;

    long getId() { return id; }
    String getStatus() { return status; }
    String json() { return "{}"; }
    void ship() { }
}
