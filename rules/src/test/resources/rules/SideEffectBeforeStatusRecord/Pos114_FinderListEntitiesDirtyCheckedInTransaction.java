// Entities loaded through a Spring Data finder that returns a List (findByStatus, findAllBy..) are managed too: in a @Transactional job the status set on each one is written when the transaction commits, after the payout POST, so a crash re-runs the payout: finding on each POST (the loop variable and a list local).
package com.example.pos114;

import java.util.List;
import org.springframework.data.jpa.repository.JpaRepository;
import org.springframework.scheduling.annotation.Scheduled;
import org.springframework.transaction.annotation.Transactional;
import org.springframework.web.client.RestTemplate;

public class PayoutJob {

    private final PayoutRepository payouts;
    private final RestTemplate rest;

    public PayoutJob(PayoutRepository payouts, RestTemplate rest) {
        this.payouts = payouts;
        this.rest = rest;
    }

    @Scheduled(fixedDelay = 60_000)
    @Transactional
    public void run() {
        for (Payout p : payouts.findByStatus("PENDING")) {
            rest.postForObject("https://bank.example/payouts", p, String.class); // expect: IDEM001 "written only when the transaction commits"
            p.setStatus("SENT");
        }
    }

    @Scheduled(fixedDelay = 60_000)
    @Transactional
    public void retry() {
        List<Payout> failed = payouts.findAllByStatusOrderById("FAILED");
        for (Payout p : failed) {
            p.setStatus("SENT");
            rest.postForObject("https://bank.example/payouts", p, String.class); // expect: IDEM001 "written only when the transaction commits"
        }
    }
}

interface PayoutRepository extends JpaRepository<Payout, Long> {
    List<Payout> findByStatus(String status);

    List<Payout> findAllByStatusOrderById(String status);
}

class Payout {
    private Long id;
    private String status;

    public Long getId() { return id; }
    public void setStatus(String s) { this.status = s; }
}
