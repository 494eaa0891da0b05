// The seed shape, but the method carries @SuppressWarnings("idemcheck:IDEM001") (the gateway dedupes on the order number): no finding.
package com.example.neg16;

import java.util.List;
import org.springframework.scheduling.annotation.Scheduled;

public class SuppressedJob {

    private final PayGateway gateway = new PayGateway();
    private TaskMapper taskMapper;

    @SuppressWarnings({"unchecked", "idemcheck:IDEM001"})
    @Scheduled(fixedDelay = 30000)
    public void run() {
        for (Task t : taskMapper.selectByStatus("PENDING")) {
            gateway.charge(t.getOrderNo());
            taskMapper.updateStatus(t.getId(), "DONE");
        }
    }
}

@SuppressWarnings("idemcheck")
class WholeClassSuppressed {
    private final PayGateway gateway = new PayGateway();
    private TaskMapper taskMapper;

    void run() {
        for (Task t : taskMapper.selectByStatus("PENDING")) {
            gateway.charge(t.getOrderNo());
            taskMapper.updateStatus(t.getId(), "DONE");
        }
    }
}

class PayGateway {
    void charge(String orderNo) {
    }
}

interface TaskMapper {
    List<Task> selectByStatus(String status);

    int updateStatus(long id, String status);
}

class Task {
    long id;
    String orderNo;

    long getId() {
        return id;
    }

    String getOrderNo() {
        return orderNo;
    }
}
