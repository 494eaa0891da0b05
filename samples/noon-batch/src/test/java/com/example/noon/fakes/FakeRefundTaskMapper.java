package com.example.noon.fakes;

import com.example.noon.domain.RefundTask;
import com.example.noon.mapper.RefundTaskMapper;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** In-memory refund_task table with the conditional updates of RefundTaskMapper. */
public class FakeRefundTaskMapper implements RefundTaskMapper {

    private final Map<Long, RefundTask> rows = new LinkedHashMap<>();

    public void add(RefundTask t) {
        rows.put(t.getId(), t);
    }

    public String statusOf(long id) {
        return rows.get(id).getStatus();
    }

    /** Simulates another run claiming the row between our select and our claim. */
    public void claimElsewhere(long id) {
        rows.get(id).setStatus("RUNNING");
    }

    @Override
    public List<RefundTask> selectPending(int limit) {
        List<RefundTask> result = new ArrayList<>();
        for (RefundTask row : rows.values()) {
            if ("PENDING".equals(row.getStatus()) && result.size() < limit) {
                result.add(new RefundTask(row.getId(), row.getUserId(), row.getAmount(), row.getStatus()));
            }
        }
        return result;
    }

    @Override
    public int markRunning(long id) {
        return transition(id, "PENDING", "RUNNING");
    }

    @Override
    public int markDone(long id) {
        return transition(id, "RUNNING", "DONE");
    }

    @Override
    public int markFailed(long id) {
        return transition(id, "RUNNING", "FAILED");
    }

    private int transition(long id, String from, String to) {
        RefundTask row = rows.get(id);
        if (row == null || !from.equals(row.getStatus())) {
            return 0;
        }
        row.setStatus(to);
        return 1;
    }
}
