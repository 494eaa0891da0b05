// A status setter on a loaded entity after a status check is no blind write when: the entity has a JPA @Version
// (dirty checking writes WHERE id = ? AND version = ?, and a stale commit fails), or no transaction is open (the
// entity is detached once findById returns, and the setter writes nothing); no finding.
package com.example.n003.neg55;

import javax.persistence.Entity;
import javax.persistence.Id;
import javax.persistence.Version;
import org.springframework.data.jpa.repository.JpaRepository;
import org.springframework.stereotype.Service;
import org.springframework.transaction.annotation.Transactional;

@Service
public class PaymentService {

    private final OrderRepository repo;
    private final TicketRepository tickets;

    public PaymentService(OrderRepository repo, TicketRepository tickets) {
        this.repo = repo;
        this.tickets = tickets;
    }

    @Transactional
    public void pay(long id) {
        Order o = repo.findById(id).orElseThrow();
        if (o.getStatus() == OrderStatus.PENDING) {
            o.setStatus(OrderStatus.PAID);
        }
    }

    public void close(long id) {
        Ticket t = tickets.findById(id).orElseThrow();
        if ("OPEN".equals(t.getStatus())) {
            t.setStatus("CLOSED");
        }
    }
}

interface OrderRepository extends JpaRepository<Order, Long> {
}

interface TicketRepository extends JpaRepository<Ticket, Long> {
}

enum OrderStatus { PENDING, PAID }

@Entity
class Order {
    @Id
    private Long id;
    @Version
    private long version;
    private OrderStatus status;

    public OrderStatus getStatus() { return status; }
    public void setStatus(OrderStatus status) { this.status = status; }
}

@Entity
class Ticket {
    @Id
    private Long id;
    private String status;

    public String getStatus() { return status; }
    public void setStatus(String status) { this.status = status; }
}
