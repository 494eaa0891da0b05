// Seen in an open-source shop's admin service: orders are closed in bulk with an example that filters on the
// soft-delete flag (delete_status = 0) and the ids; the count is returned, then history rows are written. The flag
// predicate does not fence the status being set, so this is not a claim (and as an admin action not a job transition
// either): no finding.
package com.example.n005.neg16;

import java.util.ArrayList;
import java.util.List;

public class OrderAdminService {

    private OrderMapper orderMapper;
    private OperateHistoryDao historyDao;

    public int close(List<Long> ids, String note) {
        Order record = new Order();
        record.setStatus(4);
        OrderExample example = new OrderExample();
        example.createCriteria().andDeleteStatusEqualTo(0).andIdIn(ids);
        int count = orderMapper.updateByExampleSelective(record, example);
        List<OperateHistory> history = new ArrayList<>();
        historyDao.insertList(history);
        return count;
    }
}

interface OrderMapper {
    int updateByExampleSelective(Order record, OrderExample example);
}

interface OperateHistoryDao {
    int insertList(List<OperateHistory> list);
}

class OperateHistory {
}

class OrderExample {
    Criteria createCriteria() { return new Criteria(); }

    static class Criteria {
        Criteria andDeleteStatusEqualTo(Integer v) { return this; }
        Criteria andIdIn(List<Long> ids) { return this; }
    }
}

class Order {
    private Integer status;

    public void setStatus(Integer s) { this.status = s; }
}
