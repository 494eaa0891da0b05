package com.example.noon.fakes;

import com.example.noon.domain.Order;
import com.example.noon.mapper.OrderMapper;
import java.util.ArrayList;
import java.util.List;

/** In-memory t_order table; like the real one it has no unique key on task_id. */
public class FakeOrderMapper implements OrderMapper {

    public final List<Order> orders = new ArrayList<>();

    @Override
    public int insertOrder(Order o) {
        o.setId((long) orders.size() + 1);
        o.setStatus("CREATED");
        orders.add(o);
        return 1;
    }
}
