// Database work only, on the children of one parent the caller names: the orders of one trade read through a query
// wrapper keyed on the parameter, the events of one subscription read through the DAO handle a transaction template
// gives its lambda, and a fixed number of slot rows created for one setting. Each transaction is one business unit,
// not a batch of independent work items.
package com.example.idem002.neg16;

import java.util.List;
import java.util.function.Function;
import org.springframework.transaction.annotation.Transactional;

public class TradeService {
    private static final int SLOTS = 30;
    private final OrderDao orders;
    private final SlotDao slots;
    private final TransactionalDao transactionalDao;
    private org.springframework.web.client.RestTemplate rest;

    public TradeService(OrderDao orders, SlotDao slots, TransactionalDao transactionalDao) {
        this.orders = orders;
        this.slots = slots;
        this.transactionalDao = transactionalDao;
    }

    @Transactional
    public void payTrade(String tradeSn) {
        OrderQuery q = new OrderQuery();
        q.eq("trade_sn", tradeSn);
        List<Order> list = orders.list(q);
        for (Order o : list) {
            orders.updatePaid(o.getSn());
        }
    }

    @Transactional
    public void createSlots(String settingId) {
        for (int i = 1; i <= SLOTS; i++) {
            slots.insertSlot(settingId, i);
            rest.postForObject("http://search/slots", settingId + ":" + i, String.class);
        }
    }

    public void changePlan(String subscriptionId, List<String> newEvents) {
        transactionalDao.execute(handle -> {
            EventDao events = handle.become(EventDao.class);
            List<String> active = events.getActive(subscriptionId);
            for (String e : active) {
                events.deactivate(e);
            }
            return null;
        });
    }
}

class OrderQuery {
    void eq(String column, Object value) { }
}

interface OrderDao {
    List<Order> list(OrderQuery q);
    int updatePaid(String sn);
}

interface SlotDao {
    int insertSlot(String settingId, int slot);
}

interface EventDao {
    List<String> getActive(String subscriptionId);
    int deactivate(String eventId);
}

interface Handle {
    <T> T become(Class<T> type);
}

class TransactionalDao {
    @Transactional
    public <T> T execute(Function<Handle, T> work) { return work.apply(null); }
}

class Order {
    private String sn;
    String getSn() { return sn; }
}
