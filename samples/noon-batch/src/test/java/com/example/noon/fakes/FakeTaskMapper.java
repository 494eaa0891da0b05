package com.example.noon.fakes;

import com.example.noon.domain.SettlementTask;
import com.example.noon.mapper.TaskMapper;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** In-memory settlement_task table with the same semantics as TaskMapper.xml. */
public class FakeTaskMapper implements TaskMapper {

    private final Map<Long, SettlementTask> rows = new LinkedHashMap<>();

    public void add(SettlementTask t) {
        rows.put(t.getId(), t);
    }

    public String statusOf(long id) {
        return rows.get(id).getStatus();
    }

    @Override
    public List<SettlementTask> selectByStatus(String status, int limit) {
        List<SettlementTask> result = new ArrayList<>();
        for (SettlementTask row : rows.values()) {
            if (row.getStatus().equals(status) && (limit <= 0 || result.size() < limit)) {
                result.add(copy(row));
            }
        }
        return result;
    }

    @Override
    public int updateStatus(long id, String status) {
        SettlementTask row = rows.get(id);
        if (row == null) {
            return 0;
        }
        row.setStatus(status);
        return 1;
    }

    @Override
    public int markRunning(long id) {
        SettlementTask row = rows.get(id);
        if (row == null || !"PENDING".equals(row.getStatus())) {
            return 0;
        }
        row.setStatus("RUNNING");
        return 1;
    }

    private static SettlementTask copy(SettlementTask t) {
        return new SettlementTask(t.getId(), t.getUserId(), t.getPhone(), t.getAmount(), t.getBizDate(), t.getStatus());
    }
}
