// The job looks its clients up by class literal (context.getBean(PayoutClient.class)) instead of injecting them: the
// call on the bean is followed into PayoutClient like an injected one, so the payout it posts before the row is marked
// PAID is seen. Finding on the call.
package com.example.pos106;

import java.util.List;
import org.springframework.context.ApplicationContext;
import org.springframework.scheduling.annotation.Scheduled;
import org.springframework.web.client.RestTemplate;

public class PayoutJob {
    private final ApplicationContext context;
    private final PayoutMapper mapper;

    public PayoutJob(ApplicationContext context, PayoutMapper mapper) {
        this.context = context;
        this.mapper = mapper;
    }

    @Scheduled(fixedDelay = 60_000)
    public void run() {
        List<Payout> due = mapper.selectByStatus("PENDING");
        for (Payout p : due) {
            context.getBean(PayoutClient.class).send(p.account(), p.amount()); // expect: IDEM001
            mapper.updateStatus(p.id(), "PAID");
        }
    }
}

class PayoutClient {
    private final RestTemplate rest = new RestTemplate();

    void send(String account, long amount) {
        rest.postForObject("https://bank.example.com/payouts", new PayoutBody(account, amount), String.class);
    }
}

record PayoutBody(String account, long amount) {
}

record Payout(long id, String account, long amount) {
}

interface PayoutMapper {
    List<Payout> selectByStatus(String status);

    int updateStatus(long id, String status);
}
