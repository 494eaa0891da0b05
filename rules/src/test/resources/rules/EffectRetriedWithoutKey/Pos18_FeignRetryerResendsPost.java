// A Feign client built with its own retryer (Retryer.Default, 5 attempts) posts a credit for each record; when the POST times out after the partner booked it, the retryer sends it again with no key, before the job records the row.
package com.example.e010.pos18;

import feign.Feign;
import feign.Param;
import feign.RequestLine;
import feign.Retryer;
import java.util.List;

public class CreditJob {
    private final PartnerApi partner;
    private final CreditRepository repo;

    public CreditJob(CreditRepository repo, String url) {
        this.repo = repo;
        this.partner = Feign.builder()
                .retryer(new Retryer.Default(100, 1000, 5))
                .target(PartnerApi.class, url);
    }

    public void run() {
        List<Credit> due = repo.findDue();
        for (Credit c : due) {
            partner.credit(c.user(), c.amount()); // expect: IDEM010 "retryer"
            repo.markSent(c.id());
        }
    }
}

interface PartnerApi {
    @RequestLine("POST /credits/{user}")
    void credit(@Param("user") String user, long amount);
}

interface CreditRepository {
    List<Credit> findDue();

    void markSent(long id);
}

record Credit(long id, String user, long amount) {
}
