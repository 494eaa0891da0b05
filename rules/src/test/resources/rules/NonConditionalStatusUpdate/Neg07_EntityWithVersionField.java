// The entity carries a @Version field: save() adds "AND version = ?" and fails on a concurrent change: no finding.
package com.example.n003.neg07;

import jakarta.persistence.Version;
import org.springframework.data.jpa.repository.JpaRepository;
import org.springframework.scheduling.annotation.Scheduled;

public class SubscriptionExpiryJob {

    private SubscriptionRepository repo;

    @Scheduled(cron = "0 0 1 * * *")
    public void run() {
        for (Subscription s : repo.findExpiring()) {
            if ("ACTIVE".equals(s.getStatus())) {
                s.setStatus("EXPIRED");
                repo.save(s);
            }
        }
    }
}

interface SubscriptionRepository extends JpaRepository<Subscription, Long> {
    java.util.List<Subscription> findExpiring();
}

class Subscription {
    private Long id;
    private String status;
    @Version
    private Long version;

    public String getStatus() { return status; }
    public void setStatus(String s) { this.status = s; }
}
