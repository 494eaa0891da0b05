// Twin of Pos114: without a transaction the entities a finder returns are detached, so setting their status writes nothing (no record, no finding); with a transaction and an explicit save before the POST, the save is an ordinary record that precedes the effect: no finding either.
package com.example.neg108;

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
    public void run() {
        for (Payout p : payouts.findByStatus("PENDING")) {
            rest.postForObject("https://bank.example/payouts", p, String.class);
            p.setStatus("SENT");
        }
    }

    @Scheduled(fixedDelay = 60_000)
    @Transactional
    public void retry() {
        for (Payout p : payouts.findAllByStatusOrderById("FAILED")) {
            p.setStatus("SENDING");
            payouts.saveAndFlush(p);
            rest.postForObject("https://bank.example/payouts", p.getId(), String.class);
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
