// Inside a @Transactional method the order is loaded through a Spring Data repository, its status checked, and only
// set: JPA's dirty checking writes UPDATE orders SET status = ? WHERE id = ? at commit, with no predicate on the
// status (the entity has no @Version). The setter is the blind write, reported at the setter as an entity save is at
// its save call.
package com.example.n003.pos34;

import javax.persistence.Entity;
import javax.persistence.Id;
import org.springframework.data.jpa.repository.JpaRepository;
import org.springframework.stereotype.Service;
import org.springframework.transaction.annotation.Transactional;

@Service
public class PaymentService {

    private final OrderRepository repo;

    public PaymentService(OrderRepository repo) {
        this.repo = repo;
    }

    @Transactional
    public void pay(long id) {
        Order o = repo.findById(id).orElseThrow();
        if (o.getStatus() == OrderStatus.PENDING) {
            o.setStatus(OrderStatus.PAID); // expect: IDEM003 "blind status transition"
        }
    }

    @Transactional
    public void ship(long id) {
        Order o = repo.findById(id).orElseThrow();
        if (o.getStatus() != OrderStatus.PAID) {
            return;
        }
        o.setStatus(OrderStatus.SHIPPED); // expect: IDEM003 "The guard `o.getStatus() != OrderStatus.PAID`"
    }
}

interface OrderRepository extends JpaRepository<Order, Long> {
}

enum OrderStatus { PENDING, PAID, SHIPPED }

@Entity
class Order {
    @Id
    private Long id;
    private OrderStatus status;

    public OrderStatus getStatus() { return status; }
    public void setStatus(OrderStatus status) { this.status = status; }
}
