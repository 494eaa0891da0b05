package demo;

import org.springframework.web.bind.annotation.PatchMapping;
import org.springframework.web.bind.annotation.RestController;

@RestController
public class SettlementJobsController {
    TaskMapper taskMapper;
    PaymentClient paymentClient;

    @PatchMapping("/jobs/settle-pending")
    public void settlePending() { // expect: IDEM007 "SettlementJobsController.settlePending() runs charge() before updateStatus()"
        for (Task t : taskMapper.selectPending()) {
            paymentClient.charge(t.getUserId(), t.getAmount());
            taskMapper.updateStatus(t.getId(), "DONE");
        }
    }
}
